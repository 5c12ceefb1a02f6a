import type { MeetingListItem } from '@lms/contract/meeting.schema';
import { EmptyState } from '../../../components/empty-state.tsx';
import { dayTitle, type TimetableRange } from './timetable-days.ts';
import { TimetableMeetingItem } from './timetable-meeting-item.tsx';

/** Phones: the days of the week or month that have meetings, one under another. */
export function TimetableDayList({
  range,
  byDay,
  today,
  timeZone,
  zoneLabel,
  asOperator,
}: {
  range: TimetableRange;
  byDay: Map<string, MeetingListItem[]>;
  today: string;
  timeZone: string;
  zoneLabel: string;
  asOperator: boolean;
}) {
  const days = range.days.filter((day) => range.inRange.has(day) && (byDay.get(day)?.length ?? 0) > 0);
  if (!days.length) return <EmptyState description="Tidak ada jadwal pertemuan pada rentang ini." />;
  return (
    <div className="timetable-day-list">
      {days.map((day) => (
        <section
          key={day}
          className={`timetable-day-list__day${day === today ? ' timetable-day-list__day--today' : ''}`}
          aria-label={dayTitle(day)}
        >
          <h3>
            {dayTitle(day)}
            {day === today ? ' (Hari ini)' : ''}
          </h3>
          <div className="timetable-day-list__items">
            {byDay.get(day)!.map((meeting) => (
              <TimetableMeetingItem
                key={meeting.id}
                meeting={meeting}
                timeZone={timeZone}
                zoneLabel={zoneLabel}
                asOperator={asOperator}
              />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
