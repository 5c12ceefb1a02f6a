import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PauseStatus } from '@lms/contract/exam-run.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { examKeys } from '../../../lib/query-keys/exam-query-keys.ts';

/** POST /v2/lms/ujian/{id}/jeda (with the reason) or POST /v2/lms/ujian/{id}/lanjutkan. */
export async function pauseExam({
  examId,
  jeda,
  alasan = '',
}: {
  examId: string;
  jeda: boolean;
  alasan?: string;
}): Promise<PauseStatus> {
  const response = jeda
    ? await apiClient.post<{ data: PauseStatus }>(`/v2/lms/ujian/${examId}/jeda`, { alasan })
    : await apiClient.post<{ data: PauseStatus }>(`/v2/lms/ujian/${examId}/lanjutkan`);
  return response.data.data;
}

/** Pausing or resuming an exam (the students' pages hear time_changed). */
export function usePauseExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pauseExam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: examKeys.all }),
  });
}
