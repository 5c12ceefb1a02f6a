import { taskStatusLabels, taskStatuses } from '@lms/contract/task.rules';
import { StatusFilteredListPage } from '../../../components/status-filtered-list-page.tsx';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useMyTasks } from '../api/list-my-tasks.ts';
import { TaskCard } from '../components/task-card.tsx';

/** /tugas: the tasks of the user's classes, filtered by status (belum_dimulai, sedang_berlangsung, selesai). */
export function TaskListPage() {
  const timeZone = useTimeZone();
  return (
    <StatusFilteredListPage
      title="Tugas"
      statuses={taskStatuses}
      statusLabels={taskStatusLabels}
      emptyText="Tidak ada tugas pada kelas Anda."
      useList={useMyTasks}
      card={(task) => <TaskCard task={task} timeZone={timeZone} showClass showDescription={false} />}
    />
  );
}
