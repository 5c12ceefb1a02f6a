import { useState } from 'react';
import type { SendPreview } from '@lms/contract/grade.schema';
import { Alert, Button, Modal, Progress, Skeleton, Space, Table, Tag, Typography } from 'antd';
import {
  formatRecapScore,
  gradeMessages,
  gradeSendItemStatusLabels,
  gradeSendStatusLabels,
  sendChangeLabels,
  type SendChange,
} from '@lms/contract/grade.rules';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { normalizeApiError } from '../../../lib/api-error.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useGradeSend } from '../api/get-grade-send.ts';
import { useSendPreview } from '../api/get-send-preview.ts';
import { useRequestSend } from '../api/request-send.ts';
import { useToasts } from '../../../components/toasts.tsx';

const changeColors: Record<SendChange, string> = {
  baru: 'blue',
  ubah: 'green',
  timpa: 'red',
  sama: 'default',
  kosong: 'default',
};
const itemColors = { menunggu: 'default', terkirim: 'green', sama: 'blue', gagal: 'red' } as const;
const value = (v: number | null) => (v === null ? '-' : formatRecapScore(v));

/**
 * The components whose values are not sent because no activity is chosen for them (the preview's
 * 'kosong' rows), once each in the order they first appear.
 */
export function componentsWithoutActivities(items: SendPreview['items']): { id: string; label: string }[] {
  const seen = new Map<string, { id: string; label: string }>();
  for (const i of items) {
    if (i.perubahan === 'kosong' && !seen.has(i.komponen.id)) seen.set(i.komponen.id, i.komponen);
  }
  return [...seen.values()];
}

/**
 * Kirim ke Siakad: the preview (SIAKAD's value, the value to send, what changes), the overwrite
 * confirmation of spec 3 §5, then the job's progress and per-student results.
 */
