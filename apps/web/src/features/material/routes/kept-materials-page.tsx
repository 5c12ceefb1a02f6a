import { useState } from 'react';
import { DeleteOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { formatFileSize } from '@lms/contract/format.rules';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PlainButton } from '../../../components/plain-button.tsx';
import { PlainCard } from '../../../components/plain-card.tsx';
import { PlainStack } from '../../../components/plain-stack.tsx';
import { PlainText } from '../../../components/plain-text.tsx';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { materialKeys } from '../../../lib/query-keys/material-query-keys.ts';
import { useKeptMeetings } from '../api/get-kept-materials.ts';
import { keptBytes, removeKeptMeeting, type KeptMeeting } from '../api/offline-material-cache.ts';
import { MaterialCard } from '../components/material-card.tsx';
import { useOnlineStatus } from '../components/use-online-status.ts';
import './kept-materials-page.css';

/** One kept meeting: its class and meeting, its kept materials (each opens its reader), and removal. */
function KeptMeetingCard({ kept, userId, online }: { kept: KeptMeeting; userId: string; online: boolean }) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState(false);
  const { meeting } = kept;
  const remove = async () => {
    setRemoving(true);
    try {
      await removeKeptMeeting(userId, meeting.id);
      await queryClient.invalidateQueries({ queryKey: materialKeys.all });
    } finally {
      setRemoving(false);
    }
  };
  return (
    <PlainCard
      size="small"
      data-testid="kept-meeting"
      title={
        <span className="kept-materials__title">
          <span>{meeting.kelas_kuliah.mata_kuliah.nama}</span>
          <PlainText type="secondary" className="kept-materials__meeting">
            Kelas {meeting.kelas_kuliah.kelas.nama} · Pertemuan {meeting.nomor}
            {meeting.judul ? `: ${meeting.judul}` : ''}
          </PlainText>
        </span>
      }
    >
      <PlainStack>
        {kept.materials.map((material) => (
          <MaterialCard
            key={material.id}
            material={material}
            timeZone={meeting.time_zone}
            offline={{ userId, online }}
          />
        ))}
        <div className="kept-materials__row">
          <PlainText type="secondary">
            {kept.materials.length} materi · {formatFileSize(keptBytes(kept.materials))}
          </PlainText>
          <PlainButton icon={<DeleteOutlined />} loading={removing} onClick={() => void remove()}>
            Hapus dari perangkat
          </PlainButton>
        </div>
      </PlainStack>
    </PlainCard>
  );
}

/**
 * Materi Tersimpan (issue 44 §4): every meeting whose materials the student keeps on this phone, by class
 * and meeting, read from the phone, so it opens without a connection as well as with one.
 */
export function KeptMaterialsPage() {
  const user = useCurrentUser();
  const online = useOnlineStatus();
  const query = useKeptMeetings(user.id);
  return (
    <PlainStack>
      <PlainText type="secondary">
        Materi yang Anda simpan di perangkat ini dari halaman pertemuan. Materi ini dapat dibaca tanpa
        koneksi; catatan baca dan putar dikirim saat tersambung kembali.
      </PlainText>
      {query.data?.length === 0 ? (
        <EmptyState description="Belum ada materi yang disimpan di perangkat ini. Buka pertemuan lalu pilih Simpan untuk dibaca luring." />
      ) : null}
      {query.data?.map((kept) => (
        <KeptMeetingCard key={kept.meeting.id} kept={kept} userId={user.id} online={online} />
      ))}
    </PlainStack>
  );
}
