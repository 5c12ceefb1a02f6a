import { useCallback, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Select, Skeleton, Typography } from 'antd';
import { DownloadOutlined, FilterOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { formatTeacherName } from '@lms/contract/class.rules';
import type { ClassListItem } from '@lms/contract/class.schema';
import { formatPeriodLabel } from '@lms/contract/period.rules';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useClasses, type ClassListParams } from '../api/list-classes.ts';
import { usePeriods } from '../../../lib/queries/list-periods.ts';
import { ClassHighlightCard } from '../../../components/class-highlight-card.tsx';
import { downloadClassBap } from '../api/download-class-bap.ts';
import { downloadPeriodBap } from '../api/download-period-bap.ts';
import { BapDownloadModal } from '../components/bap-download-modal.tsx';
import { OperatorClassCardFooter } from '../components/class-card-actions.tsx';
import { ClassFilterDrawer } from '../components/class-filter-drawer.tsx';
import { ClassMeetingPicker } from '../components/class-meeting-picker.tsx';
import {
  activeFilterCount,
  classPageSizes,
  readClassListParams,
  writeClassListParams,
  type ClassFilterValues,
} from '../components/class-list-search-params.ts';
import { ClassTable } from '../components/class-table.tsx';
import '../components/class.css';

/** Students and lecturers see every class of a period at once; the API caps a page at 100. */
const ownClassesPageSize = 100;

/**
 * /kelas: students and lecturers get their classes of the chosen period as cards; operators the class
 * table with search, side filter and paging (on phones cards with the row's data and actions). Filters
 * live in the address bar.
 */
export function ClassListPage() {
  const user = useCurrentUser();
  const isPhone = useIsPhone();
  const [searchParams, setSearchParams] = useSearchParams();
  const periods = usePeriods();
  const currentPeriod = periods.data?.find((p) => p.is_current)?.kode ?? periods.data?.[0]?.kode;
  const periodsSettled = !periods.isLoading;
  const params = readClassListParams(searchParams, currentPeriod);
  const isOperator = user.role === 'operator';
  const isLecturer = user.role === 'dosen';
  // The BAP modal: one class (Unduh BAP of a row) or every class of the filters (Unduh Semua BAP).
  const [bap, setBap] = useState<ClassListItem | 'semua' | null>(null);

  const update = useCallback(
    (next: ClassListParams) => setSearchParams(writeClassListParams(next), { replace: false }),
    [setSearchParams],
  );

  const query: ClassListParams = isOperator
    ? params
    : { page: 1, per_page: ownClassesPageSize, periode: params.periode };
  const classes = useClasses(query, periodsSettled);
  const items = classes.data?.data ?? [];

  const periodSelect = (
    <Select
      aria-label="Periode"
      style={{ width: isPhone ? '100%' : 220 }}
      loading={periods.isLoading}
      value={params.periode}
      placeholder="Pilih periode"
      options={(periods.data ?? []).map((p) => ({ value: p.kode, label: `Periode ${p.label}` }))}
      onChange={(periode: number) => update({ ...params, periode, page: 1 })}
    />
  );

  const error = classes.error ?? periods.error;
  const downloadAll =
    (isOperator || isLecturer) && params.periode !== undefined ? (
      <Button icon={<DownloadOutlined />} onClick={() => setBap('semua')}>
        Unduh Semua BAP
      </Button>
    ) : null;
  const { page: _page, per_page: _size, ...filters } = isOperator ? params : { ...query, search: undefined };

  const loadingFirst = !classes.data && (classes.isLoading || !periodsSettled);

  return (
    <div>
      <div className="class-toolbar">
        {isOperator ? (
          <OperatorToolbar
            params={params}
            currentPeriod={currentPeriod}
            periods={periods.data ?? []}
            onChange={update}
            extra={downloadAll}
          />
        ) : (
          <>
            <Typography.Text type="secondary">
              {classes.data ? `${classes.data.meta.total_items} kelas` : ' '}
            </Typography.Text>
            {periodSelect}
            {downloadAll}
          </>
        )}
      </div>
      {error ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error.message} /> : null}
      {loadingFirst ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : isOperator && !isPhone ? (
        <Card styles={{ body: { padding: 0 } }}>
          <ClassTable
            items={items}
            page={params.page}
            pageSize={params.per_page}
            loading={classes.isFetching}
            onDownloadBap={(item) => setBap(item)}
          />
          <div style={{ padding: 16 }}>
            <Pagination
              page={params.page}
              pageSize={params.per_page}
              totalItems={classes.data?.meta.total_items ?? 0}
              sizes={classPageSizes}
              onChange={(page, per_page) => update({ ...params, page, per_page })}
            />
          </div>
        </Card>
      ) : items.length === 0 ? (
        <Card>
          <EmptyState description="Tidak ada kelas yang tersedia pada periode ini." />
        </Card>
      ) : (
        <>
          <div className="class-grid" aria-busy={classes.isFetching}>
            {items.map((item) => (
              <ClassHighlightCard
                key={item.id}
                item={item}
                footer={
                  !isPhone ? undefined : isOperator ? (
                    <OperatorClassCardFooter item={item} onDownloadBap={setBap} />
                  ) : (
                    <ClassMeetingPicker classId={item.id} />
                  )
                }
              />
            ))}
          </div>
          {isOperator ? (
            <div style={{ marginTop: 16 }}>
              <Pagination
                page={params.page}
                pageSize={params.per_page}
                totalItems={classes.data?.meta.total_items ?? 0}
                sizes={classPageSizes}
                onChange={(page, per_page) => update({ ...params, page, per_page })}
              />
            </div>
          ) : null}
        </>
      )}
      {bap === 'semua' && params.periode !== undefined ? (
        <BapDownloadModal
          open
          title="Unduh Semua BAP"
          subtitle={`Periode ${formatPeriodLabel(params.periode)}: satu PDF per kelas${
            classes.data ? ` (${classes.data.meta.total_items} kelas)` : ''
          } sesuai filter, dalam satu berkas zip.`}
          isLecturer={isLecturer}
          download={(options) => downloadPeriodBap({ ...filters, periode: params.periode! }, options)}
          onClose={() => setBap(null)}
        />
      ) : bap && bap !== 'semua' ? (
        <BapDownloadModal
          open
          title="Unduh BAP"
          subtitle={`${bap.mata_kuliah.kode} ${bap.mata_kuliah.nama} · Kelas ${bap.kelas.nama} ${bap.kelas.jenis.nama}`}
          isLecturer={isLecturer}
          teachers={bap.pengajar.map((t) => ({ id: t.id_dosen, nama: formatTeacherName(t) }))}
          download={(options) => downloadClassBap(bap.id, options)}
          onClose={() => setBap(null)}
        />
      ) : null}
    </div>
  );
}

