import { useState } from 'react';
import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Space, Spin, Table, Typography } from 'antd';
import type { LecturerAttendanceInfo, LecturerAttendanceRow } from '@lms/contract/lecturer-attendance.schema';
import { EmptyState } from '../../../components/empty-state.tsx';
import { InfoHint } from '../../../components/info-hint.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useLecturerAttendance } from '../api/list-lecturer-attendance.ts';
import { LecturerAttendanceModal } from './lecturer-attendance-modal.tsx';
import { LecturerAttendanceTag } from './lecturer-attendance-tag.tsx';

/** The tooltip's text: the college's lecturer attendance requirements for this kind of meeting. */
function RequirementsHint({ info }: { info: LecturerAttendanceInfo }) {
  const kind = info.jenis === 'online' ? 'online' : 'offline';
  return (
    <div data-testid="syarat-kehadiran-dosen">
      <div>Syarat kehadiran dosen (pertemuan {kind}):</div>
      {info.syarat.length === 0 ? (
        <div>Tidak ada syarat khusus; kehadiran diisi dosen atau operator.</div>
      ) : (
        <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
          {info.syarat.map((s) => (
            <li key={s.key}>{s.label}</li>
          ))}
        </ul>
      )}
      {info.validasi_aktif ? (
        <div style={{ marginTop: 4 }}>Kehadiran dosen divalidasi oleh operator.</div>
      ) : null}
      <div style={{ marginTop: 4 }}>Presensi dosen paling lambat pukul 23:59 pada hari pertemuan.</div>
    </div>
  );
}

/**
 * What the Aktivitas column counts (issue 45: 'Aktivitas 11' was unexplained): the meeting's lecture
 * activities, the same for every lecturer, which the requirement 'ada aktivitas kuliah' looks at.
 */
const activityCountHint =
  'Jumlah aktivitas kuliah di pertemuan ini: materi, tugas, kuis/ujian, forum dan vidcon (blok teks tidak ' +
  'dihitung). Sama untuk setiap pengajar; syarat "ada aktivitas kuliah" terpenuhi bila minimal 1.';

function ActivityCountTitle() {
  return (
    <Space size={4}>
      <span>Aktivitas Pertemuan</span>
      <InfoHint hint={activityCountHint} />
    </Space>
  );
}

function Lecturer({ row }: { row: LecturerAttendanceRow }) {
  return (
    <Space size={10} align="center">
      <UserAvatar src={row.pengajar.avatar_url} alt={row.pengajar.nama} size={36} />
      <span style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Typography.Text strong>{row.pengajar.nama_lengkap}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {row.pengajar.peran_label}
        </Typography.Text>
      </span>
    </Space>
  );
}

/**
 * The lecturers section of the meeting attendance page (spec 2 §2): each recorded lecturer with their tag,
 * start and end of the lecture, a tooltip listing the requirements, and "Ubah Kehadiran Pengajar" for
 * operators with write. A table on desktop, cards on phones. `meeting` is any meeting object with its
 * id (the meeting page's detail or the attendance page's `pertemuan`).
 */
export function LecturerAttendanceSection({ meeting }: { meeting: { id: string } }) {
  const isPhone = useIsPhone();
  const attendance = useLecturerAttendance(meeting.id);
  const [editing, setEditing] = useState(false);
  const zone = useTimeZone();
  const info = attendance.data?.info;
  const rows = attendance.data?.data ?? [];
  const time = (value: string | null) => (value ? formatDateTime(value, zone) : '-');

  const title = (
    <Space size={6}>
      <span>Kehadiran Pengajar</span>
      {info ? <InfoHint hint={<RequirementsHint info={info} />} label="Syarat kehadiran dosen" /> : null}
    </Space>
  );
  const extra = info?.akses.ubah ? (
    <Button icon={<EditOutlined />} onClick={() => setEditing(true)} disabled={rows.length === 0}>
      {isPhone ? 'Ubah' : 'Ubah Kehadiran Pengajar'}
    </Button>
  ) : null;

  let body;
  if (attendance.isPending) body = <Spin />;
  else if (attendance.isError) body = <Typography.Text type="danger">NO DATA</Typography.Text>;
  else if (rows.length === 0)
    body = <EmptyState description="Tidak ada pengajar yang tercatat pada pertemuan ini." />;
  else if (isPhone)
    body = (
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {rows.map((row) => (
          <Card size="small" key={row.pengajar.id_dosen} data-testid="kartu-kehadiran-dosen">
            <Space orientation="vertical" size={8} style={{ width: '100%' }}>
              <Lecturer row={row} />
              <LecturerAttendanceTag tag={row.tag} />
              <Typography.Text type="secondary">Mulai kuliah: {time(row.mulai_kuliah)}</Typography.Text>
              <Typography.Text type="secondary">Akhiri kuliah: {time(row.selesai_kuliah)}</Typography.Text>
              <Typography.Text type="secondary">
                Aktivitas pertemuan: {row.aktivitas} <InfoHint hint={activityCountHint} />
              </Typography.Text>
            </Space>
          </Card>
        ))}
      </Space>
    );
  else
    body = (
      <Table<LecturerAttendanceRow>
        rowKey={(row) => row.pengajar.id_dosen}
        dataSource={rows}
        pagination={false}
        size="middle"
        columns={[
          { title: 'No', width: 56, render: (_, __, i) => i + 1 },
          { title: 'Pengajar', render: (_, row) => <Lecturer row={row} /> },
          { title: 'Mulai Kuliah', render: (_, row) => time(row.mulai_kuliah) },
          { title: 'Akhiri Kuliah', render: (_, row) => time(row.selesai_kuliah) },
          {
            title: <ActivityCountTitle />,
            dataIndex: 'aktivitas',
            width: 150,
            align: 'center',
          },
          { title: 'Status', render: (_, row) => <LecturerAttendanceTag tag={row.tag} /> },
        ]}
      />
    );

  return (
    <Card title={title} extra={extra} data-testid="kehadiran-pengajar">
      {body}
      {info?.akses.ubah && editing ? (
        <LecturerAttendanceModal
          meetingId={meeting.id}
          timeZone={zone}
          rows={rows}
          info={info}
          open={editing}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </Card>
  );
}
