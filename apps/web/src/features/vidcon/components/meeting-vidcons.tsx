import type { MeetingDetail } from '@lms/contract/meeting.schema';
import type { Vidcon } from '@lms/contract/vidcon.schema';
import { MeetingContentList } from '../../../components/meeting-content-list.tsx';
import { lazyModal } from '../../../components/lazy-modal.tsx';
import { useDeleteVidcon } from '../api/delete-vidcon.ts';
import { useMeetingContentList } from '../../../lib/use-meeting-content-list.ts';
import { VidconCard } from './vidcon-card.tsx';

// Fetched the first time it opens (its form and date pickers): readers never open it.
const VidconFormModal = lazyModal(async () => (await import('./vidcon-form-modal.tsx')).VidconFormModal);

/** The Vidcon block of a meeting: its vidcons, and Tambah Vidcon for those who edit the meeting. */
export function MeetingVidcons({ meeting }: { meeting: MeetingDetail }) {
  return (
    <MeetingContentList
      meeting={meeting}
      list={useMeetingContentList<Vidcon>('vidcon', meeting.id)}
      name="Vidcon"
      noun="vidcon"
      card={(vidcon, actions) => <VidconCard vidcon={vidcon} timeZone={meeting.time_zone} {...actions} />}
      form={(state) => <VidconFormModal {...state} />}
      deletable={(vidcon) => vidcon.akses.hapus}
      remove={useDeleteVidcon()}
      deleteText={(vidcon) => (
        <>
          Hapus vidcon &quot;{vidcon.judul}&quot;? Catatan kehadiran mahasiswa pada vidcon ini ikut terhapus.
        </>
      )}
    />
  );
}