export function SendModal({
  classId,
  open,
  onClose,
  onChooseActivities,
}: {
  classId: string;
  open: boolean;
  onClose(): void;
  /** Opens the choice of a component's activities (given only to who may choose them). */
  onChooseActivities?: (componentId: string) => void;
}) {
  const isPhone = useIsPhone();
  const { notification } = useToasts();
  const preview = useSendPreview(classId, open);
  const send = useRequestSend();
  const [sendId, setSendId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const progress = useGradeSend(classId, sendId);

  const close = () => {
    setSendId(null);
    onClose();
  };
  const start = async (confirmOverwrite: boolean) => {
    try {
      const row = await send.mutateAsync({ classId, confirmOverwrite });
      setSendId(row.id);
    } catch (error) {
      const e = normalizeApiError(error);
      notification.error({
        title: 'Gagal mengirim nilai ke Siakad',
        description: e.message,
        placement: 'bottom',
      });
    } finally {
      setConfirming(false);
    }
  };
  const p = preview.data;
  const d = progress.data;
  const toSend = p ? p.ringkasan.baru + p.ringkasan.ubah + p.ringkasan.timpa : 0;
  const unchosen = p ? componentsWithoutActivities(p.items) : [];

  return (
    <Modal
      open={open}
      title="Kirim Nilai ke Siakad"
      onCancel={close}
      width={isPhone ? '95%' : 860}
      destroyOnHidden
      footer={
        sendId ? (
          <Button onClick={close}>Tutup</Button>
        ) : (
          <Space>
            <Button onClick={close}>Batal</Button>
            <Button
              type="primary"
              disabled={!p || toSend + p.ringkasan.sama === 0}
              loading={send.isPending}
              onClick={() => (p?.perlu_konfirmasi ? setConfirming(true) : void start(false))}
            >
              Kirim
            </Button>
          </Space>
        )
      }
    >
      {sendId ? (
        d ? (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Space wrap>
              <Tag color={d.status === 'gagal' ? 'red' : d.status === 'selesai' ? 'green' : 'blue'}>
                {gradeSendStatusLabels[d.status]}
              </Tag>
              <Typography.Text>
                Terkirim {d.terkirim}, tidak berubah {d.sama}, gagal {d.gagal} dari {d.total}
              </Typography.Text>
            </Space>
            <Progress
              percent={d.total ? Math.round((d.selesai / d.total) * 100) : 100}
              status={
                d.status === 'gagal' || d.gagal > 0
                  ? 'exception'
                  : d.status === 'selesai'
                    ? 'success'
                    : 'active'
              }
              aria-label="Progres pengiriman nilai"
            />
            {d.pesan ? <Alert type="error" showIcon title={d.pesan} /> : null}
            <Table
              size="small"
              rowKey={(i) => `${i.mahasiswa.nim}:${i.komponen_id}`}
              dataSource={d.items}
              pagination={{ pageSize: 10 }}
              scroll={{ x: 'max-content' }}
              columns={[
                { title: 'NIM', render: (_, i) => i.mahasiswa.nim },
                { title: 'Nama', render: (_, i) => i.mahasiswa.nama },
                { title: 'Sebelum', render: (_, i) => value(i.nilai_sebelum) },
                { title: 'Dikirim', render: (_, i) => value(i.nilai) },
                {
                  title: 'Hasil',
                  render: (_, i) => (
                    <Tag color={itemColors[i.status]}>{gradeSendItemStatusLabels[i.status]}</Tag>
                  ),
                },
                { title: 'Jawaban Siakad', render: (_, i) => i.jawaban_sikad ?? '-' },
              ]}
            />
          </Space>
        ) : (
          <Skeleton active />
        )
      ) : preview.isPending ? (
        <Skeleton active />
      ) : preview.isError || !p ? (
        <Alert type="error" showIcon title={normalizeApiError(preview.error).message} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Space wrap>
            {(Object.keys(p.ringkasan) as SendChange[]).map((c) => (
              <Tag key={c} color={changeColors[c]}>
                {sendChangeLabels[c]}: {p.ringkasan[c]}
              </Tag>
            ))}
          </Space>
          {unchosen.length ? (
            <Alert
              type="warning"
              showIcon
              data-testid="send-unchosen"
              title="Sebagian komponen tidak dikirim"
              description={
                <div style={{ display: 'grid', gap: 4 }}>
                  {unchosen.map((k) => (
                    <div key={k.id}>
                      Belum ada aktivitas dipilih untuk komponen {k.label}
                      {onChooseActivities ? (
                        <>
                          {' — '}
                          <Button
                            type="link"
                            size="small"
                            style={{ padding: 0, height: 'auto' }}
                            onClick={() => {
                              close();
                              onChooseActivities(k.id);
                            }}
                            aria-label={`Pilih aktivitas komponen ${k.label}`}
                          >
                            Pilih aktivitas
                          </Button>
                        </>
                      ) : (
                        '.'
                      )}
                    </div>
                  ))}
                  <Typography.Text type="secondary">
                    Aktivitas dipilih dengan mengeklik judul kolom komponen di tabel nilai.
                  </Typography.Text>
                </div>
              }
            />
          ) : null}
          {p.perlu_konfirmasi ? (
            <Alert type="warning" showIcon title={gradeMessages.overwriteConfirm} />
          ) : null}
          <Table
            size="small"
            rowKey={(i) => `${i.mahasiswa.nim}:${i.komponen.id}`}
            dataSource={p.items.filter((i) => i.perubahan !== 'kosong')}
            pagination={{ pageSize: 10 }}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: 'NIM', render: (_, i) => i.mahasiswa.nim },
              { title: 'Nama', render: (_, i) => i.mahasiswa.nama },
              { title: 'Komponen', render: (_, i) => i.komponen.label },
              { title: 'Nilai Siakad', render: (_, i) => value(i.nilai_sikad) },
              { title: 'Nilai LMS', render: (_, i) => value(i.nilai_lms) },
              {
                title: 'Perubahan',
                render: (_, i) => (
                  <Tag color={changeColors[i.perubahan]}>{sendChangeLabels[i.perubahan]}</Tag>
                ),
              },
            ]}
          />
        </Space>
      )}
      <ConfirmDialog
        open={confirming}
        title="Konfirmasi"
        onCancel={() => setConfirming(false)}
        onConfirm={() => start(true)}
      >
        {gradeMessages.overwriteConfirm}
      </ConfirmDialog>
    </Modal>
  );
}
