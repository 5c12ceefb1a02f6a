import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassGroups } from '@lms/contract/task-group.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { taskGroupKeys } from '../../../lib/query-keys/task-query-keys.ts';

/** GET /v2/lms/kelas_kuliah/{id}/kelompok. */
export async function getClassGroups(classId: string): Promise<ClassGroups> {
  const response = await apiClient.get<{ data: ClassGroups }>(
    `/v2/lms/kelas_kuliah/${encodeURIComponent(classId)}/kelompok`,
  );
  return response.data.data;
}

/** Query options of the class's groups and the students without one. */
export function classGroupsQuery(classId: string) {
  return queryOptions({ queryKey: taskGroupKeys.ofClass(classId), queryFn: () => getClassGroups(classId) });
}

/** The class's groups and the students without one. */
export function useClassGroups(classId: string) {
  return useQuery(classGroupsQuery(classId));
}
