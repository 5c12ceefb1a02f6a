import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Recalculation, RecalculationInput } from '@lms/contract/attendance.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { attendanceKeys } from '../../../lib/query-keys/attendance-query-keys.ts';

/** What to recalculate: one meeting ("Update Progress") or a class / the filter ("Update Kehadiran Manual"). */
export type RecalculationRequest = { meetingId: string } | { filter: RecalculationInput };

/** POST …/pertemuan/{id}/hitung_ulang or POST …/hitung_persentase: queues a recalculation job. */
export async function requestRecalculation(request: RecalculationRequest): Promise<Recalculation> {
  const response =
    'meetingId' in request
      ? await apiClient.post<{ data: Recalculation }>(
          `/v2/lms/kehadiran_mahasiswa/pertemuan/${request.meetingId}/hitung_ulang`,
        )
      : await apiClient.post<{ data: Recalculation }>(
          '/v2/lms/kehadiran_mahasiswa/hitung_persentase',
          request.filter,
        );
  return response.data.data;
}

/** Starts a recalculation; the pages follow its state through the calc-percentage event. */
export function useRequestRecalculation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestRecalculation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attendanceKeys.all }),
  });
}
