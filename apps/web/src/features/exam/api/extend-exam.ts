import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { examKeys } from '../../../lib/query-keys/exam-query-keys.ts';

/**
 * PUT /v2/lms/ujian/{id}/perpanjang (the exam and every open attempt get the minutes) or, with an
 * attempt, PUT /v2/lms/pengerjaan/{id}/perpanjang (that attempt only).
 */
export async function extendExam({
  examId,
  attemptId,
  menit,
}: {
  examId: string;
  attemptId?: string;
  menit: number;
}): Promise<void> {
  if (attemptId) await apiClient.put(`/v2/lms/pengerjaan/${attemptId}/perpanjang`, { menit });
  else await apiClient.put(`/v2/lms/ujian/${examId}/perpanjang`, { menit });
}

/** Extending an exam (the students' pages hear time_changed). */
export function useExtendExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: extendExam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: examKeys.all }),
  });
}
