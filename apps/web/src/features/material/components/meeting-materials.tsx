import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { MeetingContentList } from '../../../components/meeting-content-list.tsx';
import { lazyModal } from '../../../components/lazy-modal.tsx';
import { PlainStack } from '../../../components/plain-stack.tsx';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { useDeleteMaterial } from '../api/delete-material.ts';
import { useKeptMeeting } from '../api/get-kept-materials.ts';
import { useMeetingMaterials } from '../api/list-meeting-materials.ts';
import { MaterialCard } from './material-card.tsx';
import { OfflineMaterialsBar } from './offline-materials-bar.tsx';
import { useOnlineStatus } from './use-online-status.ts';

// Fetched the first time it opens (the rich text editor, upload and date picker): readers never open it.
const MaterialFormModal = lazyModal(
  async () => (await import('./material-form-modal.tsx')).MaterialFormModal,
);

/**
 * The Materi block of a meeting: its materials as cards, and Tambah Materi with the form for those who
 * edit the meeting. A student may keep the meeting's files on the phone; offline, the block lists what
 * is kept (the server's list cannot load) and their readers open from the phone.
 */
export function MeetingMaterials({ meeting }: { meeting: MeetingDetail }) {
  const user = useCurrentUser();
  // An operator acting for a student records nothing (the server refuses), so keeps nothing either.
  const student = user.role === 'mahasiswa' && !user.acting_operator;
  const online = useOnlineStatus();
  const query = useMeetingMaterials(meeting.kelas_kuliah.id, meeting.id);
  const kept = useKeptMeeting(user.id, meeting.id, student).data;
  const keptUrls = new Set(kept?.materials.map((m) => m.file?.url));
  const list = !query.data && !online && kept ? { data: kept.materials, isError: false } : query;
  return (
    <PlainStack>
      {student ? (
        <OfflineMaterialsBar
          userId={user.id}
          meeting={meeting}
          materials={query.data}
          kept={kept}
          online={online}
        />
      ) : null}
      <MeetingContentList
        meeting={meeting}
        list={list}
        name="Materi"
        noun="materi"
        loadingRows={2}
        card={(material, actions) => (
          <MaterialCard
            material={material}
            timeZone={meeting.time_zone}
            offline={
              student && material.file && keptUrls.has(material.file.url)
                ? { userId: user.id, online }
                : undefined
            }
            {...actions}
          />
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
    </PlainStack>
  );
}
