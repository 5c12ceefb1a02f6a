import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { MeetingContentList } from '../../../components/meeting-content-list.tsx';
import { lazyModal } from '../../../components/lazy-modal.tsx';
import { useDeleteMaterial } from '../api/delete-material.ts';
import { useMeetingMaterials } from '../api/list-meeting-materials.ts';
import { MaterialCard } from './material-card.tsx';

// Fetched the first time it opens (the rich text editor, upload and date picker): readers never open it.
const MaterialFormModal = lazyModal(
  async () => (await import('./material-form-modal.tsx')).MaterialFormModal,
);

/**
 * The Materi block of a meeting: its materials as cards, and Tambah Materi with the form for those who
 * edit the meeting.
 */
export function MeetingMaterials({ meeting }: { meeting: MeetingDetail }) {
  return (
    <MeetingContentList
      meeting={meeting}
      list={useMeetingMaterials(meeting.kelas_kuliah.id, meeting.id)}
      name="Materi"
      noun="materi"
      loadingRows={2}
      card={(material, actions) => (
        <MaterialCard material={material} timeZone={meeting.time_zone} {...actions} />
      )}
      form={({ meeting: formMeeting, ...state }) => (
        <MaterialFormModal
          {...state}
          meeting={{
            ...formMeeting,
            jenis: meeting.jenis,
            status: meeting.status,
            default_deadline_materi: meeting.default_deadline_materi,
          }}
        />
      )}
      deletable={(material) => material.akses.hapus}
      remove={useDeleteMaterial()}
      deleteText={(material) => (
        <>
          Hapus materi &quot;{material.judul}&quot;? Catatan kehadiran mahasiswa pada materi ini ikut
          terhapus.
        </>
      )}
    />
  );
}
