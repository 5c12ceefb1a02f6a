import { useMutation } from '@tanstack/react-query';
import type { ClashCheckRequest, ClashCheckResult } from '@lms/contract/meeting.schema';
import { apiClient } from '../../../lib/api-client.ts';

/** PUT /v2/lms/pertemuan/cek_bentrok: class, room and teacher clashes of a proposed schedule. */
export async function checkClashes(body: ClashCheckRequest): Promise<ClashCheckResult> {
  const response = await apiClient.put<{ data: ClashCheckResult }>('/v2/lms/pertemuan/cek_bentrok', body);
  return response.data.data;
}

/** The Cek Jadwal button's mutation. */
export function useCheckClashes() {
  return useMutation({ mutationFn: checkClashes });
}
