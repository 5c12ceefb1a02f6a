import { useMemo, useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, DatePicker, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import type { ActivityLogEntry } from '@lms/contract/activity-log.schema';
import { defaultPageSize, rowNumber } from '@lms/contract/pagination.rules';
import { formatPeriodLabel } from '@lms/contract/period.rules';
import { roleLabels, type Role } from '@lms/contract/role.rules';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { formatDateTime, fromPickerValue, pickerFormat, toPickerValue } from '../../../lib/date.ts';
import { useActivityKinds } from '../../../lib/queries/get-activity-kinds.ts';
import { useCurrentSemester } from '../../../lib/queries/get-current-semester.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useExportActivityLogs } from '../api/export-activity-logs.ts';
import { useActivityLogs, type ActivityLogParams } from '../api/get-activity-logs.ts';

/** The filters shown, as they sit in the query string (spec 1 §7 names). */
const filterKeys = ['periode', 'jenis', 'role', 'search', 'waktu_mulai', 'waktu_selesai'] as const;
type FilterKey = (typeof filterKeys)[number];
type Filters = Partial<Record<FilterKey, string>>;

/** Period codes from the current one back `count` terms (Ganjil and Genap only). */
export function recentPeriods(current: number, count = 6): number[] {
  const codes: number[] = [];
  let year = Math.floor(current / 10);
  let term = current % 10 >= 3 ? (current % 10) - 2 : current % 10;
  for (let i = 0; i < count; i++) {
    codes.push(year * 10 + term);
    if (term === 2) term = 1;
    else {
      term = 2;
      year -= 1;
    }
  }
  return codes;
}

/**
 * Log Aktivitas of everyone (operators with read on laporan): filters applied into the query string
 * (Terapkan), Reset Filter back to the current period, the operator tag on entries made while acting,
 * and the Excel export of the same filters.
 */
export function ActivityLogTable() {
  const kinds = useActivityKinds().data ?? [];
  const { message } = App.useApp();
  const timeZone = useTimeZone();
  const isPhone = useIsPhone();
  const [searchParams, setSearchParams] = useSearchParams();
  const currentPeriod = useCurrentSemester().data?.periode;
  const applied: Filters = useMemo(() => {
    const values: Filters = {};
    for (const key of filterKeys) {
      const value = searchParams.get(key);
      if (value) values[key] = value;
    }
    // Nothing chosen yet: the current period (spec 1 §5: reset restores the current period).
    if (!searchParams.has('periode') && currentPeriod) values.periode = String(currentPeriod);
    return values;
  }, [searchParams, currentPeriod]);
  const page = Number(searchParams.get('page')) || 1;
  const perPage = Number(searchParams.get('per_page')) || defaultPageSize;
  const [draft, setDraft] = useState<Filters>(applied);
  // Back/forward and the current period arriving change what is applied; the inputs follow.
  const [shown, setShown] = useState(applied);
  if (shown !== applied) {
    setShown(applied);
    setDraft(applied);
  }
  const params: ActivityLogParams = { ...applied, page, per_page: perPage };
  const logs = useActivityLogs(params, currentPeriod !== undefined || searchParams.has('periode'));
  const exporter = useExportActivityLogs();

  const writeQuery = (filters: Filters, nextPage = 1, nextPerPage = perPage) => {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams();
        const tab = previous.get('tab');
        if (tab) next.set('tab', tab);
        for (const key of filterKeys) if (filters[key]) next.set(key, filters[key]!);
        // An explicit "all periods" stays all periods.
        if (!filters.periode) next.set('periode', '');
        if (nextPage > 1) next.set('page', String(nextPage));
        if (nextPerPage !== defaultPageSize) next.set('per_page', String(nextPerPage));
        return next;
      },
      { replace: false },
    );
  };

  const periodOptions = [
    { value: '', label: 'Semua Periode' },
    ...(currentPeriod ? recentPeriods(currentPeriod) : []).map((code) => ({
      value: String(code),
      label: formatPeriodLabel(code),
    })),
  ];
  const range: [dayjs.Dayjs | null, dayjs.Dayjs | null] = [
    draft.waktu_mulai ? toPickerValue(draft.waktu_mulai, timeZone) : null,
    draft.waktu_selesai ? toPickerValue(draft.waktu_selesai, timeZone) : null,
  ];

  const columns: ColumnsType<ActivityLogEntry> = [
    { title: 'No', key: 'no', width: 56, render: (_v, _r, index) => rowNumber(page, perPage, index) },
    {
      title: 'Waktu',
      dataIndex: 'waktu',
      width: 180,
      render: (value: string) => formatDateTime(value, timeZone),
    },
    {
      title: 'Pengguna',
      key: 'pengguna',
      render: (_v, entry) => (
        <div>
          <div>{entry.pengguna.nama}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {entry.pengguna.username} · {roleLabels[entry.role as Role] ?? entry.role}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: 'Jenis Aktivitas',
      key: 'jenis',
      render: (_v, entry) => (
        <Space size={[4, 4]} wrap>
          <span>{entry.jenis_label}</span>
          {entry.operator ? <Tag color="orange">Operator: {entry.operator.nama}</Tag> : null}
        </Space>
      ),
    },
    { title: 'Detail', dataIndex: 'detail' },
    {
      title: 'Alamat IP',
      dataIndex: 'ip_address',
      width: 130,
      render: (value: string | null) => value ?? '-',
    },
  ];

  return (
    <div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
        <Select
          aria-label="Periode"
          style={{ width: isPhone ? '100%' : 190 }}
          value={draft.periode ?? ''}
          onChange={(value) => setDraft({ ...draft, periode: value })}
          options={periodOptions}
        />
        <Select
          aria-label="Jenis Aktivitas"
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: isPhone ? '100%' : 210 }}
          value={draft.jenis ?? ''}
          onChange={(value) => setDraft({ ...draft, jenis: value })}
          options={[{ value: '', label: 'Semua Jenis Aktivitas' }, ...kinds]}
        />
        <Select
          aria-label="Peran"
          style={{ width: isPhone ? '100%' : 150 }}
          value={draft.role ?? ''}
          onChange={(value) => setDraft({ ...draft, role: value })}
          options={[
            { value: '', label: 'Semua Peran' },
            ...(['mahasiswa', 'dosen', 'operator'] as const).map((role) => ({
              value: role,
              label: roleLabels[role],
            })),
          ]}
        />
        <Input
          aria-label="Cari pengguna"
          placeholder="Cari nama atau username"
          allowClear
          style={{ width: isPhone ? '100%' : 220 }}
          value={draft.search ?? ''}
          onChange={(e) => setDraft({ ...draft, search: e.target.value })}
          onPressEnter={() => writeQuery(draft)}
        />
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format={pickerFormat}
          placeholder={['Waktu mulai', 'Waktu selesai']}
          style={{ width: isPhone ? '100%' : 360 }}
          value={range}
          onChange={(value) =>
            setDraft({
              ...draft,
              waktu_mulai: value?.[0] ? fromPickerValue(value[0], timeZone) : undefined,
              waktu_selesai: value?.[1] ? fromPickerValue(value[1], timeZone) : undefined,
            })
          }
        />
        <Space wrap>
          <Button
            onClick={() => {
              const reset: Filters = currentPeriod ? { periode: String(currentPeriod) } : {};
              setDraft(reset);
              writeQuery(reset);
            }}
          >
            Reset Filter
          </Button>
          <Button type="primary" onClick={() => writeQuery(draft)}>
            Terapkan
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={exporter.isPending}
            onClick={async () => {
              try {
                const name = await exporter.mutateAsync(params);
                void message.success(`${name} diunduh.`);
              } catch (error) {
                void message.error((error as Error).message);
              }
            }}
          >
            Ekspor Excel
          </Button>
        </Space>
      </div>
      <Table<ActivityLogEntry>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={logs.data?.data ?? []}
        loading={logs.isFetching}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: <EmptyState description="Tidak ada aktivitas yang sesuai dengan filter." /> }}
      />
      {logs.data && logs.data.meta.total_items > 0 ? (
        <Pagination
          page={page}
          pageSize={perPage}
          totalItems={logs.data.meta.total_items}
          onChange={(nextPage, nextSize) => writeQuery(applied, nextPage, nextSize)}
          label="Halaman log aktivitas"
        />
      ) : null}
    </div>
  );
}
