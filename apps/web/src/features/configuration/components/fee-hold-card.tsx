import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Input, Space, Switch } from 'antd';
import { useFeeHold, useSetFeeHold } from '../api/set-fee-hold.ts';
import { useToasts } from '../../../components/toasts.tsx';

/** Tunggakan Biaya: an operator looks a student up by NIM and sets or clears the unpaid-fee flag. */
export function FeeHoldCard({ canWrite }: { canWrite: boolean }) {
  const { message } = useToasts();
  const [nim, setNim] = useState('');
  const hold = useFeeHold(nim);
  const save = useSetFeeHold();
  const [flag, setFlag] = useState(false);
  const [note, setNote] = useState('');

  // A newly loaded student fills the inputs (state adjusted during render, not in an effect).
  const [loaded, setLoaded] = useState(hold.data);
  if (hold.data !== loaded) {
    setLoaded(hold.data);
    if (hold.data) {
      setFlag(hold.data.tunggakan);
      setNote(hold.data.keterangan);
    }
  }

  return (
    <Card title="Ubah Status per NIM" size="small">
      <Input.Search
        placeholder="Cari NIM mahasiswa"
        enterButton="Cari"
        allowClear
        onSearch={(value) => setNim(value.trim())}
        style={{ maxWidth: 360, marginBottom: 12 }}
        aria-label="NIM mahasiswa"
      />
      {hold.isError ? <Alert type="warning" showIcon message={hold.error.message} /> : null}
      {hold.data ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'nim', label: 'NIM', children: hold.data.nim },
              { key: 'nama', label: 'Nama', children: hold.data.nama },
            ]}
          />
          <Space wrap>
            <span>Memiliki tunggakan</span>
            <Switch
              checked={flag}
              onChange={setFlag}
              disabled={!canWrite}
              checkedChildren="Ya"
              unCheckedChildren="Tidak"
            />
          </Space>
          <Input.TextArea
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={200}
            placeholder="Keterangan (tampil kepada mahasiswa)"
            disabled={!canWrite || !flag}
            autoSize={{ minRows: 2 }}
          />
          {canWrite ? (
            <Button
              type="primary"
              loading={save.isPending}
              onClick={async () => {
                try {
                  await save.mutateAsync({
                    nim: hold.data.nim,
                    body: { tunggakan: flag, keterangan: flag ? note : '' },
                  });
                  void message.success('Status tunggakan disimpan.');
                } catch (error) {
                  void message.error((error as Error).message);
                }
              }}
            >
              Simpan Status
            </Button>
          ) : null}
        </Space>
      ) : null}
    </Card>
  );
}
