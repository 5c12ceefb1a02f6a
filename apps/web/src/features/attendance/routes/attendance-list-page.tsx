import { useCallback, useState } from 'react';
import { Button, Card, Space, Table, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import type { AttendanceListRow, RecalculationInput } from '@lms/contract/attendance.schema';
import { lectureModeLabels } from '@lms/contract/class.rules';
import { meetingStatusValues, type MeetingStatus } from '@lms/contract/meeting.rules';
import { emptyTableLocale, EmptyState } from '../../../components/empty-state.tsx';
import { MeetingStatusTag } from '../../../components/meeting-status-tag.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { normalizeApiError } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/date.ts';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { usePeriods } from '../../../lib/queries/list-periods.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import {
  exportAttendanceList,
  useAttendanceList,
  type AttendanceListParams,
} from '../api/list-attendance.ts';
import { AttendanceListFilters } from '../components/attendance-list-filters.tsx';
import { RecalculationProgress, useManualRecalculation } from '../components/manual-recalculation.tsx';
import { useToasts } from '../../../components/toasts.tsx';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function readParams(search: URLSearchParams, currentPeriod: number | undefined): AttendanceListParams {
  const number = (key: string) => {
    const value = Number(search.get(key));
    return Number.isFinite(value) && value > 0 ? value : undefined;
  };
  const text = (key: string) => search.get(key)?.slice(0, 100) || undefined;
  const date = (key: string) => {
    const value = search.get(key);
    return value && isoDate.test(value) ? value : undefined;
  };
  const status = search.get('status');
  return {
    page: number('page') ?? 1,
    per_page: number('per_page') ?? 10,
    periode: number('periode') ?? currentPeriod,
    search: text('search'),
    status: (meetingStatusValues as readonly string[]).includes(status ?? '')
      ? (status as MeetingStatus)
      : undefined,
    id_prodi: text('id_prodi'),
    id_kelas_kuliah: text('id_kelas_kuliah'),
    id_dosen: text('id_dosen'),
    tanggal_mulai: date('tanggal_mulai'),
    tanggal_selesai: date('tanggal_selesai'),
  };
}

function writeParams(params: AttendanceListParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search;
}

/** What "Update Kehadiran Manual" recalculates: the list's period, programme, class, lecturer and dates. */
function recalculationScopeOf(params: AttendanceListParams): RecalculationInput {
  return {
    periode: params.periode,
    id_prodi: params.id_prodi,
    id_kelas_kuliah: params.id_kelas_kuliah,
    id_dosen: params.id_dosen,
    tanggal_mulai: params.tanggal_mulai,
    tanggal_selesai: params.tanggal_selesai,
  };
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
  const user = useCurrentUser();
  const timeZone = useTimeZone();
  const isPhone = useIsPhone();
  const { notification } = useToasts();
  const [exporting, setExporting] = useState(false);
  // The recalculation this page started; else, for those who may start one, the one the list says is
  // running (another tab or operator). Lecturers only see the button wait (sedang_update).
  const [startedJob, setStartedJob] = useState<string | null>(null);
  const runningJob = startedJob ?? (canRecalculate ? list.data?.proses_update?.id : undefined) ?? null;
  const [endedJob, setEndedJob] = useState<string | null>(null);
  const followedJob = runningJob !== endedJob ? runningJob : null;
  const onJobEnded = useCallback(() => {
    setEndedJob(runningJob);
    setStartedJob(null);
  }, [runningJob]);
  const update = (next: Partial<AttendanceListParams>) =>
    setSearchParams(writeParams({ ...params, page: 1, ...next }));
  const link = (row: AttendanceListRow) =>
    `${basePath}/${encodeURIComponent(row.pertemuan.kelas_kuliah.id)}/${row.pertemuan.id}`;
  const fail = (error: unknown) => notification.error({ title: normalizeApiError(error).message });

  const rows = list.data?.data ?? [];
  const running = followedJob !== null || !!list.data?.sedang_update;
  const unscopedFilters = [params.status ? 'status' : null, params.search ? 'pencarian' : null].filter(
    (f): f is string => f !== null,
  );
  const manual = useManualRecalculation({
    filter: recalculationScopeOf(params),
    unscopedFilters,
    disabled: running,
    onStarted: setStartedJob,
  });
  const actions = (
    <Space wrap>
      {canRecalculate ? manual.button : null}
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
  const progress = (row: AttendanceListRow) =>
    row.dihitung_sistem ? `${(row.rata_rata_progress ?? 0).toFixed(1)}%` : '-';
  return (
    <Card title="Kehadiran Peserta" extra={isPhone ? undefined : actions}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {isPhone ? actions : null}
        <AttendanceListFilters
          params={params}
          periods={periods.data ?? []}
          showLecturer={user.role === 'operator'}
          isPhone={isPhone}
          onChange={update}
        />
        {followedJob ? <RecalculationProgress id={followedJob} onEnded={onJobEnded} /> : null}
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
                width: 140,
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
                render: (_v, row) => progress(row),
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
      {canRecalculate ? manual.dialog : null}
    </Card>
  );
}
