import { useState } from 'react';
import { Alert, Button, Flex, Select, Skeleton, Switch, Typography } from 'antd';
import { siakadSyncHours, type SiakadSync } from '@lms/contract/semester-import.schema';
import { useToasts } from '../../../components/toasts.tsx';
import { useSaveSiakadSync, useSiakadSync } from '../api/semester-import.ts';

const hourLabel = (hour: number, zone: string) => `${String(hour).padStart(2, '0')}.00 ${zone}`;

/**
 * "Sinkron otomatis" of "Dari SIAKAD": on/off and the hour of the daily read of the current period.
 * Readers of data_master see it; writers change it.
 */
export function SiakadSyncForm({ canWrite }: { canWrite: boolean }) {
  const sync = useSiakadSync();
  if (sync.isPending) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (sync.isError)
    return <Alert type="warning" showIcon message="Pengaturan sinkron otomatis gagal dimuat" />;
  return <SyncFields saved={sync.data} canWrite={canWrite} />;
}

function SyncFields({ saved, canWrite }: { saved: SiakadSync; canWrite: boolean }) {
  const { message } = useToasts();
  const save = useSaveSiakadSync();
  const [aktif, setAktif] = useState(saved.aktif);
  const [jam, setJam] = useState(saved.jam);
  // A newly saved or refetched setting fills the fields (state adjusted during render, not in an effect).
  const [shown, setShown] = useState(saved);
  if (saved !== shown) {
    setShown(saved);
    setAktif(saved.aktif);
    setJam(saved.jam);
  }
  const changed = aktif !== saved.aktif || jam !== saved.jam;

  return (
    <Flex vertical gap={8} role="group" aria-label="Sinkron otomatis" style={{ marginTop: 8 }}>
      <Typography.Text strong>Sinkron otomatis</Typography.Text>
      <Flex gap={8} wrap align="center">
        <Switch
          aria-label="Sinkron otomatis dari SIAKAD"
          checked={aktif}
          onChange={setAktif}
          disabled={!canWrite}
          checkedChildren="Aktif"
          unCheckedChildren="Nonaktif"
        />
        <Typography.Text>setiap hari pukul</Typography.Text>
        <Select
          aria-label="Jam sinkron otomatis"
          value={jam}
          onChange={setJam}
          disabled={!canWrite}
          style={{ width: 130 }}
          options={siakadSyncHours.map((hour) => ({ value: hour, label: hourLabel(hour, saved.zona_waktu) }))}
        />
        {canWrite && (
          <Button
            disabled={!changed}
            loading={save.isPending}
            onClick={async () => {
              try {
                await save.mutateAsync({ aktif, jam });
                void message.success('Pengaturan sinkron otomatis disimpan.');
              } catch (error) {
                void message.error((error as Error).message);
              }
            }}
          >
            Simpan
          </Button>
        )}
      </Flex>
      <Typography.Text type="secondary">
        Data periode berjalan dibaca dari SIAKAD pada jam tersebut. Perubahan tanpa penghapusan langsung
        diterapkan; bila ada data yang akan dihapus atau bermasalah, pratinjau menunggu keputusan Anda di
        halaman ini.
      </Typography.Text>
    </Flex>
  );
}
