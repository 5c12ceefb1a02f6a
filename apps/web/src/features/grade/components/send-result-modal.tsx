import { Modal, Skeleton, Table, Tag } from 'antd';
import { formatRecapScore, gradeSendItemStatusLabels } from '@lms/contract/grade.rules';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useGradeSend } from '../api/get-grade-send.ts';

const colors = { menunggu: 'default', terkirim: 'green', sama: 'blue', gagal: 'red' } as const;
const value = (v: number | null) => (v === null ? '-' : formatRecapScore(v));

/** One sending's per-student results with SIAKAD's answers. */
export function SendResultModal({
  classId,
  sendId,
  onClose,
}: {
  classId: string;
  sendId: string | null;
  onClose(): void;
}) {
  const isPhone = useIsPhone();
  const send = useGradeSend(classId, sendId);
  return (
    <Modal
      open={!!sendId}
      title="Detail Pengiriman Nilai"
      onCancel={onClose}
      footer={null}
      width={isPhone ? '95%' : 800}
      destroyOnHidden
    >
      {send.data ? (
        <Table
          size="small"
          rowKey={(i) => `${i.mahasiswa.nim}:${i.komponen_id}`}
          dataSource={send.data.items}
          pagination={{ pageSize: 10 }}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: 'NIM', render: (_, i) => i.mahasiswa.nim },
            { title: 'Nama', render: (_, i) => i.mahasiswa.nama },
            { title: 'Sebelum', render: (_, i) => value(i.nilai_sebelum) },
            { title: 'Dikirim', render: (_, i) => value(i.nilai) },
            {
              title: 'Hasil',
              render: (_, i) => <Tag color={colors[i.status]}>{gradeSendItemStatusLabels[i.status]}</Tag>,
            },
            { title: 'Percobaan', render: (_, i) => i.percobaan },
            { title: 'Jawaban Siakad', render: (_, i) => i.jawaban_sikad ?? '-' },
          ]}
        />
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
}
