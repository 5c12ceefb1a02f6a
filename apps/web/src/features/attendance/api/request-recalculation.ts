import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Recalculation, RecalculationInput, RecalculationScope } from '@lms/contract/attendance.schema';
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

/** GET …/hitung_persentase/cakupan: what "Update Kehadiran Manual" would recalculate (its confirmation). */
export async function getRecalculationScope(filter: RecalculationInput): Promise<RecalculationScope> {
  const response = await apiClient.get<{ data: RecalculationScope }>(
    '/v2/lms/kehadiran_mahasiswa/hitung_persentase/cakupan',
    { params: filter },
  );
  return response.data.data;
}

/** GET …/hitung_persentase/{id}: a recalculation's state and progress, asked every second while it runs. */
export function useRecalculationStatus(id: string | null) {
  return useQuery({
    queryKey: attendanceKeys.recalculation(id ?? ''),
    queryFn: async () =>
      (await apiClient.get<{ data: Recalculation }>(`/v2/lms/kehadiran_mahasiswa/hitung_persentase/${id}`))
        .data.data,
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.status !== 'error' && (query.state.data?.status ?? 'processing') === 'processing'
        ? 1_000
        : false,
  });
}
