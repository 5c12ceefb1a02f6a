import { useQuery } from '@tanstack/react-query';
import type { SubmissionRow } from '@lms/contract/task.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { taskKeys } from '../../../lib/query-keys/task-query-keys.ts';

/** GET /v2/lms/tugas/{id}/pengumpulan: every student (or group) with their hand-in. */
export async function listSubmissions(id: string): Promise<SubmissionRow[]> {
  const response = await apiClient.get<{ data: SubmissionRow[] }>(`/v2/lms/tugas/${id}/pengumpulan`);
  return response.data.data;
}

/** The lecturer's submissions tab. */
export function useSubmissions(id: string) {
  return useQuery({ queryKey: taskKeys.submissions(id), queryFn: () => listSubmissions(id) });
}
