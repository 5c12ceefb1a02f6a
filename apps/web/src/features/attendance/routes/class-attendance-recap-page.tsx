import { useState } from 'react';
import { Alert, Button, Card, Descriptions, List, Progress, Space, Tag, Typography } from 'antd';
import { useParams } from 'react-router';
import { lectureModeLabels } from '@lms/contract/class.rules';
import { formatPeriodLabel } from '@lms/contract/period.rules';
import { useCrumbLabel } from '../../../components/route-handle.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { normalizeApiError } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/date.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { exportClassAttendanceRecap, useClassAttendanceRecap } from '../api/get-class-attendance-recap.ts';
import { useAttendanceEvents } from '../api/use-attendance-events.ts';
import { AttendanceDetailModal } from '../components/attendance-detail-modal.tsx';
import { AttendanceMarkTag, RecapLegend } from '../components/attendance-mark.tsx';
import { AttendanceRecapTable } from '../components/attendance-recap-table.tsx';
import { useToasts } from '../../../components/toasts.tsx';

const examLabels = { uts: 'UTS', uas: 'UAS' } as const;

/**
 * /kehadiran/{id}: the class's attendance recap (spec 2 §2) for its lecturers and operators, with Export
 * Excel; for a student, their own meetings with the evidence behind each mark and whether they meet the
 * UTS/UAS attendance requirement, and how many more meetings they need, before the exam.
 */
export function ClassAttendanceRecapPage({ staff }: { staff: boolean }) {
  const { id = '' } = useParams();
  const timeZone = useTimeZone();
  const isPhone = useIsPhone();
  const { notification } = useToasts();
  const recap = useClassAttendanceRecap(id);
  const [cell, setCell] = useState<{ nim: string | null; meetingId: string } | null>(null);
  const [exporting, setExporting] = useState(false);
  const data = recap.data;
  useCrumbLabel(data ? `${data.kelas_kuliah.mata_kuliah.nama} ${data.kelas_kuliah.nama}` : undefined);
  useAttendanceEvents(staff && data ? data.kelas_kuliah.id : undefined);

  if (recap.isPending) return <PageLoader />;
  if (recap.isError || !data) {
    return (
      <Card>
        <Typography.Title level={4} style={{ textAlign: 'center' }}>
          NO DATA
        </Typography.Title>
        {recap.isError ? (
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
            {normalizeApiError(recap.error).message}
          </Typography.Paragraph>
        ) : null}
      </Card>
    );
  }
  const k = data.kelas_kuliah;
  const exportExcel = async () => {
    setExporting(true);
    try {
      await exportClassAttendanceRecap(id);
    } catch (error) {
      notification.error({ title: normalizeApiError(error).message });
    } finally {
      setExporting(false);
    }
  };
  const own = data.mahasiswa[0];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title="Rekap Kehadiran"
        extra={
          staff ? (
            <Button type="primary" onClick={() => void exportExcel()} loading={exporting}>
              Export Excel
            </Button>
          ) : null
        }
      >
        <Descriptions
          bordered
          size="small"
          column={isPhone ? 1 : 2}
          items={[
            { key: 'periode', label: 'Periode', children: formatPeriodLabel(k.periode) },
            { key: 'mk', label: 'Mata Kuliah', children: `${k.mata_kuliah.kode} - ${k.mata_kuliah.nama}` },
            { key: 'kelas', label: 'Kelas', children: `${k.nama} ${k.jenis}` },
            { key: 'mode', label: 'Mode Kuliah', children: lectureModeLabels[k.mode_kuliah] },
          ]}
        />
      </Card>
      {staff ? (
        <Card title="Kehadiran per Pertemuan">
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <AttendanceRecapTable recap={data} onCell={(nim, meetingId) => setCell({ nim, meetingId })} />
            <RecapLegend />
          </Space>
        </Card>
      ) : own ? (
        <>
          <Card title="Kehadiran Saya">
            <Space orientation="vertical" size={12} style={{ width: '100%' }}>
              <Space wrap size={24} align="center">
                <Progress
                  type="circle"
                  percent={own.persentase}
                  format={(p) => `${(p ?? 0).toFixed(1)}%`}
                  size={88}
                  aria-label={`Kehadiran ${own.persentase.toFixed(1)}%`}
                />
                <Typography.Text>
                  Hadir {own.jumlah_hadir} dari {own.jumlah_pertemuan_selesai} pertemuan yang sudah
                  berlangsung.
                </Typography.Text>
              </Space>
              {(data.syarat_ujian ?? []).map((s) => (
                <Alert
                  key={s.ujian}
                  type={s.memenuhi_syarat ? 'success' : s.pertemuan_dibutuhkan === null ? 'error' : 'warning'}
                  showIcon
                  title={
                    s.memenuhi_syarat
                      ? `Syarat kehadiran ${examLabels[s.ujian]} (${s.persen_minimal}%) terpenuhi.`
                      : s.pertemuan_dibutuhkan === null
                        ? `Syarat kehadiran ${examLabels[s.ujian]} (${s.persen_minimal}%) tidak dapat lagi terpenuhi. Hubungi dosen atau bagian akademik.`
                        : `Syarat kehadiran ${examLabels[s.ujian]} (${s.persen_minimal}%) belum terpenuhi: hadiri ${s.pertemuan_dibutuhkan} pertemuan lagi.`
                  }
                />
              ))}
            </Space>
          </Card>
          <Card title="Pertemuan">
            <List
              dataSource={data.pertemuan.map((m, i) => ({ meeting: m, mark: own.kehadiran[i]! }))}
              renderItem={({ meeting, mark }) => (
                <List.Item
                  actions={[
                    <Button
                      key="detail"
                      size="small"
                      onClick={() => setCell({ nim: null, meetingId: meeting.id })}
                    >
                      Detail
                    </Button>,
                  ]}
                >
                  <List.Item.Meta
                    title={`Pertemuan ${meeting.nomor} - ${meeting.judul}`}
                    description={
                      <Space wrap size={6}>
                        <Tag>{lectureModeLabels[meeting.jenis]}</Tag>
                        <span>{formatDateTime(meeting.waktu_mulai, timeZone)}</span>
                      </Space>
                    }
                  />
                  <AttendanceMarkTag mark={mark} />
                </List.Item>
              )}
            />
          </Card>
        </>
      ) : null}
      <AttendanceDetailModal
        classId={id}
        meetingId={cell?.meetingId ?? null}
        nim={cell?.nim ?? null}
        timeZone={timeZone}
        onClose={() => setCell(null)}
      />
    </Space>
  );
}
