import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import type { Material } from '@lms/contract/material.schema';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadingLines } from '../../../components/loading-lines.tsx';
import { PlainButton } from '../../../components/plain-button.tsx';
import { PlainStack } from '../../../components/plain-stack.tsx';
import { PlainText } from '../../../components/plain-text.tsx';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { useDeleteMaterial } from '../api/delete-material.ts';
import { useMeetingMaterials } from '../api/list-meeting-materials.ts';
import { MaterialCard } from './material-card.tsx';
import type { MaterialMeeting } from './material-meeting.ts';
import { lazyModal } from '../../../components/lazy-modal.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import { useDeferredQueryData } from '../../../lib/use-deferred-query-data.ts';

// Fetched the first time it opens (the rich text editor, upload and date picker): readers never open it.
const MaterialFormModal = lazyModal(
  async () => (await import('./material-form-modal.tsx')).MaterialFormModal,
);

/**
 * The Materi block of a meeting: its materials as cards, and Tambah Materi with the form for those who
 * edit the meeting.
 */
export function MeetingMaterials({ meeting }: { meeting: MeetingDetail }) {
  const user = useCurrentUser();
  const context: MaterialMeeting = {
    id: meeting.id,
    nomor: meeting.nomor,
    kelasId: meeting.kelas_kuliah.id,
    jenis: meeting.jenis,
    status: meeting.status,
    waktu_mulai: meeting.waktu_mulai,
    waktu_selesai: meeting.waktu_selesai,
    default_deadline_materi: meeting.default_deadline_materi,
    timeZone: meeting.time_zone,
    fixed: user.role !== 'operator',
    canEdit: meeting.akses.ubah,
  };
  const materials = useMeetingMaterials(context.kelasId, meeting.id);
  const { data: list, isLoading } = useDeferredQueryData(materials);
  const remove = useDeleteMaterial();
  const { message, notification } = useToasts();
  const [form, setForm] = useState<{ material?: Material } | null>(null);
  const [deleting, setDeleting] = useState<Material | null>(null);

  return (
    <PlainStack>
      {context.canEdit ? (
        <PlainButton icon={<PlusOutlined />} onClick={() => setForm({})} style={{ alignSelf: 'flex-start' }}>
          Tambah Materi
        </PlainButton>
      ) : null}
      {isLoading ? <LoadingLines rows={2} /> : null}
      {list?.length === 0 ? (
        <PlainText type="secondary">Belum ada materi pada pertemuan ini.</PlainText>
      ) : null}
      {list?.map((material) => (
        <MaterialCard
          key={material.id}
          material={material}
          timeZone={context.timeZone}
          onEdit={material.akses.ubah ? () => setForm({ material }) : undefined}
          onDelete={material.akses.hapus ? () => setDeleting(material) : undefined}
        />
      ))}
      {context.canEdit ? (
        <MaterialFormModal
          open={form !== null}
          meeting={context}
          material={form?.material}
          onClose={() => setForm(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        danger
        title="Hapus Materi"
        confirmText="Hapus"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(deleting!.id);
            void message.success('Materi berhasil dihapus');
            setDeleting(null);
          } catch (error) {
            notification.error({ title: (error as Error).message, placement: 'bottom' });
          }
        }}
      >
        Hapus materi &quot;{deleting?.judul}&quot;? Catatan kehadiran mahasiswa pada materi ini ikut terhapus.
      </ConfirmDialog>
    </PlainStack>
  );
}
