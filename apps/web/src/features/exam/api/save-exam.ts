import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Exam, ExamCopyInput, ExamInput } from '@lms/contract/exam.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { dashboardKeys } from '../../../lib/query-keys/dashboard-query-keys.ts';
import { examKeys } from '../../../lib/query-keys/exam-query-keys.ts';
import { meetingKeys } from '../../../lib/query-keys/meeting-query-keys.ts';

/**
 * POST /v2/lms/ujian, PUT /v2/lms/ujian/{id}, or POST /v2/lms/ujian/salin (copy tab; `copyKeys` false
 * copies the questions without their answer keys).
 */
export async function saveExam({
  id,
  input,
  copyFrom,
  copyKeys = true,
}: {
  id?: string;
  input: ExamInput;
  copyFrom?: string | null;
  copyKeys?: boolean;
}): Promise<Exam> {
  if (copyFrom !== undefined) {
    const body: ExamCopyInput = { ...input, id: copyFrom, salin_kunci_jawaban: copyKeys };
    return (await apiClient.post<{ data: Exam }>('/v2/lms/ujian/salin', body)).data.data;
  }
  const response = id
    ? await apiClient.put<{ data: Exam }>(`/v2/lms/ujian/${id}`, input)
    : await apiClient.post<{ data: Exam }>('/v2/lms/ujian', input);
  return response.data.data;
}

/** Refreshes what shows exams: the lists, the meeting's counts and the dashboard tile. */
export function useExamsChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [examKeys.all, meetingKeys.details(), dashboardKeys.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** The exam form's save. */
export function useSaveExam() {
  const onSuccess = useExamsChanged();
  return useMutation({ mutationFn: saveExam, onSuccess });
}
