import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiClient } from '../../../lib/api-client.ts';
import { examKeys } from '../../../lib/query-keys/exam-query-keys.ts';

type CalculationStatus = 'selesai' | 'proses';

/** GET /v2/lms/ujian/{id}/perhitungan_nilai: whether finished attempts are being scored again. */
export async function getCalculationStatus(examId: string): Promise<CalculationStatus> {
  const response = await apiClient.get<{ data: { status: CalculationStatus } }>(
    `/v2/lms/ujian/${examId}/perhitungan_nilai`,
  );
  return response.data.data.status;
}

/**
 * The exam's score calculation, asked every 3 s while it runs; when it ends the attempts and their
 * scores are read again.
 */
export function useCalculationStatus(examId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: examKeys.calculation(examId),
    queryFn: () => getCalculationStatus(examId),
    refetchInterval: (q) => (q.state.data === 'proses' ? 3_000 : false),
  });
  const running = query.data === 'proses';
  const wasRunning = useRef(false);
  useEffect(() => {
    // Scores changed under the list: read the attempts (and an open attempt) again.
    if (wasRunning.current && !running)
      void queryClient.invalidateQueries({ queryKey: [...examKeys.all, 'attempt', examId] });
    wasRunning.current = running;
  }, [running, queryClient, examId]);
  return query;
}
