import { useDeferredValue, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { Link } from 'react-router';
import type { CalendarEvent } from '@lms/contract/dashboard.schema';
import { calendarEventKindLabels, calendarMaxDays } from '@lms/contract/dashboard.rules';
import { EmptyState } from '../../../components/empty-state.tsx';
import { MeetingStatusTag } from '../../../components/meeting-status-tag.tsx';
import { PlainAlert } from '../../../components/plain-alert.tsx';
import { PlainButton } from '../../../components/plain-button.tsx';
import { PlainTag, type PlainTagColor } from '../../../components/plain-tag.tsx';
import { dayKey, formatTime, inZone, timeZoneLabel, todayInZone } from '../../../lib/date.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { calendarMonthQuery } from '../api/get-calendar-events.ts';
import { CalendarMonth } from './calendar-month.tsx';
import { DashboardPanel } from './dashboard-panel.tsx';

/** The tag of each kind, in the colour of its item's edge (dashboard.css). */
const kindTagColors: Record<CalendarEvent['jenis'], PlainTagColor> = {
  pertemuan: 'blue',
  ujian: 'purple',
  tugas: 'cyan',
  vidcon: 'orange',
};

/**
 * The local days an event is on: each day from its start to its end, so an exam open for three days is
 * listed on each of them (an end at midnight does not reach into the next day; a task's deadline is one
 * instant). At most as many days as the calendar asks for at once.
 */
export function eventDayKeys(event: Pick<CalendarEvent, 'waktu_mulai' | 'waktu_selesai'>, timeZone: string) {
  const start = Date.parse(event.waktu_mulai);
  const end = Math.max(start, Date.parse(event.waktu_selesai) - 1);
  const last = dayKey(end, timeZone);
  const keys = [dayKey(start, timeZone)];
  for (let day = dayjs(keys[0]); keys.length < calendarMaxDays && keys.at(-1)! < last;) {
    day = day.add(1, 'day');
    keys.push(day.format('YYYY-MM-DD'));
  }
  return keys;
}

/**
 * The order of a day's events: by the time each starts on that day, or ends on it for a window opened
 * before; windows running through the whole day (a week-long quiz) come after what happens that day.
 */
export function sortDayEvents(events: CalendarEvent[], key: string, timeZone: string): CalendarEvent[] {
  const timeOnDay = (event: CalendarEvent) => {
    if (dayKey(event.waktu_mulai, timeZone) === key) return Date.parse(event.waktu_mulai);
    if (dayKey(Date.parse(event.waktu_selesai) - 1, timeZone) === key) return Date.parse(event.waktu_selesai);
    return Infinity;
  };
  return events
    .map((event) => ({ event, at: timeOnDay(event) }))
    .sort((a, b) => (a.at === b.at ? 0 : a.at < b.at ? -1 : 1))
    .map(({ event }) => event);
}

/**
 * When an event happens, in the college zone: a task's deadline ('Tenggat 23:59 WIB'), a range within a
 * day ('08:00 - 10:00 WIB'), or across days with their dates ('10 Feb 09:00 - 12 Feb 09:00 WIB').
 */
export function eventTimeText(event: CalendarEvent, timeZone: string): string {
  const label = timeZoneLabel(timeZone);
  if (event.jenis === 'tugas') return `Tenggat ${formatTime(event.waktu_selesai, timeZone)} ${label}`;
  const first = inZone(event.waktu_mulai, timeZone)!;
  const last = inZone(event.waktu_selesai, timeZone)!;
  const format = first.format('YYYY-MM-DD') === last.format('YYYY-MM-DD') ? 'HH:mm' : 'D MMM HH:mm';
  return `${first.format(format)} - ${last.format(format)} ${label}`;
}

/**
 * Kalender with month navigation; days with events carry a dot. Clicking a day lists its events under
 * Keterangan (meetings, exams over their window, task deadlines, vidcons) with their kind, time and
 * class, each opening its page.
 */
export function CalendarCard() {
  const timeZone = useTimeZone();
  const [selected, setSelected] = useState<Dayjs>(() => todayInZone(timeZone));
  const query = useQuery(calendarMonthQuery(selected, timeZone));
  // The month renders in a transition once its events arrive: no long task on a slow phone (docs/web.md).
  const events = useDeferredValue(query.data);

  const byDay = useMemo(() => {
    const map = new Map<string, CalendarEvent[]>();
    for (const event of events?.data ?? []) {
      for (const key of eventDayKeys(event, timeZone)) map.set(key, [...(map.get(key) ?? []), event]);
    }
    return map;
  }, [events, timeZone]);

  const selectedKey = selected.format('YYYY-MM-DD');
  const dayEvents = useMemo(
    () => sortDayEvents(byDay.get(selectedKey) ?? [], selectedKey, timeZone),
    [byDay, selectedKey, timeZone],
  );

  return (
    <DashboardPanel title="Kalender" className="dashboard-calendar">
      <div className="dashboard-calendar__header">
        <PlainButton
          variant="text"
          aria-label="Bulan sebelumnya"
          icon={<LeftOutlined />}
          onClick={() => setSelected(selected.subtract(1, 'month').startOf('month'))}
        />
        <strong aria-live="polite">{selected.format('MMMM YYYY')}</strong>
        <PlainButton
          variant="text"
          aria-label="Bulan berikutnya"
          icon={<RightOutlined />}
          onClick={() => setSelected(selected.add(1, 'month').startOf('month'))}
        />
      </div>
      <CalendarMonth
        selected={selected}
        today={todayInZone(timeZone)}
        eventCount={(key) => byDay.get(key)?.length ?? 0}
        onSelect={setSelected}
      />
      <div className="dashboard-calendar__legend">
        <h3 className="dashboard-calendar__legend-title">Keterangan</h3>
        <span className="dashboard-muted">{selected.format('dddd, D MMMM YYYY')}</span>
      </div>
      {query.isError ? (
        <PlainAlert type="error" title="Agenda gagal dimuat" description={query.error.message} />
      ) : dayEvents.length === 0 ? (
        query.isPending ? null : (
          <EmptyState description="Tidak ada agenda pada tanggal ini." />
        )
      ) : (
        <ul className="dashboard-events" aria-label="Agenda tanggal terpilih">
          {dayEvents.map((event) => (
            <li key={event.id}>
              <Link to={event.tautan} className={`dashboard-event dashboard-event--${event.jenis}`}>
                <span className="dashboard-event__time">{eventTimeText(event, timeZone)}</span>
                <span className="dashboard-event__title">{event.kelas.mata_kuliah.nama}</span>
                <span className="dashboard-event__meta">
                  Kelas {event.kelas.nama} · {event.judul}
                </span>
                <span className="dashboard-event__tags">
                  <PlainTag color={kindTagColors[event.jenis]}>
                    {calendarEventKindLabels[event.jenis]}
                  </PlainTag>
                  {event.pertemuan ? (
                    <>
                      <MeetingStatusTag status={event.pertemuan.status} />
                      {event.pertemuan.jenis === 'online' ? (
                        <PlainTag>Daring</PlainTag>
                      ) : event.pertemuan.ruangan ? (
                        <PlainTag>{event.pertemuan.ruangan}</PlainTag>
                      ) : null}
                    </>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {query.data?.meta.terpotong ? (
        <span className="dashboard-muted" style={{ fontSize: 12 }}>
          Hanya sebagian agenda bulan ini yang ditampilkan.
        </span>
      ) : null}
    </DashboardPanel>
  );
}
