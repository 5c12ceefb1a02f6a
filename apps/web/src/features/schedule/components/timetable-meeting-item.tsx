import { EnvironmentOutlined, GlobalOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { Link } from 'react-router';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import { MeetingStatusTag } from '../../../components/meeting-status-tag.tsx';
import { formatTime } from '../../../lib/date.ts';
import './timetable.css';

/** Where a meeting opens: the class's meeting page, or /pertemuan/{id} for operators (spec 2 §2). */
export function meetingHref(meeting: MeetingListItem, asOperator: boolean): string {
  return asOperator
    ? `/pertemuan/${meeting.id}`
    : `/kelas/${encodeURIComponent(meeting.kelas_kuliah.id)}/${meeting.id}`;
}

/** One meeting in the timetable: time, course, class, meeting number, room, status. */
export function TimetableMeetingItem({
  meeting,
  timeZone,
  zoneLabel,
  asOperator,
  compact = false,
}: {
  meeting: MeetingListItem;
  timeZone: string;
  zoneLabel: string;
  asOperator: boolean;
  /** Month cells: time and course only. */
  compact?: boolean;
}) {
  const time = `${formatTime(meeting.waktu_mulai, timeZone)} - ${formatTime(meeting.waktu_selesai, timeZone)}`;
  const course = meeting.kelas_kuliah.mata_kuliah;
  const kelas = meeting.kelas_kuliah.kelas;
  const place = meeting.ruangan?.nama ?? (meeting.jenis === 'online' ? 'Online' : '-');
  const label = `${time} ${zoneLabel}, ${course.nama} ${kelas.nama}, Pertemuan ${meeting.nomor}, ${place}`;
  return (
    <Link
      to={meetingHref(meeting, asOperator)}
      className={`timetable-item timetable-item--${meeting.status}${compact ? ' timetable-item--compact' : ''}`}
      aria-label={label}
      title={label}
    >
      <span className="timetable-item__time">
        {compact ? formatTime(meeting.waktu_mulai, timeZone) : `${time} ${zoneLabel}`}
      </span>
      <span className="timetable-item__course">
        {compact ? course.kode : `${course.kode} ${course.nama}`}
      </span>
      {compact ? null : (
        <>
          <Typography.Text type="secondary" className="timetable-item__meta">
            Kelas {kelas.nama} {kelas.jenis.nama} · Pertemuan {meeting.nomor}
          </Typography.Text>
          <span className="timetable-item__meta">
            {meeting.ruangan ? <EnvironmentOutlined aria-hidden /> : <GlobalOutlined aria-hidden />} {place}
          </span>
          <MeetingStatusTag status={meeting.status} className="timetable-item__tag" />
        </>
      )}
    </Link>
  );
}
