import { Card, Segmented, Select, Space, Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { examStatusLabels, examStatuses, type ExamStatus } from '@lms/contract/exam.rules';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { courseOptionLabel, useCourses } from '../../../lib/queries/list-courses.ts';
import { usePeriods } from '../../../lib/queries/list-periods.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useMyExams, type ExamPageParams } from '../api/list-my-exams.ts';
import { ExamCard } from '../components/exam-card.tsx';

/** The list's query from the address bar (reload and back keep the filters); unknown values are dropped. */
function readParams(search: URLSearchParams): ExamPageParams {
  const number = (key: string) => {
    const value = Number(search.get(key));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const status = search.get('status');
  return {
    page: number('page') ?? 1,
    per_page: number('per_page') ?? 10,
    status: (examStatuses as readonly string[]).includes(status ?? '') ? (status as ExamStatus) : undefined,
    periode: number('periode'),
    id_mata_kuliah: search.get('id_mata_kuliah') || undefined,
  };
}

/** Address-bar parameters of the query, leaving out empty values, page 1 and the default size. */
function writeParams(params: ExamPageParams): URLSearchParams {
  const search = new URLSearchParams();
  const entries: [string, string | number | undefined][] = [
    ['status', params.status],
    ['periode', params.periode],
    ['id_mata_kuliah', params.id_mata_kuliah],
    ['page', params.page > 1 ? params.page : undefined],
    ['per_page', params.per_page !== 10 ? params.per_page : undefined],
  ];
  for (const [key, value] of entries) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search;
}

/**
 * /ujian: the quizzes and exams of the user's classes, newest first, by status, period and course
 * (spec 3 §2), the filters in the address bar. Every period is shown until one is picked: an exam list
 * has no "current" default in the spec, and an older exam still open should not hide.
 */
export function ExamListPage() {
  const timeZone = useTimeZone();
  const isPhone = useIsPhone();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const list = useMyExams(params);
  const periods = usePeriods();
  const courses = useCourses(undefined);
  const update = (next: Partial<ExamPageParams>) =>
    setSearchParams(writeParams({ ...params, page: 1, ...next }));
  const selectWidth = isPhone ? '100%' : 360;
  return (
    <Card title="Kuis/Ujian">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Segmented
          value={params.status ?? 'semua'}
          onChange={(value) => update({ status: value === 'semua' ? undefined : (value as ExamStatus) })}
          options={[
            { value: 'semua', label: 'Semua' },
            ...examStatuses.map((s) => ({ value: s, label: examStatusLabels[s] })),
          ]}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, flexDirection: isPhone ? 'column' : 'row' }}>
          <Select
            aria-label="Periode"
            allowClear
            placeholder="Semua periode"
            style={{ width: isPhone ? '100%' : 200 }}
            loading={periods.isLoading}
            value={params.periode}
            options={(periods.data ?? []).map((p) => ({ value: p.kode, label: `Periode ${p.label}` }))}
            onChange={(periode: number | undefined) => update({ periode })}
          />
          <Select
            aria-label="Mata Kuliah"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Semua mata kuliah"
            style={{ width: selectWidth }}
            loading={courses.isLoading}
            value={params.id_mata_kuliah}
            options={(courses.data ?? []).map((c) => ({ value: c.id, label: courseOptionLabel(c) }))}
            onChange={(id: string | undefined) => update({ id_mata_kuliah: id })}
          />
        </div>
        {list.isPending ? <Spin /> : null}
        {list.data?.data.length === 0 ? (
          <EmptyState
            description={
              params.status || params.periode || params.id_mata_kuliah
                ? 'Tidak ada kuis atau ujian pada filter ini.'
                : 'Tidak ada kuis atau ujian pada kelas Anda.'
            }
          />
        ) : null}
        {list.data?.data.map((exam) => (
          <ExamCard key={exam.id} exam={exam} timeZone={timeZone} showClass />
        ))}
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
