import { PlainTag, type PlainTagColor } from './plain-tag.tsx';
import { labelOfMeetingStatus } from '@lms/contract/meeting.rules';

// The one place a meeting status gets its colour: meeting page, class meeting list, timetable and
// dashboard calendar agree.
const statusColors: Record<string, PlainTagColor> = {
  belum_dimulai: 'gold',
  berlangsung: 'green',
  selesai: 'default',
};

/** Belum Dimulai, Sedang Berlangsung or Telah Berakhir (spec 2 §4); other values show '-'. */
export function MeetingStatusTag({ status, className }: { status: string; className?: string }) {
  return (
    <PlainTag color={statusColors[status] ?? 'default'} className={className}>
      {labelOfMeetingStatus(status)}
    </PlainTag>
  );
}
