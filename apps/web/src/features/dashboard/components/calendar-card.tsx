import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Calendar, Card, Tag, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { Link } from 'react-router';
import type { CalendarEvent } from '@lms/contract/dashboard.schema';
import { calendarEventKindLabels } from '@lms/contract/dashboard.rules';
import { labelOfMeetingStatus } from '@lms/contract/meeting.rules';
import { EmptyState } from '../../../components/empty-state.tsx';
import { dayKey, formatTime, timeZoneLabel } from '../../../lib/date.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { calendarEventsQuery } from '../api/get-calendar-events.ts';

const statusColors: Record<string, string> = {
  berlangsung: 'green',
  selesai: 'default',
  belum_dimulai: 'blue',
};

/** Today's date in the college zone, as a date-only value for the calendar. */
function todayInZone(timeZone: string): Dayjs {
  return dayjs(dayjs().tz(timeZone).format('YYYY-MM-DD'));
}

/** The range fetched for a month view: the month with a week before and two after (the spill-over days). */
function monthRange(month: Dayjs, timeZone: string): { start: string; end: string } {
  const first = dayjs.tz(month.format('YYYY-MM-01'), timeZone);
  return {
    start: first.subtract(7, 'day').toISOString(),
    end: first.add(1, 'month').add(14, 'day').toISOString(),
  };
}

/**
 * Kalender with month navigation; days with events carry a dot. Clicking a day lists its events under
 * Keterangan (the user's meetings now; exams, task deadlines and vidcons later), each opening its page.
 */
export function CalendarCard() {
  const timeZone = useTimeZone();
  const [selected, setSelected] = useState<Dayjs>(() => todayInZone(timeZone));
  const range = monthRange(selected, timeZone);
  const query = useQuery(calendarEventsQuery(range.start, range.end));

  const byDay = useMemo(() => {
    const map = new Map<string, CalendarEvent[]>();
    for (const event of query.data?.data ?? []) {
      const key = dayKey(event.waktu_mulai, timeZone);
      map.set(key, [...(map.get(key) ?? []), event]);
    }
    return map;
  }, [query.data, timeZone]);

  const selectedKey = selected.format('YYYY-MM-DD');
  const dayEvents = byDay.get(selectedKey) ?? [];

  return (
    <Card title="Kalender" className="dashboard-calendar" styles={{ body: { paddingTop: 8 } }}>
      <Calendar
        fullscreen={false}
        value={selected}
        onSelect={(date) => setSelected(date)}
        headerRender={({ value, onChange }) => (
          <div className="dashboard-calendar__header">
            <Button
              type="text"
              aria-label="Bulan sebelumnya"
              icon={<LeftOutlined />}
              onClick={() => onChange(value.subtract(1, 'month').startOf('month'))}
            />
            <Typography.Text strong aria-live="polite">
              {value.format('MMMM YYYY')}
            </Typography.Text>
            <Button
              type="text"
              aria-label="Bulan berikutnya"
              icon={<RightOutlined />}
              onClick={() => onChange(value.add(1, 'month').startOf('month'))}
            />
          </div>
        )}
        fullCellRender={(date, info) => {
          if (info.type !== 'date') return info.originNode;
          const key = date.format('YYYY-MM-DD');
          const count = byDay.get(key)?.length ?? 0;
          const isSelected = key === selectedKey;
          const isToday = key === todayInZone(timeZone).format('YYYY-MM-DD');
          const classes = ['dashboard-calendar__day'];
          if (isSelected) classes.push('is-selected');
          if (isToday) classes.push('is-today');
          return (
            <div
              className={classes.join(' ')}
              aria-label={`${date.format('D MMMM YYYY')}${count ? `, ${count} agenda` : ''}`}
              data-date={key}
            >
              <span>{date.date()}</span>
              <span className={count ? 'dashboard-calendar__dot' : 'dashboard-calendar__dot is-empty'} />
            </div>
          );
        }}
      />
      <div className="dashboard-calendar__legend">
        <Typography.Title level={5} style={{ margin: 0 }}>
          Keterangan
        </Typography.Title>
        <Typography.Text type="secondary">{selected.format('dddd, D MMMM YYYY')}</Typography.Text>
      </div>
      {query.isError ? (
        <Alert type="error" showIcon message="Agenda gagal dimuat" description={query.error.message} />
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
                    <Tag color={statusColors[event.pertemuan.status]}>
                      {labelOfMeetingStatus(event.pertemuan.status)}
                    </Tag>
                    {event.pertemuan.jenis === 'online' ? (
                      <Tag>Daring</Tag>
                    ) : event.pertemuan.ruangan ? (
                      <Tag>{event.pertemuan.ruangan}</Tag>
                    ) : null}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {query.data?.meta.terpotong ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Hanya sebagian agenda bulan ini yang ditampilkan.
        </Typography.Text>
      ) : null}
    </Card>
  );
}
