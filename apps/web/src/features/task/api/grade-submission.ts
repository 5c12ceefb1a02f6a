import { useMutation } from '@tanstack/react-query';
import type { GradeInput, Submission } from '@lms/contract/task.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { useTasksChanged } from './save-task.ts';

/** PUT /v2/lms/tugas/{id}/pengumpulan/{pid}/nilai. */
export async function gradeSubmission({
  taskId,
  submissionId,
  input,
}: {
  taskId: string;
  submissionId: string;
  input: GradeInput;
}): Promise<Submission> {
  const response = await apiClient.put<{ data: Submission }>(
    `/v2/lms/tugas/${taskId}/pengumpulan/${submissionId}/nilai`,
    input,
  );
  return response.data.data;
}

/** Grades one hand-in. */
export function useGradeSubmission() {
  const onSuccess = useTasksChanged();
  return useMutation({ mutationFn: gradeSubmission, onSuccess });
}
