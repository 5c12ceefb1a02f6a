import type { CSSProperties } from 'react';
import { Tag } from 'antd';
import { labelOfMeetingStatus } from '@lms/contract/meeting.rules';

// The one place a meeting status gets its colour: meeting page, class meeting list, timetable and
// dashboard calendar agree.
const statusColors: Record<string, string> = {
  belum_dimulai: 'gold',
  berlangsung: 'green',
  selesai: 'default',
};

/** Belum Dimulai, Sedang Berlangsung or Telah Berakhir (spec 2 §4); other values show '-'. */
export function MeetingStatusTag({
  status,
  className,
  style,
}: {
  status: string;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <Tag color={statusColors[status] ?? 'default'} className={className} style={style}>
      {labelOfMeetingStatus(status)}
    </Tag>
  );
}
