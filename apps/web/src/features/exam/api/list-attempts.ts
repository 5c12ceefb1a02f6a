import { useQuery } from '@tanstack/react-query';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { examKeys } from '../../../lib/query-keys/exam-query-keys.ts';

export interface AttemptRow {
  id: string;
  mahasiswa: { id: string; nama: string; nim: string };
  status: 'berlangsung' | 'selesai';
  waktu_mulai: string;
  waktu_selesai: string | null;
  jumlah_soal: number;
  jumlah_soal_dijawab: number;
  nilai_akhir: number | null;
  sudah_dinilai: boolean;
}

/** GET /v2/lms/ujian/{id}/pengerjaan: the attempts, by student name. */
export async function listAttempts(examId: string): Promise<{ data: AttemptRow[]; meta: PageMeta }> {
  const response = await apiClient.get<{ data: AttemptRow[]; meta: PageMeta }>(
    `/v2/lms/ujian/${examId}/pengerjaan`,
    {
      params: { per_page: 100 },
    },
  );
  return response.data;
}

/** The lecturer's attempts list. */
export function useAttempts(examId: string, enabled: boolean) {
  return useQuery({ queryKey: examKeys.attempts(examId), queryFn: () => listAttempts(examId), enabled });
}
