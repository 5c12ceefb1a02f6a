import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button, Table, Tag } from 'antd';
import { gradeSendStatusLabels } from '@lms/contract/grade.rules';
import { formatDateTime } from '../../../lib/date.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useGradeSends } from '../api/get-grade-send.ts';
import { SendResultModal } from './send-result-modal.tsx';

/** Riwayat Pengiriman: who sent when, how it ended; a row opens its per-student results (the audit trail). */
export function SendHistory({ classId }: { classId: string }) {
  const sends = useGradeSends(classId);
  const timeZone = useTimeZone();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      <Table
        size="small"
        rowKey="id"
        loading={sends.isPending}
        dataSource={sends.data ?? []}
        pagination={{ pageSize: 5 }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState description="Belum ada pengiriman nilai." /> }}
        columns={[
          { title: 'Waktu', render: (_, s) => formatDateTime(s.created_at, timeZone) },
          { title: 'Oleh', render: (_, s) => `${s.dibuat_oleh.nama} (${s.dibuat_oleh.role})` },
          {
            title: 'Status',
            render: (_, s) => (
              <Tag
                color={
                  s.status === 'selesai'
                    ? s.gagal
                      ? 'gold'
                      : 'green'
                    : s.status === 'gagal'
                      ? 'red'
                      : 'blue'
                }
              >
                {gradeSendStatusLabels[s.status]}
              </Tag>
            ),
          },
          { title: 'Hasil', render: (_, s) => `${s.terkirim} terkirim, ${s.sama} sama, ${s.gagal} gagal` },
          {
            title: 'Aksi',
            render: (_, s) => (
              <Button size="small" onClick={() => setOpen(s.id)}>
                Detail
              </Button>
            ),
          },
        ]}
      />
      <SendResultModal classId={classId} sendId={open} onClose={() => setOpen(null)} />
    </>
  );
}
