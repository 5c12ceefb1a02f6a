import { useState } from 'react';
import { Card, Segmented, Space, Spin } from 'antd';
import { taskStatusLabels, taskStatuses, type TaskStatus } from '@lms/contract/task.rules';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useMyTasks } from '../api/list-my-tasks.ts';
import { TaskCard } from '../components/task-card.tsx';

/** /tugas: the tasks of the user's classes, filtered by status (belum_dimulai, sedang_berlangsung, selesai). */
export function TaskListPage() {
  const timeZone = useTimeZone();
  const [status, setStatus] = useState<TaskStatus | 'semua'>('semua');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const list = useMyTasks({ page, per_page: pageSize, status: status === 'semua' ? undefined : status });
  return (
    <Card title="Tugas">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Segmented
          value={status}
          onChange={(value) => {
            setStatus(value as TaskStatus | 'semua');
            setPage(1);
          }}
          options={[
            { value: 'semua', label: 'Semua' },
            ...taskStatuses.map((s) => ({ value: s, label: taskStatusLabels[s] })),
          ]}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
        {list.isPending ? <Spin /> : null}
        {list.data?.data.length === 0 ? <EmptyState description="Tidak ada tugas pada kelas Anda." /> : null}
        {list.data?.data.map((task) => (
          <TaskCard key={task.id} task={task} timeZone={timeZone} showClass showDescription={false} />
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
