import type { AnswerValue } from '@lms/contract/exam.rules';
import { examRequest } from '../taking/exam-http.ts';

export interface AnswerSaved {
  id_soal: string;
  urutan: number;
  diterapkan: boolean;
  waktu_server: string;
  sisa_detik: number;
}

/** PUT /v2/lms/pengerjaan/{id}/jawaban/{soalId}: one answer with the client's sequence number. */
export function saveAnswer(
  attemptId: string,
  soalId: string,
  jawaban: AnswerValue,
  urutan: number,
): Promise<AnswerSaved> {
  return examRequest<AnswerSaved>('PUT', `/v2/lms/pengerjaan/${attemptId}/jawaban/${soalId}`, {
    jawaban,
    urutan,
  });
}
