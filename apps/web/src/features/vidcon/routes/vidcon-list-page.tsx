import { useState } from 'react';
import { Card, Segmented, Space, Spin } from 'antd';
import { vidconStatusLabels, vidconStatuses, type VidconStatus } from '@lms/contract/vidcon.rules';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useMyVidcons } from '../api/list-my-vidcons.ts';
import { VidconCard } from '../components/vidcon-card.tsx';

/** /vidcon: the vidcons of the user's classes, newest first, by status. */
export function VidconListPage() {
  const timeZone = useTimeZone();
  const [status, setStatus] = useState<VidconStatus | 'semua'>('semua');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const list = useMyVidcons({ page, per_page: pageSize, status: status === 'semua' ? undefined : status });
  return (
    <Card title="Vidcon">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Segmented
          value={status}
          onChange={(value) => {
            setStatus(value as VidconStatus | 'semua');
            setPage(1);
          }}
          options={[
            { value: 'semua', label: 'Semua' },
            ...vidconStatuses.map((s) => ({ value: s, label: vidconStatusLabels[s] })),
          ]}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
        {list.isPending ? <Spin /> : null}
        {list.data?.data.length === 0 ? <EmptyState description="Tidak ada vidcon pada kelas Anda." /> : null}
        {list.data?.data.map((vidcon) => (
          <VidconCard key={vidcon.id} vidcon={vidcon} timeZone={timeZone} showClass />
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
