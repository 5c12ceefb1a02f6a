import { useDeferredValue, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { Link } from 'react-router';
import type { CalendarEvent } from '@lms/contract/dashboard.schema';
import { calendarEventKindLabels } from '@lms/contract/dashboard.rules';
import { EmptyState } from '../../../components/empty-state.tsx';
import { MeetingStatusTag } from '../../../components/meeting-status-tag.tsx';
import { PlainAlert } from '../../../components/plain-alert.tsx';
import { PlainButton } from '../../../components/plain-button.tsx';
import { PlainTag } from '../../../components/plain-tag.tsx';
import { dayKey, formatTime, timeZoneLabel, todayInZone } from '../../../lib/date.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { calendarMonthQuery } from '../api/get-calendar-events.ts';
import { CalendarMonth } from './calendar-month.tsx';
import { DashboardPanel } from './dashboard-panel.tsx';

/**
 * Kalender with month navigation; days with events carry a dot. Clicking a day lists its events under
 * Keterangan (the user's meetings now; exams, task deadlines and vidcons later), each opening its page.
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
      const key = dayKey(event.waktu_mulai, timeZone);
      map.set(key, [...(map.get(key) ?? []), event]);
    }
    return map;
  }, [events, timeZone]);

  const selectedKey = selected.format('YYYY-MM-DD');
  const dayEvents = byDay.get(selectedKey) ?? [];

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
                <span className="dashboard-event__time">
                  {formatTime(event.waktu_mulai, timeZone)} - {formatTime(event.waktu_selesai, timeZone)}{' '}
                  {timeZoneLabel(timeZone)}
                </span>
                <span className="dashboard-event__title">{event.kelas.mata_kuliah.nama}</span>
                <span className="dashboard-event__meta">
                  {event.jenis === 'pertemuan' ? '' : `${calendarEventKindLabels[event.jenis]} · `}Kelas{' '}
                  {event.kelas.nama} · {event.judul}
                </span>
                {event.pertemuan ? (
                  <span className="dashboard-event__tags">
                    <MeetingStatusTag status={event.pertemuan.status} />
                    {event.pertemuan.jenis === 'online' ? (
                      <PlainTag>Daring</PlainTag>
                    ) : event.pertemuan.ruangan ? (
                      <PlainTag>{event.pertemuan.ruangan}</PlainTag>
                    ) : null}
                  </span>
                ) : null}
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
