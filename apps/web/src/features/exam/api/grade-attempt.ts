import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { examKeys } from '../../../lib/query-keys/exam-query-keys.ts';

/** The lecturer's grading writes: a question's mark (or its removal), the attempt's deduction, a reset, publishing. */
export type GradeChange =
  | { kind: 'mark'; examId: string; studentId: string; groupId: string; questionId: string; nilai: number }
  | { kind: 'clearMark'; examId: string; studentId: string; groupId: string; questionId: string }
  | { kind: 'deduction'; examId: string; attemptId: string; nilai: number }
  | { kind: 'reset'; examId: string; attemptId: string }
  | { kind: 'publish'; examId: string; publish: boolean };

/** PUT (DELETE: back to the automatic mark) …/nilai, PUT /v2/lms/pengerjaan/{id}/pengurangan_nilai, DELETE /v2/lms/pengerjaan/{id}, PUT …/nilai_publishing. */
export async function gradeAttempt(change: GradeChange): Promise<void> {
  if (change.kind === 'mark') {
    await apiClient.put(
      `/v2/lms/ujian/${change.examId}/pengerjaan/${change.studentId}/kelompok_soal/${change.groupId}/soal/${change.questionId}/nilai`,
      { nilai: change.nilai },
    );
  } else if (change.kind === 'clearMark') {
    await apiClient.delete(
      `/v2/lms/ujian/${change.examId}/pengerjaan/${change.studentId}/kelompok_soal/${change.groupId}/soal/${change.questionId}/nilai`,
    );
  } else if (change.kind === 'deduction') {
    await apiClient.put(`/v2/lms/pengerjaan/${change.attemptId}/pengurangan_nilai`, { nilai: change.nilai });
  } else if (change.kind === 'reset') {
    await apiClient.delete(`/v2/lms/pengerjaan/${change.attemptId}`);
  } else {
    await apiClient.put(`/v2/lms/ujian/${change.examId}/nilai_publishing`, {
      is_tampilkan_nilai: change.publish,
    });
  }
}

/** A grading write; refreshes the exam's attempts and counts. */
export function useGradeAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: gradeAttempt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: examKeys.all }),
  });
}
