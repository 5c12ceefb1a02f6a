import { useMemo, useState } from 'react';
import { Button, DatePicker, Form, Select, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ActivityLogEntry } from '@lms/contract/activity-log.schema';
import { ActivityEntryDetail } from '../../../components/activity-entry-detail.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { fromPickerValue, pickerFormat, toPickerValue } from '../../../lib/date.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useActivityKinds } from '../../../lib/queries/get-activity-kinds.ts';
import { useOwnActivityLogs, type OwnActivityFilter } from '../api/get-own-activity-logs.ts';

/** Riwayat Aktivitas shows 5 entries per page (spec 1 §2). */
export const historyPageSize = 5;

/** Today, start to end, in the college zone: the default range. */
export function todayFilter(timeZone: string, now = Date.now()): OwnActivityFilter {
  const today = dayjs(now).tz(timeZone);
  return {
    jenis: '',
    waktuMulai: today.startOf('day').toISOString(),
    waktuSelesai: today.endOf('day').toISOString(),
  };
}

type PickerRange = [dayjs.Dayjs | null, dayjs.Dayjs | null] | null;

/**
 * One entry on the timeline: kind, detail, what an operator's write changed, time and IP; the operator
 * tag when made while acting.
 */
function HistoryEntry({ entry, timeZone }: { entry: ActivityLogEntry; timeZone: string }) {
  return (
    <div>
      <Space size={[8, 4]} wrap>
        <Typography.Text strong>{entry.jenis_label}</Typography.Text>
        {entry.operator ? (
          <Tag color="orange" title={`Dilakukan oleh operator ${entry.operator.nama}`}>
            Operator: {entry.operator.nama}
          </Tag>
        ) : null}
      </Space>
      <ActivityEntryDetail entry={entry} timeZone={timeZone} />
    </div>
  );
}

/** Riwayat Aktivitas: Jenis Aktivitas (with Semua), time range (today by default), Reset Filter, Terapkan, timeline, pages of 5. */
export function ActivityHistory() {
  const timeZone = useTimeZone();
  const isPhone = useIsPhone();
  const initial = useMemo(() => todayFilter(timeZone), [timeZone]);
  const [applied, setApplied] = useState<OwnActivityFilter>(initial);
  const [jenis, setJenis] = useState('');
  const [range, setRange] = useState<PickerRange>([
    toPickerValue(initial.waktuMulai, timeZone),
    toPickerValue(initial.waktuSelesai, timeZone),
  ]);
  const [page, setPage] = useState(1);
  const kinds = useActivityKinds().data ?? [];
  const logs = useOwnActivityLogs(applied, page, historyPageSize);

  const apply = () => {
    setApplied({
      jenis,
      waktuMulai: range?.[0] ? fromPickerValue(range[0], timeZone) : null,
      waktuSelesai: range?.[1] ? fromPickerValue(range[1], timeZone) : null,
    });
    setPage(1);
  };
  const reset = () => {
    const today = todayFilter(timeZone);
    setJenis('');
    setRange([toPickerValue(today.waktuMulai, timeZone), toPickerValue(today.waktuSelesai, timeZone)]);
    setApplied(today);
    setPage(1);
  };

  const entries = logs.data?.data ?? [];
  return (
    <div>
      <Form layout="vertical" onFinish={apply} style={{ marginBottom: 16 }}>
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'flex-end' }}>
          <Form.Item label="Jenis Aktivitas" style={{ marginBottom: 0, minWidth: isPhone ? '100%' : 220 }}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              value={jenis}
              onChange={setJenis}
              aria-label="Jenis Aktivitas"
              options={[{ value: '', label: 'Semua' }, ...kinds]}
            />
          </Form.Item>
          {isPhone ? (
            // Two pickers on phones: one range picker is too narrow for two dates with times.
            <>
              <Form.Item label="Waktu Mulai" style={{ marginBottom: 0, flex: '1 1 100%' }}>
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format={pickerFormat}
                  value={range?.[0] ?? null}
                  onChange={(value) => setRange([value, range?.[1] ?? null])}
                  style={{ width: '100%' }}
                />
              </Form.Item>
              <Form.Item label="Waktu Selesai" style={{ marginBottom: 0, flex: '1 1 100%' }}>
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format={pickerFormat}
                  value={range?.[1] ?? null}
                  onChange={(value) => setRange([range?.[0] ?? null, value])}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </>
          ) : (
            <Form.Item label="Rentang Waktu" style={{ marginBottom: 0 }}>
              <DatePicker.RangePicker
                showTime={{ format: 'HH:mm' }}
                format={pickerFormat}
                value={range}
                onChange={(value) => setRange(value as PickerRange)}
                placeholder={['Waktu mulai', 'Waktu selesai']}
                allowClear
              />
            </Form.Item>
          )}
          <Space style={{ marginLeft: isPhone ? 0 : 'auto' }}>
            <Button onClick={reset}>Reset Filter</Button>
            <Button type="primary" htmlType="submit">
              Terapkan
            </Button>
          </Space>
        </div>
      </Form>
      {logs.isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : entries.length === 0 ? (
        <EmptyState description="Belum ada aktivitas pada rentang waktu ini." />
      ) : (
        <Timeline
          style={{ marginTop: 8 }}
          items={entries.map((entry) => ({
            key: entry.id,
            color: entry.operator ? 'orange' : 'blue',
            children: <HistoryEntry entry={entry} timeZone={timeZone} />,
          }))}
        />
      )}
      {logs.data && logs.data.meta.total_items > 0 ? (
        <div style={{ marginTop: 8 }}>
          <Pagination
            page={page}
            pageSize={historyPageSize}
            totalItems={logs.data.meta.total_items}
            onChange={(next) => setPage(next)}
            hideSizeChanger
            label="Halaman riwayat aktivitas"
          />
        </div>
      ) : null}
    </div>
  );
}
