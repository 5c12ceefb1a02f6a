import { useQuery } from '@tanstack/react-query';
import type { QuestionGroup } from '@lms/contract/exam.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { questionBankKeys } from '../../../lib/query-keys/question-bank-query-keys.ts';

interface ClassOption {
  id: string;
  kelas: { nama: string };
  mata_kuliah: { kode: string; nama: string };
}
interface ExamOption {
  id: string;
  judul: string;
  jenis: string;
}

/** GET /v2/lms/kelas_kuliah?periode=: the lecturer's classes of a period (the copy modal's first step). */
export function useClassesOfPeriod(periode: number | null) {
  return useQuery({
    queryKey: questionBankKeys.copySource('classes', { periode }),
    enabled: periode !== null,
    queryFn: async () =>
      (
        await apiClient.get<{ data: ClassOption[] }>('/v2/lms/kelas_kuliah', {
          params: { periode, page: 1, per_page: 100 },
        })
      ).data.data,
  });
}

/** GET /v2/lms/ujian?id_kelas_kuliah=: the exams of a class. */
export function useExamsOfClass(classId: string | null) {
  return useQuery({
    queryKey: questionBankKeys.copySource('exams', { classId }),
    enabled: !!classId,
    queryFn: async () =>
      (
        await apiClient.get<{ data: ExamOption[] }>('/v2/lms/ujian', {
          params: { id_kelas_kuliah: classId, page: 1, per_page: 100 },
        })
      ).data.data,
  });
}

/** GET /v2/lms/ujian/{id}/kelompok_soal: the exam's questions by group. */
export function useExamQuestions(examId: string | null) {
  return useQuery({
    queryKey: questionBankKeys.copySource('questions', { examId }),
    enabled: !!examId,
    queryFn: async () =>
      (
        await apiClient.get<{ data: { kelompok_soal: QuestionGroup[] } }>(
          `/v2/lms/ujian/${encodeURIComponent(examId!)}/kelompok_soal`,
        )
      ).data.data.kelompok_soal,
  });
}

/** POST /v2/lms/bank_soal/{id}/salin_ujian: the chosen exam questions into the bank. */
export async function copyFromExam(bankId: string, examId: string, ids: string[]): Promise<number> {
  const response = await apiClient.post<{ data: { jumlah: number } }>(
    `/v2/lms/bank_soal/${encodeURIComponent(bankId)}/salin_ujian`,
    { id_ujian: examId, list_id_soal: ids },
  );
  return response.data.data.jumlah;
}

/** POST /v2/lms/ujian/{id}/kelompok_soal/{groupId}/soal/dari_bank: an exam group takes bank questions. */
export async function takeFromBank(examId: string, groupId: string, bankId: string, ids: string[]) {
  const response = await apiClient.post<{ data: { jumlah: number } }>(
    `/v2/lms/ujian/${encodeURIComponent(examId)}/kelompok_soal/${encodeURIComponent(groupId)}/soal/dari_bank`,
    { id_bank_soal: bankId, list_id_soal: ids },
  );
  return response.data.data.jumlah;
}
