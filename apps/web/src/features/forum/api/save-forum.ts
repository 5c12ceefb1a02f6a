import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Forum, ForumInput } from '@lms/contract/forum.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { dashboardKeys } from '../../../lib/query-keys/dashboard-query-keys.ts';
import { forumKeys } from '../../../lib/query-keys/forum-query-keys.ts';
import { meetingKeys } from '../../../lib/query-keys/meeting-query-keys.ts';

/** POST /v2/lms/forum or PUT /v2/lms/forum/{id}. */
export async function saveForum({ id, input }: { id?: string; input: ForumInput }): Promise<Forum> {
  const response = id
    ? await apiClient.put<{ data: Forum }>(`/v2/lms/forum/${id}`, input)
    : await apiClient.post<{ data: Forum }>('/v2/lms/forum', input);
  return response.data.data;
}

/** DELETE /v2/lms/forum/{id}. */
export async function deleteForum(id: string): Promise<void> {
  await apiClient.delete(`/v2/lms/forum/${id}`);
}

/** Refreshes what shows forums: the lists, the meeting's counts and the dashboard tile. */
function useForumsChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [forumKeys.all, meetingKeys.details(), dashboardKeys.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** The forum form's save. */
export function useSaveForum() {
  const onSuccess = useForumsChanged();
  return useMutation({ mutationFn: saveForum, onSuccess });
}

/** Deletes a forum and refreshes the meeting. */
export function useDeleteForum() {
  const onSuccess = useForumsChanged();
  return useMutation({ mutationFn: deleteForum, onSuccess });
}
