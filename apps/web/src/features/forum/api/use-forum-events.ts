import { useQueryClient } from '@tanstack/react-query';
import { forumKeys } from '../../../lib/query-keys/forum-query-keys.ts';
import { useAuthorizedEventSource } from '../../../lib/use-authorized-event-source.ts';

/**
 * Follows `GET /v2/lms/forum/{id}/events`: a `post` event (new, edited or deleted) refreshes the
 * discussion for everyone on the page.
 */
export function useForumEvents(forumId: string, enabled: boolean): void {
  const queryClient = useQueryClient();
  useAuthorizedEventSource(
    `/v2/lms/forum/${forumId}/events`,
    {},
    {
      post: () => {
        void queryClient.invalidateQueries({ queryKey: forumKeys.posts(forumId) });
        void queryClient.invalidateQueries({ queryKey: forumKeys.detail(forumId) });
      },
    },
    enabled,
  );
}
