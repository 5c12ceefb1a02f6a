import type { MeetingDetail } from '@lms/contract/meeting.schema';
import type { Forum } from '@lms/contract/forum.schema';
import { MeetingContentList } from '../../../components/meeting-content-list.tsx';
import { lazyModal } from '../../../components/lazy-modal.tsx';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { useMeetingContentList } from '../../../lib/use-meeting-content-list.ts';
import { useDeleteForum } from '../api/save-forum.ts';
import { ForumCard } from './forum-card.tsx';

// Fetched the first time it opens (the rich text editor and upload): readers never open it.
const ForumFormModal = lazyModal(async () => (await import('./forum-form-modal.tsx')).ForumFormModal);

/** The Forum block of a meeting: its forums, and Tambah Forum for those who edit the meeting. */
export function MeetingForums({ meeting }: { meeting: MeetingDetail }) {
  const user = useCurrentUser();
  return (
    <MeetingContentList
      meeting={meeting}
      list={useMeetingContentList<Forum>('forum', meeting.id)}
      name="Forum"
      noun="forum"
      card={(forum, actions) => (
        <ForumCard
          forum={forum}
          timeZone={meeting.time_zone}
          student={user.role === 'mahasiswa'}
          {...actions}
        />
      )}
      form={(state) => <ForumFormModal {...state} />}
      deletable={(forum) => forum.akses.hapus}
      remove={useDeleteForum()}
      deleteText={(forum) => <>Hapus forum &quot;{forum.judul}&quot; beserta seluruh diskusinya?</>}
    />
  );
}
