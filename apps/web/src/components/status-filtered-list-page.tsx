import { Fragment, useState, type ReactNode } from 'react';
import { Card, Segmented, Space, Spin } from 'antd';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import { EmptyState } from './empty-state.tsx';
import { Pagination } from './pagination.tsx';

/** What a list page asks its kind's query for: one page, of one status or (none) of all. */
export interface StatusPageParams<Status extends string> {
  page: number;
  per_page: number;
  status?: Status | undefined;
}

/**
 * A content kind's list across the user's classes (/tugas, /forum, /vidcon): Semua or one status, the
 * kind's cards and their pages; choosing another status goes back to the first page.
 */
export function StatusFilteredListPage<Status extends string, Item extends { id: string }>({
  title,
  statuses,
  statusLabels,
  emptyText,
  useList,
  card,
}: {
  title: string;
  statuses: readonly Status[];
  statusLabels: Record<Status, string>;
  emptyText: string;
  /** The kind's query of one page of the user's items. */
  useList(params: StatusPageParams<Status>): { isPending: boolean; data?: { data: Item[]; meta: PageMeta } };
  card(item: Item): ReactNode;
}) {
  const [status, setStatus] = useState<Status | 'semua'>('semua');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const list = useList({ page, per_page: pageSize, status: status === 'semua' ? undefined : status });
  return (
    <Card title={title}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Segmented
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={[
            { value: 'semua' as const, label: 'Semua' },
            ...statuses.map((s) => ({ value: s, label: statusLabels[s] })),
          ]}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
        {list.isPending ? <Spin /> : null}
        {list.data?.data.length === 0 ? <EmptyState description={emptyText} /> : null}
        {list.data?.data.map((item) => (
          <Fragment key={item.id}>{card(item)}</Fragment>
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
