import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GradeSend } from '@lms/contract/grade.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { gradeKeys } from '../../../lib/query-keys/grade-query-keys.ts';

/** POST …/kirim: queues the sending job (konfirmasi_timpa after the overwrite confirmation). */
export async function requestSend(input: { classId: string; confirmOverwrite: boolean }): Promise<GradeSend> {
  const response = await apiClient.post<{ data: GradeSend }>(
    `/v2/lms/nilai/kelas_kuliah/${encodeURIComponent(input.classId)}/kirim`,
    { konfirmasi_timpa: input.confirmOverwrite },
  );
  return response.data.data;
}

/** Starts sending to SIAKAD. */
export function useRequestSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestSend,
    onSuccess: (_, input) => queryClient.invalidateQueries({ queryKey: gradeKeys.sends(input.classId) }),
  });
}
