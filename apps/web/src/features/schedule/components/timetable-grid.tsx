import dayjs from 'dayjs';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import { dayNames, type TimetableRange, type TimetableView } from './timetable-days.ts';
import { TimetableMeetingItem } from './timetable-meeting-item.tsx';

/** Meetings a month cell shows before '+N lainnya'. */
const monthCellLimit = 3;

/**
 * The week (one column per day, every meeting in full) or month (weeks as rows, up to three meetings a
 * day) grid, Minggu (Sunday) first. Desktop and tablet; phones get the day list.
 */
export function TimetableGrid({
  view,
  range,
  byDay,
  today,
  timeZone,
  zoneLabel,
  asOperator,
  onShowDay,
}: {
  view: TimetableView;
  range: TimetableRange;
  byDay: Map<string, MeetingListItem[]>;
  today: string;
  timeZone: string;
  zoneLabel: string;
  asOperator: boolean;
  /** Opens the week of a day (the month cell's '+N lainnya'). */
  onShowDay: (day: string) => void;
}) {
  const week = view === 'minggu';
  const headers = range.days.slice(0, 7);
  // Rows of seven days: a grid's cells must sit in rows (they are `display: contents`, so the CSS grid
  // still lays the cells out).
  const weeks: string[][] = [];
  for (let i = 0; i < range.days.length; i += 7) weeks.push(range.days.slice(i, i + 7));
  const renderDay = (day: string) => {
    const meetings = byDay.get(day) ?? [];
    const shown = week ? meetings : meetings.slice(0, monthCellLimit);
    const classes = ['timetable-grid__cell'];
    if (!range.inRange.has(day)) classes.push('timetable-grid__cell--outside');
    if (day === today) classes.push('timetable-grid__cell--today');
    return (
      <div
        key={day}
        className={classes.join(' ')}
        role="gridcell"
        aria-label={dayjs(day).format('D MMMM YYYY')}
      >
        {week ? null : <span className="timetable-grid__date">{dayjs(day).format('D')}</span>}
        {shown.map((meeting) => (
          <TimetableMeetingItem
            key={meeting.id}
            meeting={meeting}
            timeZone={timeZone}
            zoneLabel={zoneLabel}
            asOperator={asOperator}
            compact={!week}
          />
        ))}
        {!week && meetings.length > shown.length ? (
          <button type="button" className="timetable-grid__more" onClick={() => onShowDay(day)}>
            +{meetings.length - shown.length} lainnya
          </button>
        ) : null}
        {week && meetings.length === 0 ? (
          <span className="timetable-grid__empty">Tidak ada jadwal</span>
        ) : null}
      </div>
    );
  };
  return (
    <div className={`timetable-grid${week ? '' : ' timetable-grid--month'}`} role="grid" aria-label="Jadwal">
      <div className="timetable-grid__row" role="row">
        {headers.map((day) => (
          <div key={`head-${day}`} className="timetable-grid__head" role="columnheader">
            {dayNames[dayjs(day).day()]}
            {week ? <small className="timetable-grid__head-date">{dayjs(day).format('D MMM')}</small> : null}
          </div>
        ))}
      </div>
      {weeks.map((days) => (
        <div key={days[0]} className="timetable-grid__row" role="row">
          {days.map(renderDay)}
        </div>
      ))}
    </div>
  );
}
