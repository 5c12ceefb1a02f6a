import { data, redirect, type MiddlewareFunction } from 'react-router';
import { queryClient } from '../lib/query-client.ts';
import { accessRestrictionQuery } from '../lib/queries/check-access-restriction.ts';
import { currentUserQuery } from '../lib/queries/get-current-user.ts';
import { readTokens } from '../lib/session/token-store.ts';
import { accessRestrictionRedirect, oauthCodeForward, signInRedirect } from './route-guards.ts';

/** oauth-code: forwards any page carrying `code` to /oauth (spec 1 §4). */
export const oauthCodeMiddleware: MiddlewareFunction = ({ request }) => {
  const target = oauthCodeForward(new URL(request.url), document.referrer);
  if (target) throw redirect(target);
};

/** auth: a signed-out visitor goes to /login; a signed-in one has the user loaded for the pages. */
export const authMiddleware: MiddlewareFunction = async ({ request }) => {
  const url = new URL(request.url);
  if (!readTokens()) throw redirect(signInRedirect(url));
  try {
    await queryClient.ensureQueryData(currentUserQuery);
  } catch (error) {
    // A 401 has already ended the session (api-client); anything else is an error page.
    if (!readTokens()) throw redirect(signInRedirect(url));
    throw error;
  }
};

/** access-restriction: students who miss a requirement go to /forbidden (spec 1 §4). */
export const accessRestrictionMiddleware: MiddlewareFunction = async ({ request }) => {
  const user = queryClient.getQueryData(currentUserQuery.queryKey);
  // Restrictions are rules on students (attendance, fees); other roles have none to meet.
  if (user?.role !== 'mahasiswa') return;
  let status;
  try {
    status = await queryClient.fetchQuery(accessRestrictionQuery);
  } catch {
    throw data('Failed to fetch access restriction status', { status: 500 });
  }
  const target = accessRestrictionRedirect(status, new URL(request.url).pathname);
  if (target) throw redirect(target);
};
