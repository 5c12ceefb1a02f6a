import type { AnswerValue } from '@lms/contract/exam.rules';
import { apiClient } from '../../../lib/api-client.ts';

export interface AnswerSaved {
  id_soal: string;
  urutan: number;
  diterapkan: boolean;
  waktu_server: string;
  sisa_detik: number;
}

/** PUT /v2/lms/pengerjaan/{id}/jawaban/{soalId}: one answer with the client's sequence number. */
export async function saveAnswer(
  attemptId: string,
  soalId: string,
  jawaban: AnswerValue,
  urutan: number,
): Promise<AnswerSaved> {
  const response = await apiClient.put<{ data: AnswerSaved }>(
    `/v2/lms/pengerjaan/${attemptId}/jawaban/${soalId}`,
    {
      jawaban,
      urutan,
    },
  );
  return response.data.data;
}
