import { useMutation } from '@tanstack/react-query';
import type { Vidcon } from '@lms/contract/vidcon.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { useVidconsChanged } from './save-vidcon.ts';

/** PUT /v2/lms/vidcon/{id}/join: the server records the join time. */
export async function joinVidcon(id: string): Promise<Vidcon> {
  const response = await apiClient.put<{ data: Vidcon }>(`/v2/lms/vidcon/${id}/join`);
  return response.data.data;
}

/** Records a join and refreshes the lists. */
export function useJoinVidcon() {
  const onSuccess = useVidconsChanged();
  return useMutation({ mutationFn: joinVidcon, onSuccess });
}
