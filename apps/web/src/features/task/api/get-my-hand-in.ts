import { useQuery } from '@tanstack/react-query';
import type { MyHandIn } from '@lms/contract/task.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { taskKeys } from '../../../lib/query-keys/task-query-keys.ts';

/** GET /v2/lms/tugas/{id}/pengumpulan_saya: the student's (or their group's) hand-in. */
export async function getMyHandIn(id: string): Promise<MyHandIn> {
  const response = await apiClient.get<{ data: MyHandIn }>(`/v2/lms/tugas/${id}/pengumpulan_saya`);
  return response.data.data;
}

/** The student's hand-in; a group mate may hand in meanwhile, so it is refreshed every minute. */
export function useMyHandIn(id: string, enabled: boolean) {
  return useQuery({
    queryKey: taskKeys.myHandIn(id),
    queryFn: () => getMyHandIn(id),
    enabled,
    refetchInterval: 60_000,
  });
}
