import { Card, Select, Space, Table } from 'antd';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Link, useSearchParams } from 'react-router';
import { formatPeriodLabel } from '@lms/contract/period.rules';
import { SearchBox } from '../../../components/search-box.tsx';
import { usePeriods } from '../../../lib/queries/list-periods.ts';
import { useGradeClasses, type GradeClassListParams } from '../api/list-grade-classes.ts';

/** /nilai for lecturers (their classes) and operators (every class, with filters): open a class's recap. */
export function GradeClassListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const periods = usePeriods();
  const currentPeriod = periods.data?.find((p) => p.is_current)?.kode;
  const num = (key: string) => {
    const v = Number(searchParams.get(key));
    return Number.isFinite(v) && v > 0 ? v : undefined;
  };
  const params: GradeClassListParams = {
    page: num('page') ?? 1,
    per_page: num('per_page') ?? 10,
    periode: num('periode') ?? currentPeriod,
    search: searchParams.get('search') || undefined,
  };
  const list = useGradeClasses(params);
  const update = (next: Partial<GradeClassListParams>) => {
    const merged = { ...params, page: 1, ...next };
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(merged))
      if (value !== undefined && value !== '') search.set(key, String(value));
    setSearchParams(search);
  };
  return (
    <Card title="Nilai">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Space wrap>
          <Select
            aria-label="Periode"
            style={{ minWidth: 200 }}
            value={params.periode}
            placeholder="Periode"
            options={(periods.data ?? []).map((p) => ({ value: p.kode, label: `Periode ${p.label}` }))}
            onChange={(periode: number) => update({ periode })}
          />
          <SearchBox
            value={params.search ?? ''}
            placeholder="Cari mata kuliah atau kelas"
            onSearch={(search) => update({ search })}
          />
        </Space>
        <Table
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.data ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: params.page,
            pageSize: params.per_page,
            total: list.data?.meta.total_items ?? 0,
            onChange: (page, per_page) => update({ page, per_page }),
          }}
          locale={{ emptyText: <EmptyState description="Tidak ada kelas." /> }}
          columns={[
            {
              title: 'Mata Kuliah',
              render: (_, c) => (
                <Link to={`/nilai/${encodeURIComponent(c.id)}`}>
                  {c.mata_kuliah.kode} - {c.mata_kuliah.nama}
                </Link>
              ),
            },
            { title: 'Kelas', dataIndex: 'nama' },
            { title: 'Periode', render: (_, c) => formatPeriodLabel(c.periode) },
            { title: 'Mahasiswa', dataIndex: 'jumlah_mahasiswa', align: 'right' },
            { title: 'Aktivitas Bernilai', dataIndex: 'jumlah_aktivitas', align: 'right' },
          ]}
        />
      </Space>
    </Card>
  );
}
