import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { LoadingLines } from '../../../components/loading-lines.tsx';
import { PlainButton } from '../../../components/plain-button.tsx';
import { PlainStack } from '../../../components/plain-stack.tsx';
import { PlainText } from '../../../components/plain-text.tsx';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import type { Vidcon } from '@lms/contract/vidcon.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { useDeleteVidcon } from '../api/delete-vidcon.ts';
import { useMeetingVidcons } from '../api/list-meeting-vidcons.ts';
import { VidconCard } from './vidcon-card.tsx';
import type { VidconMeeting } from './vidcon-form-modal.tsx';
import { lazyModal } from '../../../components/lazy-modal.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import { useDeferredQueryData } from '../../../lib/use-deferred-query-data.ts';

// Fetched the first time it opens (its form and date pickers): readers never open it.
const VidconFormModal = lazyModal(async () => (await import('./vidcon-form-modal.tsx')).VidconFormModal);

/** The Vidcon block of a meeting: its vidcons, and Tambah Vidcon for those who edit the meeting. */
export function MeetingVidcons({ meeting }: { meeting: MeetingDetail }) {
  const user = useCurrentUser();
  const vidcons = useMeetingVidcons(meeting.id);
  const { data: list, isLoading } = useDeferredQueryData(vidcons);
  const remove = useDeleteVidcon();
  const { message, notification } = useToasts();
  const [form, setForm] = useState<{ vidcon?: Vidcon } | null>(null);
  const [deleting, setDeleting] = useState<Vidcon | null>(null);
  const context: VidconMeeting = {
    id: meeting.id,
    nomor: meeting.nomor,
    kelasId: meeting.kelas_kuliah.id,
    waktu_mulai: meeting.waktu_mulai,
    waktu_selesai: meeting.waktu_selesai,
    timeZone: meeting.time_zone,
    fixed: user.role !== 'operator',
  };
  return (
    <PlainStack>
      {meeting.akses.ubah ? (
        <PlainButton icon={<PlusOutlined />} onClick={() => setForm({})} style={{ alignSelf: 'flex-start' }}>
          Tambah Vidcon
        </PlainButton>
      ) : null}
      {isLoading ? <LoadingLines /> : null}
      {list?.length === 0 ? (
        <PlainText type="secondary">Belum ada vidcon pada pertemuan ini.</PlainText>
      ) : null}
      {list?.map((vidcon) => (
        <VidconCard
          key={vidcon.id}
          vidcon={vidcon}
          timeZone={meeting.time_zone}
          onEdit={vidcon.akses.ubah ? () => setForm({ vidcon }) : undefined}
          onDelete={vidcon.akses.hapus ? () => setDeleting(vidcon) : undefined}
        />
      ))}
      {meeting.akses.ubah ? (
        <VidconFormModal
          open={form !== null}
          meeting={context}
          vidcon={form?.vidcon}
          onClose={() => setForm(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        danger
        title="Hapus Vidcon"
        confirmText="Hapus"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(deleting!.id);
            void message.success('Vidcon berhasil dihapus');
            setDeleting(null);
          } catch (error) {
            notification.error({ title: (error as Error).message, placement: 'bottom' });
          }
        }}
      >
        Hapus vidcon &quot;{deleting?.judul}&quot;? Catatan kehadiran mahasiswa pada vidcon ini ikut terhapus.
      </ConfirmDialog>
    </PlainStack>
  );
}
