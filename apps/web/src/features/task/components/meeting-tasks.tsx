import type { MeetingDetail } from '@lms/contract/meeting.schema';
import type { Task } from '@lms/contract/task.schema';
import { MeetingContentList } from '../../../components/meeting-content-list.tsx';
import { lazyModal } from '../../../components/lazy-modal.tsx';
import { useMeetingContentList } from '../../../lib/use-meeting-content-list.ts';
import { useDeleteTask } from '../api/save-task.ts';
import { TaskCard } from './task-card.tsx';

// Fetched the first time it opens (the rich text editor, upload and date pickers): readers never open it.
const TaskFormModal = lazyModal(async () => (await import('./task-form-modal.tsx')).TaskFormModal);

/** The Tugas block of a meeting: its tasks, and Tambah Tugas for those who edit the meeting. */
export function MeetingTasks({ meeting }: { meeting: MeetingDetail }) {
  return (
    <MeetingContentList
      meeting={meeting}
      list={useMeetingContentList<Task>('tugas', meeting.id)}
      name="Tugas"
      noun="tugas"
      loadingRows={2}
      card={(task, actions) => <TaskCard task={task} timeZone={meeting.time_zone} {...actions} />}
      form={(state) => <TaskFormModal {...state} />}
      // A task has no delete right of its own: who may change it may delete it.
      deletable={(task) => task.akses.ubah}
      remove={useDeleteTask()}
      deleteText={(task) => <>Hapus tugas &quot;{task.judul}&quot; beserta seluruh pengumpulannya?</>}
    />
  );
}
