import { data, redirect, type MiddlewareFunction } from 'react-router';
import { queryClient } from '../lib/query-client.ts';
import { accessRestrictionQuery } from '../lib/queries/check-access-restriction.ts';
import { currentUserQuery } from '../lib/queries/get-current-user.ts';
import { readTokens } from '../lib/session/token-store.ts';
import { isBrowserOffline, isNetworkFailure, lastKnownUser, rememberLastUser } from './offline-session.ts';
import { accessRestrictionRedirect, oauthCodeForward, signInRedirect } from './route-guards.ts';

/** oauth-code: forwards any page carrying `code` to /oauth (spec 1 §4). */
export const oauthCodeMiddleware: MiddlewareFunction = ({ request }) => {
  const target = oauthCodeForward(new URL(request.url), document.referrer);
  if (target) throw redirect(target);
};

/**
 * auth: a signed-out visitor goes to /login; a signed-in one has the user loaded for the pages. Without a
 * connection (the browser says so, or the request got no answer) the last user the server named for this
 * session stands in, so the app opens offline (issue 44 §4); a 401 still ends the session.
 */
export const authMiddleware: MiddlewareFunction = async ({ request }) => {
  const url = new URL(request.url);
  const tokens = readTokens();
  if (!tokens) throw redirect(signInRedirect(url));
  const standIn = () => {
    const user = lastKnownUser(tokens);
    // Stale at once: the first request once online asks the server again.
    if (user) queryClient.setQueryData(currentUserQuery.queryKey, user, { updatedAt: 0 });
    return user;
  };
  // Offline, the query would wait for the connection (React Query pauses it): no request, no wait.
  if (isBrowserOffline() && !queryClient.getQueryData(currentUserQuery.queryKey) && standIn()) return;
  try {
    rememberLastUser(tokens, await queryClient.ensureQueryData(currentUserQuery));
  } catch (error) {
    // A 401 has already ended the session (api-client); anything else is an error page.
    if (!readTokens()) throw redirect(signInRedirect(url));
    if (isNetworkFailure(error) && standIn()) return;
    throw error;
  }
};

/** access-restriction: students who miss a requirement go to /forbidden (spec 1 §4). */
export const accessRestrictionMiddleware: MiddlewareFunction = async ({ request }) => {
  const user = queryClient.getQueryData(currentUserQuery.queryKey);
  // Restrictions are rules on students (attendance, fees); other roles have none to meet.
  if (user?.role !== 'mahasiswa') return;
  // Offline the last answer this page had decides, or nothing blocks: only what is already on the phone
  // can be opened then.
  const last = queryClient.getQueryData(accessRestrictionQuery.queryKey);
  let status;
  if (isBrowserOffline()) {
    if (!last) return;
    status = last;
  } else {
    try {
      status = await queryClient.fetchQuery(accessRestrictionQuery);
    } catch (error) {
      if (!isNetworkFailure(error)) throw data('Failed to fetch access restriction status', { status: 500 });
      if (!last) return;
      status = last;
    }
  }
  const target = accessRestrictionRedirect(status, new URL(request.url).pathname);
  if (target) throw redirect(target);
};
