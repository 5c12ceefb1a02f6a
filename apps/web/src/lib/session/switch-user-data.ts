import { queryClient } from '../query-client.ts';
import { currentUserQuery } from '../queries/get-current-user.ts';

/** Queries about the college rather than the user; they survive a change of user. */
const collegeQueries = new Set(['configuration', 'college-logo']);

/** After the signed-in user changed: drops the old user's data and loads the new user. */
export async function switchUserData(): Promise<void> {
  queryClient.removeQueries({
    predicate: (query) => !collegeQueries.has(String(query.queryKey[0])),
  });
  await queryClient.fetchQuery(currentUserQuery);
}
