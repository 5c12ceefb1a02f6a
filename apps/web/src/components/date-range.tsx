import { CalendarOutlined } from '@ant-design/icons';
import { formatDateTimeRange } from '../lib/date.ts';
import { useTimeZone } from '../lib/use-time-zone.ts';

/**
 * A time range shown in the college zone: '01 Sep 2026, 08:00 - 10:30 WIB', or with both dates when it
 * spans days. Display only.
 */
export function DateRange({
  start,
  end,
  timeZone,
  icon = false,
}: {
  start: string | Date | null | undefined;
  end: string | Date | null | undefined;
  /** The college zone by default. */
  timeZone?: string;
  icon?: boolean;
}) {
  const collegeZone = useTimeZone();
  const text = formatDateTimeRange(start, end, timeZone ?? collegeZone);
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      {icon ? <CalendarOutlined aria-hidden /> : null}
      <span>{text}</span>
    </span>
  );
}
