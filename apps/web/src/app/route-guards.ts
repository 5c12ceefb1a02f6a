import type { AccessRestrictionStatus } from '@lms/contract/college.schema';
import { meetsAccessRestrictions } from '@lms/contract/access-restriction.rules';

/** Paths that a signed-out visitor may open. */
export const publicPaths = ['/login', '/oauth', '/dev'];

/**
 * oauth-code (spec 1 §4): a page other than /oauth that carries `code` goes to /oauth with `code`,
 * `path`, `redirect` (the original address without the code) and `refferer` (spelled so).
 */
export function oauthCodeForward(url: URL, referrer: string): string | null {
  if (url.pathname === '/oauth') return null;
  const code = url.searchParams.get('code');
  if (code === null) return null;
  const rest = new URLSearchParams(url.search);
  rest.delete('code');
  rest.delete('state');
  const query = rest.toString();
  const params = new URLSearchParams({
    code,
    path: url.pathname,
    redirect: url.pathname + (query ? `?${query}` : ''),
    refferer: referrer,
  });
  return `/oauth?${params.toString()}`;
}

/** auth: where a signed-out visitor of a protected page goes, remembering the target. */
export function signInRedirect(url: URL): string {
  return `/login?${new URLSearchParams({ redirect: url.pathname + url.search }).toString()}`;
}

/** access-restriction: /forbidden when any requirement is unmet, unless already there. */
export function accessRestrictionRedirect(status: AccessRestrictionStatus, pathname: string): string | null {
  if (meetsAccessRestrictions(status)) return null;
  return pathname === '/forbidden' || pathname.startsWith('/forbidden/') ? null : '/forbidden';
}