/** Search (500 ms debounce) and the Filter button with the number of active filters. */
function OperatorToolbar({
  params,
  currentPeriod,
  periods,
  onChange,
  extra,
}: {
  params: ClassListParams;
  currentPeriod: number | undefined;
  periods: NonNullable<ReturnType<typeof usePeriods>['data']>;
  onChange(next: ClassListParams): void;
  /** Unduh Semua BAP. */
  extra: ReactNode;
}) {
  const isPhone = useIsPhone();
  const [filterOpen, setFilterOpen] = useState(false);
  const filters: ClassFilterValues = {
    periode: params.periode,
    id_prodi_mata_kuliah: params.id_prodi_mata_kuliah,
    id_prodi_kelas: params.id_prodi_kelas,
    id_mata_kuliah: params.id_mata_kuliah,
    status: params.status,
  };
  const onSearch = useCallback(
    (search: string) => onChange({ ...params, search: search || undefined, page: 1 }),
    [onChange, params],
  );
  return (
    <>
      <SearchBox
        value={params.search ?? ''}
        onSearch={onSearch}
        placeholder="Cari judul pertemuan"
        label="Cari kelas"
        style={{ width: isPhone ? '100%' : 320 }}
      />
      <Badge count={activeFilterCount(params, currentPeriod)} size="small">
        <Button icon={<FilterOutlined />} onClick={() => setFilterOpen(true)}>
          Filter
        </Button>
      </Badge>
      {extra}
      <ClassFilterDrawer
        open={filterOpen}
        values={filters}
        periods={periods}
        currentPeriod={currentPeriod}
        onClose={() => setFilterOpen(false)}
        onApply={(values) => {
          setFilterOpen(false);
          onChange({
            ...params,
            periode: values.periode,
            id_prodi_mata_kuliah: values.id_prodi_mata_kuliah,
            id_prodi_kelas: values.id_prodi_kelas,
            id_mata_kuliah: values.id_mata_kuliah,
            status: values.status,
            page: 1,
          });
        }}
      />
    </>
  );
}
