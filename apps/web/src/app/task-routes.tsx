import { GroupChatButton } from '../features/chat/components/group-chat-button.tsx';
import { ClassGroupsPage } from '../features/task-group/routes/class-groups-page.tsx';
import { ClassTaskPage } from '../features/task/routes/class-task-page.tsx';
import { TaskDetailPage } from '../features/task/routes/task-detail-page.tsx';
import { useCurrentUser } from '../lib/queries/get-current-user.ts';
import { LecturerTaskComments, StudentTaskComments } from './task-comments.tsx';

// The task pages take slots that the chat feature fills here, so neither feature imports the other.

/** /tugas/{id}: a student's page carries their comment thread. */
export function TaskDetailRoute() {
  const user = useCurrentUser();
  return (
    <TaskDetailPage
      comments={user.role === 'mahasiswa' ? (task) => <StudentTaskComments task={task} /> : undefined}
    />
  );
}

/** /kelas/{id}/tugas/{activityId}: the lecturer reads and answers each student's (or group's) comments. */
export function ClassTaskRoute() {
  return <ClassTaskPage comments={(task) => <LecturerTaskComments task={task} />} />;
}

/** /kelas/{id}/kelompok: each group card has its Percakapan, for its members and the lecturers. */
export function ClassGroupsRoute() {
  const user = useCurrentUser();
  return (
    <ClassGroupsPage
      chat={(group) =>
        user.role === 'dosen' || group.anggota.some((m) => m.mahasiswa.id === user.id) ? (
          <GroupChatButton taskGroupId={group.id} name={group.nama} />
        ) : null
      }
    />
  );
}
