import { Progress, Space, Tag, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, MinusOutlined } from '@ant-design/icons';
import {
  attendanceMarkLabels,
  progressPercent,
  progressTone,
  type ProgressTone,
} from '@lms/contract/attendance.rules';
import type { StudentAttendanceMark } from '@lms/contract/attendance.schema';

const markColors: Record<string, string> = { H: 'green', A: 'red', I: 'blue', S: 'gold' };

/**
 * A student's mark as a tag (Hadir, Alpa, Izin, Sakit), or "Belum Ada Presensi"; QR check-ins say so,
 * and where the system computes attendance a person's mark says "Manual".
 */
export function AttendanceMarkTag({
  mark,
  computed = true,
}: {
  mark: StudentAttendanceMark;
  computed?: boolean;
}) {
  if (!mark.presensi) return <Tag>Belum Ada Presensi</Tag>;
  return (
    <Space size={4} wrap>
      <Tag color={markColors[mark.presensi]}>{attendanceMarkLabels[mark.presensi]}</Tag>
      {mark.is_qr_code ? <Tag color="purple">QR</Tag> : mark.sistem || !computed ? null : <Tag>Manual</Tag>}
    </Space>
  );
}

const toneColors: Record<ProgressTone, string> = {
  danger: '#cf1322',
  success: '#389e0d',
  neutral: '#8c8c8c',
};

/** The progress bar of spec 2 §4: red below the minimum, green at it, grey for a person's mark. */
export function AttendanceProgress({
  mark,
  minPercent,
}: {
  mark: StudentAttendanceMark;
  minPercent: number;
}) {
  const tone = progressTone(
    { ...mark, progress: mark.progress.overall, presensi: mark.presensi },
    minPercent,
  );
  const percent = progressPercent(mark.progress.overall);
  return (
    <Progress
      percent={percent}
      size="small"
      // antd turns a full bar "success" and writes its text in #52c41a, too pale on white (axe contrast).
      status="normal"
      strokeColor={toneColors[tone]}
      format={() => `${percent.toFixed(1)}%`}
      aria-label={`Progress ${percent.toFixed(1)}%`}
      data-tone={tone}
      style={{ minWidth: 120, marginBottom: 0 }}
    />
  );
}

/** The legend of the progress colours. */
export function ProgressLegend({ minPercent }: { minPercent: number }) {
  const item = (color: string, text: string) => (
    <Space size={6}>
      <span
        aria-hidden
        style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 2, background: color }}
      />
      <Typography.Text>{text}</Typography.Text>
    </Space>
  );
  return (
    <Space wrap size={16} aria-label="Keterangan warna progress">
      {item(toneColors.success, `Progress ≥ ${minPercent}% (hadir)`)}
      {item(toneColors.danger, `Progress < ${minPercent}%`)}
      {item(toneColors.neutral, 'Diisi manual atau belum ada presensi')}
    </Space>
  );
}

/** A recap cell (spec 2 §4): minus without a record, check when present, cross when absent. */
export function RecapCellIcon({ mark, jenis }: { mark: StudentAttendanceMark; jenis: string }) {
  if (!mark.ada_presensi || !mark.presensi) {
    return <MinusOutlined aria-label="Belum ada presensi" style={{ color: '#8c8c8c' }} />;
  }
  const online = jenis !== 'offline';
  if (mark.is_hadir) {
    return <CheckOutlined aria-label="Hadir" style={{ color: online ? '#389e0d' : '#0958d9' }} />;
  }
  if (mark.presensi === 'I' || mark.presensi === 'S') {
    return (
      <Typography.Text strong style={{ color: '#874d00' }} aria-label={attendanceMarkLabels[mark.presensi]}>
        {mark.presensi}
      </Typography.Text>
    );
  }
  return <CloseOutlined aria-label="Tidak hadir" style={{ color: online ? '#cf1322' : '#595959' }} />;
}

/** The legend of the recap. */
export function RecapLegend() {
  return (
    <Space wrap size={16} aria-label="Keterangan rekap">
      <Space size={6}>
        <CheckOutlined style={{ color: '#389e0d' }} /> Hadir (online)
      </Space>
      <Space size={6}>
        <CheckOutlined style={{ color: '#0958d9' }} /> Hadir (offline)
      </Space>
      <Space size={6}>
        <CloseOutlined style={{ color: '#cf1322' }} /> Tidak hadir (online)
      </Space>
      <Space size={6}>
        <CloseOutlined style={{ color: '#595959' }} /> Tidak hadir (offline)
      </Space>
      <Space size={6}>
        <Typography.Text strong style={{ color: '#874d00' }}>
          I/S
        </Typography.Text>{' '}
        Izin / Sakit
      </Space>
      <Space size={6}>
        <MinusOutlined style={{ color: '#8c8c8c' }} /> Belum ada presensi
      </Space>
    </Space>
  );
}
