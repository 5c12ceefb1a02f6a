import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupInput, QuestionGroup, QuestionInput } from '@lms/contract/exam.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { examKeys } from '../../../lib/query-keys/exam-query-keys.ts';

/** The content editor's writes: a group (add, change, delete) or a question (add, change, delete). */
export type ContentChange =
  | { kind: 'group'; examId: string; groupId?: string; input: GroupInput }
  | { kind: 'delete-group'; examId: string; groupId: string }
  | { kind: 'question'; examId: string; groupId: string; questionId?: string; input: QuestionInput }
  | { kind: 'delete-question'; examId: string; groupId: string; questionId: string };

/**
 * POST/PUT/DELETE /v2/lms/ujian/{id}/kelompok_soal[/{groupId}[/soal[/{questionId}]]]; answers the
 * question's id for a question write (a new question is the last of its group).
 */
export async function saveContent(change: ContentChange): Promise<string | undefined> {
  const groups = `/v2/lms/ujian/${change.examId}/kelompok_soal`;
  if (change.kind === 'group') {
    if (change.groupId) await apiClient.put(`${groups}/${change.groupId}`, change.input);
    else await apiClient.post(groups, change.input);
  } else if (change.kind === 'delete-group') {
    await apiClient.delete(`${groups}/${change.groupId}`);
  } else if (change.kind === 'question') {
    const base = `${groups}/${change.groupId}/soal`;
    if (change.questionId) {
      await apiClient.put(`${base}/${change.questionId}`, change.input);
      return change.questionId;
    }
    const group = (await apiClient.post<{ data: QuestionGroup }>(base, change.input)).data.data;
    return group.soal.at(-1)?.id;
  } else {
    await apiClient.delete(`${groups}/${change.groupId}/soal/${change.questionId}`);
  }
  return undefined;
}

/**
 * A content write; refreshes the content, its preview, the exam's question count and the attempts (a changed question
 * has finished attempts scored again: the calculation status then says so).
 */
export function useSaveContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContent,
    onSuccess: (_, change) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: examKeys.content(change.examId) }),
        // The preview's draw is of the content before the change.
        queryClient.invalidateQueries({ queryKey: examKeys.preview(change.examId) }),
        queryClient.invalidateQueries({ queryKey: examKeys.detail(change.examId) }),
        queryClient.invalidateQueries({ queryKey: [...examKeys.all, 'attempt', change.examId] }),
      ]),
  });
}
