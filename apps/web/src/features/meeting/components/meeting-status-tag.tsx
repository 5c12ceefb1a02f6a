import { Tag } from 'antd';
import { labelOfMeetingStatus } from '@lms/contract/meeting.rules';

const colors: Record<string, string> = {
  belum_dimulai: 'gold',
  berlangsung: 'green',
  selesai: 'default',
};

/** Belum Dimulai, Sedang Berlangsung or Telah Berakhir (spec 2 §4); other values show '-'. */
export function MeetingStatusTag({ status }: { status: string }) {
  return (
    <Tag color={colors[status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {labelOfMeetingStatus(status)}
    </Tag>
  );
}
