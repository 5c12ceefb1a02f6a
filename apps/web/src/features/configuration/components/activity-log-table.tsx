import { useMemo, useState } from 'react';
import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useSearchParams } from 'react-router';
import type { ActivityLogEntry } from '@lms/contract/activity-log.schema';
import { defaultPageSize, rowNumber } from '@lms/contract/pagination.rules';
import { roleLabels, type Role } from '@lms/contract/role.rules';
import { ActivityChanges } from '../../../components/activity-changes.tsx';
import { ActivityEntryDetail } from '../../../components/activity-entry-detail.tsx';
import { CardsOrTable } from '../../../components/cards-or-table.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { useCurrentSemester } from '../../../lib/queries/get-current-semester.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useExportActivityLogs } from '../api/export-activity-logs.ts';
import { useActivityLogs, type ActivityLogParams } from '../api/get-activity-logs.ts';
import { ActivityLogFilterPanel } from './activity-log-filters.tsx';
import {
  readActivityLogFilters,
  writeActivityLogFilters,
  type ActivityLogFilters as Filters,
} from './activity-log-search-params.ts';
import { useToasts } from '../../../components/toasts.tsx';

const emptyText = 'Tidak ada aktivitas yang sesuai dengan filter.';

/** An entry's card on phones: who, when, what and what changed. */
function ActivityLogCard({ entry, timeZone }: { entry: ActivityLogEntry; timeZone: string }) {
  return (
    <>
      <Space size={[4, 4]} wrap>
        <Typography.Text strong>{entry.jenis_label}</Typography.Text>
        {entry.operator ? <Tag color="orange">Operator: {entry.operator.nama}</Tag> : null}
      </Space>
      <div>
        {entry.pengguna.nama}{' '}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {entry.pengguna.username} · {roleLabels[entry.role as Role] ?? entry.role}
        </Typography.Text>
      </div>
      <ActivityEntryDetail entry={entry} timeZone={timeZone} />
    </>
  );
}

/**
 * Log Aktivitas of everyone (operators with read on laporan): filters applied into the query string
 * (Terapkan), Reset Filter back to the current period, the operator tag on entries made while acting,
 * and the Excel export of the same filters.
 */
export function ActivityLogTable() {
  const { message } = useToasts();
  const timeZone = useTimeZone();
  const [searchParams, setSearchParams] = useSearchParams();
  const currentPeriod = useCurrentSemester().data?.periode;
  const applied: Filters = useMemo(
    () => readActivityLogFilters(searchParams, currentPeriod),
    [searchParams, currentPeriod],
  );
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
  const isPhone = useIsPhone();
  const exporter = useExportActivityLogs();

  const writeQuery = (filters: Filters, nextPage = 1, nextPerPage = perPage) => {
    setSearchParams(
      (previous) =>
        writeActivityLogFilters(filters, {
          tab: previous.get('tab'),
          page: nextPage,
          perPage: nextPerPage,
          defaultPerPage: defaultPageSize,
        }),
      { replace: false },
    );
  };

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
    {
      title: 'Detail',
      key: 'detail',
      render: (_v, entry) => (
        <div>
          <div>{entry.detail}</div>
          <ActivityChanges context={entry.context} />
        </div>
      ),
    },
    {
      title: 'Alamat IP',
      dataIndex: 'ip_address',
      width: 130,
      render: (value: string | null) => value ?? '-',
    },
  ];

  return (
    <div>
      <ActivityLogFilterPanel
        draft={draft}
        onDraftChange={setDraft}
        currentPeriod={currentPeriod}
        timeZone={timeZone}
        onApply={() => writeQuery(draft)}
        onReset={() => {
          const reset: Filters = currentPeriod ? { periode: String(currentPeriod) } : {};
          setDraft(reset);
          writeQuery(reset);
        }}
        exporting={exporter.isPending}
        onExport={async () => {
          try {
            // The export takes what is applied (and listed), not an unapplied draft.
            const name = await exporter.mutateAsync(params);
            void message.success(`${name} diunduh.`);
          } catch (error) {
            void message.error((error as Error).message);
          }
        }}
      />
      <CardsOrTable<ActivityLogEntry>
        cards={isPhone}
        label="Log aktivitas"
        rows={logs.data?.data ?? []}
        rowKey="id"
        loading={logs.isFetching}
        emptyText={emptyText}
        columns={columns}
        renderCard={(entry) => <ActivityLogCard entry={entry} timeZone={timeZone} />}
        start={rowNumber(page, perPage, 0)}
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
