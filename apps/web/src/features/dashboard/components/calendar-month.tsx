import type { KeyboardEvent } from 'react';
import type { Dayjs } from 'dayjs';

/** Weeks start on Minggu: spec 1 §9 names the days Minggu to Sabtu (dayjs: 0 = Sunday). */
export const weekStartsOn = 0;

/** The 42 days (six whole weeks, Minggu first) that show `month`, with the spill-over days around it. */
export function monthGridDays(month: Dayjs): Dayjs[] {
  const first = month.startOf('month');
  const start = first.subtract((first.day() - weekStartsOn + 7) % 7, 'day');
  return Array.from({ length: 42 }, (_, i) => start.add(i, 'day'));
}

const keySteps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * A month of days as a grid of buttons, Minggu to Sabtu; the selected day carries the focus and the
 * arrow keys move it. A dot marks days with events.
 *
 * Our own grid rather than antd's Calendar: the dashboard draws every cell and the header itself
 * already, and antd's Calendar brings the whole date picker panel plus a Select and a Radio group for
 * the header it replaces, about 45 KB gzip on the first screen (docs/performance.md).
 */
export function CalendarMonth({
  selected,
  today,
  eventCount,
  onSelect,
}: {
  /** The selected day; its month is shown. */
  selected: Dayjs;
  today: Dayjs;
  eventCount: (dayKey: string) => number;
  onSelect: (day: Dayjs) => void;
}) {
  const days = monthGridDays(selected);
  const selectedKey = selected.format('YYYY-MM-DD');
  const todayKey = today.format('YYYY-MM-DD');
  const weekdays = days.slice(0, 7);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const step = keySteps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const table = event.currentTarget;
    const next = selected.add(step, 'day');
    onSelect(next);
    // The button of the new day exists after the render this selection causes.
    requestAnimationFrame(() => {
      table.querySelector<HTMLButtonElement>(`[data-date="${next.format('YYYY-MM-DD')}"]`)?.focus();
    });
  };

  return (
    <table
      className="calendar-month"
      role="grid"
      aria-label={selected.format('MMMM YYYY')}
      onKeyDown={onKeyDown}
    >
      <thead>
        <tr>
          {weekdays.map((day) => (
            <th key={day.day()} scope="col" abbr={day.format('dddd')}>
              {day.format('ddd')}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {Array.from({ length: 6 }, (_, week) => (
          <tr key={week}>
            {days.slice(week * 7, week * 7 + 7).map((day) => {
              const key = day.format('YYYY-MM-DD');
              const count = eventCount(key);
              const classes = ['dashboard-calendar__day'];
              if (key === selectedKey) classes.push('is-selected');
              if (key === todayKey) classes.push('is-today');
              if (!day.isSame(selected, 'month')) classes.push('is-outside');
              return (
                <td key={key}>
                  <button
                    type="button"
                    className={classes.join(' ')}
                    data-date={key}
                    tabIndex={key === selectedKey ? 0 : -1}
                    aria-pressed={key === selectedKey}
                    aria-current={key === todayKey ? 'date' : undefined}
                    aria-label={`${day.format('D MMMM YYYY')}${count ? `, ${count} agenda` : ''}`}
                    onClick={() => onSelect(day)}
                  >
                    <span>{day.date()}</span>
                    <span
                      className={count ? 'dashboard-calendar__dot' : 'dashboard-calendar__dot is-empty'}
                    />
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
