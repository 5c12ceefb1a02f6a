import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { GradeSend, GradeSendDetail } from '@lms/contract/grade.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { gradeKeys } from '../../../lib/query-keys/grade-query-keys.ts';

const path = (classId: string) => `/v2/lms/nilai/kelas_kuliah/${encodeURIComponent(classId)}/kirim`;
const running = (status: string | undefined) => status === 'menunggu' || status === 'berjalan';

/** GET …/kirim/{kirimId}: progress and per-student results of one sending. */
export async function getGradeSend(classId: string, sendId: string): Promise<GradeSendDetail> {
  const response = await apiClient.get<{ data: GradeSendDetail }>(`${path(classId)}/${sendId}`);
  return response.data.data;
}

/** GET …/kirim: the class's sendings, newest first (the audit trail). */
export async function listGradeSends(classId: string): Promise<GradeSend[]> {
  const response = await apiClient.get<{ data: GradeSend[] }>(path(classId));
  return response.data.data;
}

/** One sending, polled every second while it waits or runs; the recap reloads when it ends. */
export function useGradeSend(classId: string, sendId: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: gradeKeys.send(classId, sendId ?? ''),
    queryFn: () => getGradeSend(classId, sendId!),
    enabled: !!sendId,
    refetchInterval: (q) => (running(q.state.data?.status) || !q.state.data ? 1000 : false),
  });
  const finished = !!query.data && !running(query.data.status);
  useEffect(() => {
    if (finished) {
      void queryClient.invalidateQueries({ queryKey: gradeKeys.recap(classId) });
      void queryClient.invalidateQueries({ queryKey: gradeKeys.sends(classId) });
    }
  }, [finished, classId, queryClient]);
  return query;
}

/** The class's sendings. */
export function useGradeSends(classId: string) {
  return useQuery({ queryKey: gradeKeys.sends(classId), queryFn: () => listGradeSends(classId) });
}
