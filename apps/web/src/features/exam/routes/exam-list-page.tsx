import { useState } from 'react';
import { Card, Segmented, Space, Spin } from 'antd';
import { examStatusLabels, examStatuses, type ExamStatus } from '@lms/contract/exam.rules';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useMyExams } from '../api/list-my-exams.ts';
import { ExamCard } from '../components/exam-card.tsx';

/** /ujian: the quizzes and exams of the user's classes, newest first, by status. */
export function ExamListPage() {
  const timeZone = useTimeZone();
  const [status, setStatus] = useState<ExamStatus | 'semua'>('semua');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const list = useMyExams({ page, per_page: pageSize, status: status === 'semua' ? undefined : status });
  return (
    <Card title="Kuis/Ujian">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Segmented
          value={status}
          onChange={(value) => {
            setStatus(value as ExamStatus | 'semua');
            setPage(1);
          }}
          options={[
            { value: 'semua', label: 'Semua' },
            ...examStatuses.map((s) => ({ value: s, label: examStatusLabels[s] })),
          ]}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
        {list.isPending ? <Spin /> : null}
        {list.data?.data.length === 0 ? (
          <EmptyState description="Tidak ada kuis atau ujian pada kelas Anda." />
        ) : null}
        {list.data?.data.map((exam) => (
          <ExamCard key={exam.id} exam={exam} timeZone={timeZone} showClass />
        ))}
        <Pagination
          page={page}
          pageSize={pageSize}
          totalItems={list.data?.meta.total_items ?? 0}
          onChange={(p, size) => {
            setPage(p);
            setPageSize(size);
          }}
        />
      </Space>
    </Card>
  );
}
