import { notifyManager, type Query } from '@tanstack/react-query';
import { queryClient } from '../query-client.ts';
import { currentUserQuery, getCurrentUser } from '../queries/get-current-user.ts';

/** Queries about the college rather than the user; they survive a change of user. */
const collegeQueries = new Set(['configuration', 'college-logo']);

function belongsToUser(query: Query): boolean {
  return !collegeQueries.has(String(query.queryKey[0]));
}

/**
 * After the signed-in identity changed (sign-in, acting for a student, back to the operator, another
 * tab): every cached answer belongs to one identity, so none of the previous one's is shown again (see
 * docs/web.md "One identity per cache"). The new user is loaded first, then in one render the old
 * answers go: those no page shows are removed, those a page shows are reset in place and asked again.
 * Removing a shown query is not enough: its mounted observers keep the removed query and its data (the
 * dashboard kept the operator's tiles while acting, issue 45). Removing and resetting both cancel a
 * request still under way, so no answer of the old identity is written after the switch.
 */
export async function switchUserData(): Promise<void> {
  const user = await getCurrentUser();
  const cache = queryClient.getQueryCache();
  notifyManager.batch(() => {
    for (const query of cache.findAll({ predicate: belongsToUser })) {
      if (query.getObserversCount() === 0) cache.remove(query);
      else query.reset();
    }
    queryClient.setQueryData(currentUserQuery.queryKey, user);
  });
  // The user was just loaded; the rest of what is on screen is asked for again, as the new identity.
  // Not awaited: the caller goes on to its page, which shows its own loading meanwhile.
  void queryClient.refetchQueries({
    type: 'active',
    predicate: (query) => belongsToUser(query) && query.queryKey[0] !== currentUserQuery.queryKey[0],
  });
}
