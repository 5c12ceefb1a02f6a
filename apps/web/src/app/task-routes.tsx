import { ClassTaskPage } from '../features/task/routes/class-task-page.tsx';
import { TaskDetailPage } from '../features/task/routes/task-detail-page.tsx';

// The task pages take a `comments` slot: the comment thread of issue 11's later part is composed here,
// so the task feature never imports the chat feature.

/** /tugas/{id}. */
export function TaskDetailRoute() {
  return <TaskDetailPage />;
}

/** /kelas/{id}/tugas/{activityId}. */
export function ClassTaskRoute() {
  return <ClassTaskPage />;
}
