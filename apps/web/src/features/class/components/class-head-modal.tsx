import { useState } from 'react';
import { Input, Modal, Radio, Skeleton, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { EmptyState, noParticipantsSentence } from '../../../components/empty-state.tsx';
import { normalizeApiError } from '../../../lib/api-error.ts';
import { phoneModalWidth } from '../../../lib/layout-constants.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useChangeClassHead } from '../api/change-class-head.ts';
import { useClassParticipants } from '../api/list-class-participants.ts';
import { useToasts } from '../../../components/toasts.tsx';
import type { ClassModalProps } from './class-modal-props.ts';

/** The class-head modal is wider than the default (spec 2 §9). */
export const classHeadModalWidth = 900;

/** The class-head search waits 1 s after typing stops (spec 2 §9). */
export const classHeadSearchDebounceMs = 1000;

/**
 * Ubah Ketua Kelas: search the participants by nim or name (1 s debounce), pick one or none; Simpan
 * sends the chosen nim, or empty text for none (spec 2 §5).
 */
export function ClassHeadModal({ detail, open, onClose }: ClassModalProps) {
  const isPhone = useIsPhone();
  const { message } = useToasts();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const debounced = useDebouncedValue(search.trim(), classHeadSearchDebounceMs);
  const participants = useClassParticipants(detail.id, debounced, open);
  const change = useChangeClassHead(detail.id);
  const current = detail.ketua_kelas_nim ?? '';
  const value = chosen ?? current;

  const close = () => {
    setSearch('');
    setChosen(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      title="Ubah Ketua Kelas"
      width={isPhone ? phoneModalWidth : classHeadModalWidth}
      centered
      okText="Simpan"
      cancelText="Batal"
      okButtonProps={{ disabled: value === current }}
      confirmLoading={change.isPending}
      onCancel={close}
      onOk={() =>
        change.mutate(value, {
          onSuccess: () => {
            void message.success('Ketua kelas berhasil diubah');
            close();
          },
          onError: (error) => void message.error(normalizeApiError(error).message),
        })
      }
      destroyOnHidden
    >
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder="Cari NIM atau nama mahasiswa"
        aria-label="Cari peserta"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <div style={{ maxHeight: isPhone ? '50vh' : 420, overflowY: 'auto', marginTop: 12 }}>
        {participants.error ? (
          <Typography.Text type="danger">{participants.error.message}</Typography.Text>
        ) : !participants.data ? (
          <Skeleton active />
        ) : (
          <Radio.Group
            value={value}
            onChange={(e) => setChosen(e.target.value as string)}
            style={{ display: 'flex', flexDirection: 'column', gap: 4, width: '100%' }}
            aria-label="Ketua kelas"
          >
            <Radio value="" style={{ padding: '6px 4px' }}>
              <Typography.Text type="secondary">Tanpa ketua kelas</Typography.Text>
            </Radio>
            {participants.data.map((p) => (
              <Radio key={p.nim} value={p.nim} style={{ padding: '6px 4px' }}>
                {p.nama} <Typography.Text type="secondary">({p.nim})</Typography.Text>
                {p.nim === current ? (
                  <Typography.Text type="warning" style={{ marginLeft: 6 }}>
                    Ketua saat ini
                  </Typography.Text>
                ) : null}
              </Radio>
            ))}
            {participants.data.length === 0 ? (
              <EmptyState
                description={debounced ? 'Tidak ada peserta yang cocok.' : noParticipantsSentence}
              />
            ) : null}
          </Radio.Group>
        )}
      </div>
    </Modal>
  );
}
