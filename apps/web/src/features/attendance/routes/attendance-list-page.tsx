import { useState } from 'react';
import { Button, Card, Select, Space, Table, Tooltip, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { attendanceMessages } from '@lms/contract/attendance.rules';
import type { AttendanceListRow } from '@lms/contract/attendance.schema';
import { lectureModeLabels } from '@lms/contract/class.rules';
import { meetingStatusLabels, meetingStatusValues, type MeetingStatus } from '@lms/contract/meeting.rules';
import { emptyTableLocale, EmptyState } from '../../../components/empty-state.tsx';
import { MeetingStatusTag } from '../../../components/meeting-status-tag.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { normalizeApiError } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/date.ts';
import { usePeriods } from '../../../lib/queries/list-periods.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import {
  exportAttendanceList,
  useAttendanceList,
  type AttendanceListParams,
} from '../api/list-attendance.ts';
import { useRequestRecalculation } from '../api/request-recalculation.ts';
import { useToasts } from '../../../components/toasts.tsx';

function readParams(search: URLSearchParams, currentPeriod: number | undefined): AttendanceListParams {
  const number = (key: string) => {
    const value = Number(search.get(key));
    return Number.isFinite(value) && value > 0 ? value : undefined;
  };
  const status = search.get('status');
  return {
    page: number('page') ?? 1,
    per_page: number('per_page') ?? 10,
    periode: number('periode') ?? currentPeriod,
    search: search.get('search') || undefined,
    status: (meetingStatusValues as readonly string[]).includes(status ?? '')
      ? (status as MeetingStatus)
      : undefined,
  };
}

function writeParams(params: AttendanceListParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search;
}

/**
 * /kehadiran-peserta (operators) and /kehadiran (lecturers): the meetings of the period with "X dari N"
 * and the average progress, filters in the address bar, Export Excel of every row, and for operators
 * with write "Update Kehadiran Manual" over the filter. A row opens its meeting's attendance page.
 */
