import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import type { TaskStatus } from '@lms/contract/task.rules';
import type { Task } from '@lms/contract/task.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { classTasksFirstPage } from '../../../lib/first-screens.ts';
import { taskKeys } from '../../../lib/query-keys/task-query-keys.ts';

export interface TaskPageParams {
  page: number;
  per_page: number;
  status?: TaskStatus;
  id_kelas_kuliah?: string;
}

/** GET /v2/lms/tugas: the tasks of the user's classes (or of one class), nearest deadline last. */
export async function listMyTasks(params: TaskPageParams): Promise<{ data: Task[]; meta: PageMeta }> {
  const response = await apiClient.get<{ data: Task[]; meta: PageMeta }>('/v2/lms/tugas', { params });
  return response.data;
}

/** Query options of one page of the user's tasks. */
export function myTasksQuery(params: TaskPageParams) {
  return queryOptions({
    queryKey: taskKeys.page(params),
    queryFn: () => listMyTasks(params),
    placeholderData: keepPreviousData,
  });
}

/** One page of the user's tasks. */
export function useMyTasks(params: TaskPageParams) {
  return useQuery(myTasksQuery(params));
}

/** The tasks of one class the class page's monitoring card lists (spec 2 §2): up to 50, one page. */
export function classTasksQuery(classId: string) {
  return myTasksQuery({ ...classTasksFirstPage, id_kelas_kuliah: classId });
}
