import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useExamsChanged } from './save-exam.ts';

/** DELETE /v2/lms/ujian/{id}: with its attempts and remedials. */
export async function deleteExam(id: string): Promise<void> {
  await apiClient.delete(`/v2/lms/ujian/${id}`);
}

/** Deleting an exam. */
export function useDeleteExam() {
  const onSuccess = useExamsChanged();
  return useMutation({ mutationFn: deleteExam, onSuccess });
}
