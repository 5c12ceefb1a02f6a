import { Form, Select, Typography } from 'antd';
import { formatDateTimeRange } from '../lib/date.ts';
import { useClassMeetings } from '../lib/queries/list-class-meetings.ts';
import type { ContentFormMeeting } from './meeting-content-list.tsx';

/** A meeting line: number, date, time range and zone (spec 2 §2). */
export function meetingLabel(
  meeting: { nomor: number; waktu_mulai: string; waktu_selesai: string },
  timeZone: string,
): string {
  return `Pertemuan ${meeting.nomor} · ${formatDateTimeRange(meeting.waktu_mulai, meeting.waktu_selesai, timeZone)}`;
}

/**
 * The meeting of a content form (materials, tasks, exams, forums, vidcons; spec 2 §6): lecturers add to the meeting
 * they are on and see it as a line; operators pick one of the class's meetings (form field `id_pertemuan`).
 */
export function MeetingField({
  meeting,
  requiredMessage,
}: {
  meeting: ContentFormMeeting;
  requiredMessage: string;
}) {
  const { kelasId, timeZone } = meeting;
  const meetings = useClassMeetings(kelasId, { page: 1, per_page: 100 });
  if (meeting.fixed) {
    return (
      <Form.Item label="Pertemuan">
        <Typography.Text>{meetingLabel(meeting, timeZone)}</Typography.Text>
      </Form.Item>
    );
  }
  return (
    <Form.Item name="id_pertemuan" label="Pertemuan" rules={[{ required: true, message: requiredMessage }]}>
      <Select
        allowClear
        placeholder="Pilih pertemuan"
        loading={meetings.isPending}
        options={(meetings.data?.data ?? []).map((m) => ({ value: m.id, label: meetingLabel(m, timeZone) }))}
      />
    </Form.Item>
  );
}
