import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vidcon, VidconInput } from '@lms/contract/vidcon.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { dashboardKeys } from '../../../lib/query-keys/dashboard-query-keys.ts';
import { meetingKeys } from '../../../lib/query-keys/meeting-query-keys.ts';
import { vidconKeys } from '../../../lib/query-keys/vidcon-query-keys.ts';

/** POST /v2/lms/vidcon or PUT /v2/lms/vidcon/{id}. */
export async function saveVidcon({ id, input }: { id?: string; input: VidconInput }): Promise<Vidcon> {
  const response = id
    ? await apiClient.put<{ data: Vidcon }>(`/v2/lms/vidcon/${id}`, input)
    : await apiClient.post<{ data: Vidcon }>('/v2/lms/vidcon', input);
  return response.data.data;
}

/** Refreshes what shows vidcons: the lists, the meeting's counts and the dashboard tile. */
export function useVidconsChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [vidconKeys.all, meetingKeys.details(), dashboardKeys.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** The vidcon form's save. */
export function useSaveVidcon() {
  const onSuccess = useVidconsChanged();
  return useMutation({ mutationFn: saveVidcon, onSuccess });
}
