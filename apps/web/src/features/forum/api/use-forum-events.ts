import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getCollegeId } from '../../../lib/college.ts';
import { forumKeys } from '../../../lib/query-keys/forum-query-keys.ts';
import { getValidAccessToken } from '../../../lib/session/access-token.ts';
import { subscribeTokens } from '../../../lib/session/token-store.ts';

/**
 * Follows `GET /v2/lms/forum/{id}/events`: a `post` event (new, edited or deleted) refreshes the
 * discussion for everyone on the page. EventSource cannot send headers, so the token goes in the query;
 * a refreshed token reopens the stream.
 */
export function useForumEvents(forumId: string, enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let closed = false;
    const open = async () => {
      source?.close();
      const token = await getValidAccessToken();
      if (closed || !token) return;
      const params = new URLSearchParams({ access_token: token });
      const collegeId = getCollegeId();
      if (collegeId) params.set('college-id', collegeId);
      source = new EventSource(`/v2/lms/forum/${forumId}/events?${params.toString()}`);
      source.addEventListener('post', () => {
        void queryClient.invalidateQueries({ queryKey: forumKeys.posts(forumId) });
        void queryClient.invalidateQueries({ queryKey: forumKeys.detail(forumId) });
      });
    };
    void open();
    const unsubscribe = subscribeTokens((tokens, reason) => {
      if (!tokens) source?.close();
      else if (reason !== 'sign-in') void open();
    });
    return () => {
      closed = true;
      unsubscribe();
      source?.close();
    };
  }, [forumId, enabled, queryClient]);
}