export function AttendanceListPage({
  basePath,
  canRecalculate,
}: {
  basePath: string;
  canRecalculate: boolean;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const periods = usePeriods();
  const currentPeriod = periods.data?.find((p) => p.is_current)?.kode;
  const params = readParams(searchParams, currentPeriod);
  const list = useAttendanceList(params);
  const recalculate = useRequestRecalculation();
  const timeZone = useTimeZone();
  const isPhone = useIsPhone();
  const { message, notification } = useToasts();
  const [exporting, setExporting] = useState(false);
  const update = (next: Partial<AttendanceListParams>) =>
    setSearchParams(writeParams({ ...params, page: 1, ...next }));
  const link = (row: AttendanceListRow) =>
    `${basePath}/${encodeURIComponent(row.pertemuan.kelas_kuliah.id)}/${row.pertemuan.id}`;
  const fail = (error: unknown) => notification.error({ title: normalizeApiError(error).message });

  const rows = list.data?.data ?? [];
  const running = recalculate.isPending || !!list.data?.sedang_update;
  const actions = (
    <Space wrap>
      {canRecalculate ? (
        <Tooltip title={running ? attendanceMessages.recalculationRunning : undefined}>
          <Button
            disabled={running}
            onClick={() =>
              recalculate.mutate(
                { filter: { periode: params.periode } },
                {
                  onSuccess: () => {
                    void message.success(attendanceMessages.recalculationRequested);
                    void list.refetch();
                  },
                  onError: fail,
                },
              )
            }
          >
            Update Kehadiran Manual
          </Button>
        </Tooltip>
      ) : null}
      <Button
        type="primary"
        loading={exporting}
        onClick={() => {
          setExporting(true);
          exportAttendanceList(params)
            .catch(fail)
            .finally(() => setExporting(false));
        }}
      >
        Export Excel
      </Button>
    </Space>
  );
  return (
    <Card title="Kehadiran Peserta" extra={isPhone ? undefined : actions}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {isPhone ? actions : null}
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, flexDirection: isPhone ? 'column' : 'row' }}>
          <Select
            aria-label="Periode"
            style={{ width: isPhone ? '100%' : 200 }}
            value={params.periode}
            placeholder="Periode"
            options={(periods.data ?? []).map((p) => ({ value: p.kode, label: `Periode ${p.label}` }))}
            onChange={(periode: number) => update({ periode })}
          />
          <Select
            aria-label="Status pertemuan"
            style={{ width: isPhone ? '100%' : 200 }}
            value={params.status ?? 'semua'}
            options={[
              { value: 'semua', label: 'Semua' },
              ...meetingStatusValues.map((s) => ({ value: s, label: meetingStatusLabels[s] })),
            ]}
            onChange={(value: string) =>
              update({ status: value === 'semua' ? undefined : (value as MeetingStatus) })
            }
          />
          <SearchBox
            placeholder="Cari judul pertemuan atau mata kuliah"
            value={params.search ?? ''}
            onSearch={(value) => update({ search: value || undefined })}
            style={{ width: isPhone ? '100%' : 280 }}
          />
        </div>
        {isPhone ? (
          rows.length === 0 && !list.isPending ? (
            <EmptyState description="Tidak ada pertemuan pada filter ini." />
          ) : (
            rows.map((row) => (
              <Card key={row.pertemuan.id} size="small">
                <Space orientation="vertical" size={4}>
                  <Link to={link(row)}>
                    <Typography.Text strong>
                      {row.pertemuan.kelas_kuliah.mata_kuliah.nama} {row.pertemuan.kelas_kuliah.nama} ·
                      Pertemuan {row.pertemuan.nomor}
                    </Typography.Text>
                  </Link>
                  <Typography.Text type="secondary">
                    {formatDateTime(row.pertemuan.waktu_mulai, timeZone)}
                  </Typography.Text>
                  <Space wrap>
                    <MeetingStatusTag status={row.pertemuan.status} />
                    <span>
                      {row.jumlah_hadir} dari {row.jumlah_peserta} Peserta
                    </span>
                  </Space>
                </Space>
              </Card>
            ))
          )
        ) : (
          <Table<AttendanceListRow>
            rowKey={(row) => row.pertemuan.id}
            dataSource={rows}
            loading={list.isPending}
            locale={emptyTableLocale}
            pagination={false}
            scroll={{ x: 900 }}
            columns={[
              {
                key: 'no',
                title: 'No',
                width: 56,
                render: (_v, _r, i) => (params.page - 1) * params.per_page + i + 1,
              },
              {
                key: 'kelas',
                title: 'Kelas',
                render: (_v, row) => (
                  <Space orientation="vertical" size={0}>
                    <Typography.Text strong>{row.pertemuan.kelas_kuliah.mata_kuliah.nama}</Typography.Text>
                    <Typography.Text type="secondary">
                      {row.pertemuan.kelas_kuliah.mata_kuliah.kode} · Kelas {row.pertemuan.kelas_kuliah.nama}
                    </Typography.Text>
                  </Space>
                ),
              },
              {
                key: 'pertemuan',
                title: 'Pertemuan',
                width: 120,
                render: (_v, row) => (
                  <Space orientation="vertical" size={0}>
                    <Link to={link(row)}>{`Pertemuan ${row.pertemuan.nomor}`}</Link>
                    <Typography.Text type="secondary">
                      {lectureModeLabels[row.pertemuan.jenis]}
                    </Typography.Text>
                  </Space>
                ),
              },
              {
                key: 'waktu',
                title: 'Waktu',
                width: 150,
                render: (_v, row) => formatDateTime(row.pertemuan.waktu_mulai, timeZone),
              },
              {
                key: 'status',
                title: 'Status',
                width: 150,
                render: (_v, row) => <MeetingStatusTag status={row.pertemuan.status} />,
              },
              {
                key: 'hadir',
                title: 'Kehadiran',
                width: 120,
                render: (_v, row) => `${row.jumlah_hadir} dari ${row.jumlah_peserta} Peserta`,
              },
              {
                key: 'progress',
                title: 'Progress',
                width: 90,
                render: (_v, row) =>
                  row.rata_rata_progress === null ? '-' : `${row.rata_rata_progress.toFixed(1)}%`,
              },
            ]}
          />
        )}
        <Pagination
          page={params.page}
          pageSize={params.per_page}
          totalItems={list.data?.meta.total_items ?? 0}
          onChange={(page, perPage) => setSearchParams(writeParams({ ...params, page, per_page: perPage }))}
        />
      </Space>
    </Card>
  );
}
