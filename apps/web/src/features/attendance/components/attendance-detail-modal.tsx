import { Alert, Descriptions, List, Modal, Space, Spin, Tag, Typography } from 'antd';
import { activityKindLabels } from '@lms/contract/activity.rules';
import { progressPercent } from '@lms/contract/attendance.rules';
import { lectureModeLabels } from '@lms/contract/class.rules';
import { normalizeApiError } from '../../../lib/api-error.ts';
import { formatDateTime, formatDateTimeRange } from '../../../lib/date.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useStudentMeetingAttendance } from '../api/get-student-meeting-attendance.ts';
import { AttendanceMarkTag, AttendanceProgress } from './attendance-mark.tsx';
import {
  StudentAttendanceExportButton,
  useCanExportStudentAttendance,
} from './student-attendance-export-button.tsx';

/**
 * Detail data kehadiran (spec 2 §2): the meeting, the minimum progress and each activity with its weight,
 * done or not, when, the evidence of what the student did and, when not done on time, what is missing
 * (`belum_terpenuhi`); real data in place of the old sample.
 */
export function AttendanceDetailModal({
  classId,
  meetingId,
  nim,
  timeZone,
  onClose,
}: {
  classId: string;
  /** null: closed. */
  meetingId: string | null;
  /** null: the signed-in student's own. */
  nim: string | null;
  timeZone: string;
  onClose: () => void;
}) {
  const isPhone = useIsPhone();
  const canExport = useCanExportStudentAttendance();
  const detail = useStudentMeetingAttendance(classId, meetingId, nim);
  const data = detail.data;
  const counting = data?.aktivitas.filter((a) => a.weight > 0) ?? [];
  const done = counting.filter((a) => a.is_hadir).length;
  return (
    <Modal
      open={meetingId !== null}
      title="Detail data kehadiran"
      onCancel={onClose}
      footer={
        nim !== null && data && canExport ? (
          <StudentAttendanceExportButton nim={nim} periode={data.pertemuan.kelas_kuliah.periode} />
        ) : null
      }
      width={isPhone ? '90%' : 800}
      destroyOnHidden
    >
      {detail.isPending ? <Spin /> : null}
      {detail.isError ? (
        <Alert type="error" showIcon title={normalizeApiError(detail.error).message} />
      ) : null}
      {data ? (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions
            bordered
            size="small"
            column={isPhone ? 1 : 2}
            items={[
              { key: 'mhs', label: 'Mahasiswa', children: `${data.mahasiswa.nama} (${data.mahasiswa.nim})` },
              {
                key: 'mk',
                label: 'Mata Kuliah',
                children: `${data.pertemuan.kelas_kuliah.mata_kuliah.kode} ${data.pertemuan.kelas_kuliah.mata_kuliah.nama}`,
              },
              {
                key: 'kelas',
                label: 'Kelas',
                children: `${data.pertemuan.kelas_kuliah.nama} ${data.pertemuan.kelas_kuliah.jenis}`,
              },
              {
                key: 'pertemuan',
                label: 'Pertemuan',
                children: `${data.pertemuan.nomor} (${lectureModeLabels[data.pertemuan.jenis]})`,
              },
              {
                key: 'waktu',
                label: 'Waktu',
                children: formatDateTimeRange(
                  data.pertemuan.waktu_mulai,
                  data.pertemuan.waktu_selesai,
                  timeZone,
                ),
              },
              {
                key: 'min',
                label: 'Progress minimal',
                children: data.dihitung_sistem ? `${data.presentase_progress_minimal_persen}%` : '-',
              },
              { key: 'presensi', label: 'Kehadiran', children: <AttendanceMarkTag mark={data} /> },
              {
                key: 'progress',
                label: 'Progress',
                children: (
                  <AttendanceProgress mark={data} minPercent={data.presentase_progress_minimal_persen} />
                ),
              },
            ]}
          />
          {data.dihitung_sistem ? null : (
            <Alert type="info" showIcon title="Kehadiran pertemuan ini diisi manual oleh pengajar." />
          )}
          <List
            header={<Typography.Text strong>Aktivitas pertemuan</Typography.Text>}
            bordered
            dataSource={data.aktivitas}
            locale={{ emptyText: 'Belum ada aktivitas di pertemuan ini.' }}
            renderItem={(a) => (
              <List.Item>
                <Space orientation="vertical" size={2} style={{ width: '100%' }}>
                  <Space wrap size={6}>
                    <Tag>{activityKindLabels[a.jenis]}</Tag>
                    <Typography.Text strong>{a.judul}</Typography.Text>
                    {a.weight > 0 ? (
                      <Tag color="blue">Bobot {progressPercent(a.weight).toFixed(1)}%</Tag>
                    ) : (
                      <Tag>Tidak dihitung</Tag>
                    )}
                    {a.is_hadir ? (
                      <Tag color="green">Selesai</Tag>
                    ) : a.terlambat ? (
                      <Tag color="orange">Terlambat</Tag>
                    ) : (
                      <Tag color="red">Belum</Tag>
                    )}
                  </Space>
                  {a.belum_terpenuhi ? (
                    // What is missing, not a bare "Belum" (issue 45: it stood beside "dibuka 18:50").
                    <Typography.Text
                      type={a.terlambat ? undefined : 'danger'}
                      style={a.terlambat ? { color: '#ad4e00' } : undefined}
                      data-testid="belum-terpenuhi"
                    >
                      {a.belum_terpenuhi}
                    </Typography.Text>
                  ) : null}
                  <Typography.Text type="secondary">
                    {a.bukti.length ? a.bukti.join(' · ') : 'Belum ada aktivitas mahasiswa.'}
                    {a.waktu_selesai ? ` · selesai ${formatDateTime(a.waktu_selesai, timeZone)}` : ''}
                    {a.batas_waktu ? ` · batas ${formatDateTime(a.batas_waktu, timeZone)}` : ''}
                  </Typography.Text>
                </Space>
              </List.Item>
            )}
            footer={
              data.dihitung_sistem ? (
                <Typography.Text strong>
                  Total: {done} dari {counting.length} aktivitas (
                  {progressPercent(data.progress.overall).toFixed(1)}%)
                </Typography.Text>
              ) : null
            }
          />
        </Space>
      ) : null}
    </Modal>
  );
}
