import { useCallback, useMemo } from 'react';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Segmented, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { canReadArea } from '@lms/contract/permission.rules';
import { dayKey, timeZoneLabel } from '../../../lib/date.ts';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { serverNow } from '../../../lib/server-clock.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useTimetable } from '../api/get-timetable.ts';
import { useTimetableFilters } from '../api/list-timetable-filters.ts';
import { TimetableDayList } from '../components/timetable-day-list.tsx';
import {
  meetingsByDay,
  rangeTitle,
  shiftAnchor,
  timetableRange,
  type TimetableView,
} from '../components/timetable-days.ts';
import { TimetableFilters, type TimetableFilterValues } from '../components/timetable-filters.tsx';
import { TimetableGrid } from '../components/timetable-grid.tsx';

/**
 * /jadwal: the signed-in user's meetings by week or month (a day list on phones); operators who may
 * read classes see every class's schedule with filters. State lives in the query string.
 */
export function TimetablePage() {
  const user = useCurrentUser();
  const asOperator = user.role === 'operator' && canReadArea(user.permissions, 'kelas_kuliah');
  const isPhone = useIsPhone();
  const zone = useTimeZone();
  const zoneLabel = timeZoneLabel(zone);
  const [search, setSearch] = useSearchParams();
  const today = dayKey(serverNow(), zone);

  const view: TimetableView = search.get('tampilan') === 'bulan' ? 'bulan' : 'minggu';
  const anchorParam = search.get('tanggal');
  const anchor = anchorParam && dayjs(anchorParam, 'YYYY-MM-DD').isValid() ? anchorParam : today;
  const range = useMemo(() => timetableRange(view, anchor, zone), [view, anchor, zone]);

  const filterOptions = useTimetableFilters(asOperator);
  const currentPeriod = filterOptions.data?.periods.find((p) => p.is_current)?.kode ?? null;
  const periodParam = search.get('periode');
  const filters: TimetableFilterValues = {
    periode: periodParam === 'semua' ? null : periodParam ? Number(periodParam) : currentPeriod,
    prodi: search.get('prodi'),
    makul: search.get('makul'),
    ruangan: search.get('ruangan'),
    dosen: search.get('dosen'),
  };

  const timetable = useTimetable({
    waktu_mulai: range.start,
    waktu_selesai: range.end,
    ...(asOperator
      ? {
          periode: filters.periode,
          id_prodi: filters.prodi,
          id_mata_kuliah: filters.makul,
          id_ruangan: filters.ruangan,
          id_dosen: filters.dosen,
        }
      : {}),
  });
  const timeZone = timetable.data?.meta.time_zone ?? zone;
  const byDay = useMemo(
    () => meetingsByDay(timetable.data?.data ?? [], timeZone),
    [timetable.data, timeZone],
  );

  const update = useCallback(
    (patch: Record<string, string | null>) => {
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setSearch],
  );

  const setFilters = (values: TimetableFilterValues) =>
    update({
      periode:
        values.periode === null ? 'semua' : values.periode === currentPeriod ? null : String(values.periode),
      prodi: values.prodi,
      makul: values.makul,
      ruangan: values.ruangan,
      dosen: values.dosen,
    });

  const total = timetable.data?.meta.total_items ?? 0;
  const shown = timetable.data?.data.length ?? 0;
  const inRangeCount = [...byDay.entries()].reduce(
    (sum, [day, list]) => (range.inRange.has(day) ? sum + list.length : sum),
    0,
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {asOperator ? (
        <Card size="small" title="Filter Jadwal">
          <TimetableFilters
            options={filterOptions.data}
            loading={filterOptions.isLoading}
            values={filters}
            onChange={setFilters}
            onReset={() => update({ periode: null, prodi: null, makul: null, ruangan: null, dosen: null })}
          />
        </Card>
      ) : null}
      <Card>
        <div
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 12,
            marginBottom: 16,
          }}
        >
          <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
            <Button
              icon={<LeftOutlined />}
              aria-label={view === 'minggu' ? 'Minggu sebelumnya' : 'Bulan sebelumnya'}
              onClick={() => update({ tanggal: shiftAnchor(view, anchor, -1) })}
            />
            <Button onClick={() => update({ tanggal: null })}>Hari Ini</Button>
            <Button
              icon={<RightOutlined />}
              aria-label={view === 'minggu' ? 'Minggu berikutnya' : 'Bulan berikutnya'}
              onClick={() => update({ tanggal: shiftAnchor(view, anchor, 1) })}
            />
            <Typography.Title level={4} style={{ margin: '0 0 0 4px' }} aria-live="polite">
              {rangeTitle(view, range, anchor)}
            </Typography.Title>
            {timetable.isFetching ? <Spin size="small" /> : null}
          </div>
          <Segmented<TimetableView>
            value={view}
            onChange={(value) => update({ tampilan: value === 'minggu' ? null : value })}
            options={[
              { value: 'minggu', label: 'Minggu' },
              { value: 'bulan', label: 'Bulan' },
            ]}
          />
        </div>
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {inRangeCount} pertemuan · Waktu dalam {zoneLabel}
          {asOperator ? ' · Semua kelas sesuai filter' : ''}
        </Typography.Paragraph>
        {timetable.error ? (
          <Alert type="error" showIcon title={timetable.error.message} style={{ marginBottom: 16 }} />
        ) : null}
        {total > shown ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={`Menampilkan ${shown} dari ${total} pertemuan. Persempit filter untuk melihat semuanya.`}
          />
        ) : null}
        {timetable.isPending ? (
          <div style={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
            <Spin size="large" />
          </div>
        ) : isPhone ? (
          <TimetableDayList
            range={range}
            byDay={byDay}
            today={today}
            timeZone={timeZone}
            zoneLabel={zoneLabel}
            asOperator={asOperator}
          />
        ) : (
          <TimetableGrid
            view={view}
            range={range}
            byDay={byDay}
            today={today}
            timeZone={timeZone}
            zoneLabel={timeZoneLabel(timeZone)}
            asOperator={asOperator}
            onShowDay={(day) => update({ tampilan: null, tanggal: day })}
          />
        )}
      </Card>
    </Space>
  );
}
