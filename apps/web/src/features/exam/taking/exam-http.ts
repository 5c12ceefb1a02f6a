import { refreshBeforeExpiryMs } from '@lms/contract/auth.rules';
import { ApiError, capitalizeWords } from '../../../lib/api-error.ts';
import { getCollegeId } from '../../../lib/college.ts';
import { expireSession, readTokens } from '../../../lib/session/token-store.ts';

/*
 * The exam page's API calls, with fetch instead of the app's axios client: the page is its own small
 * bundle (exam.html) for a cheap phone on 3G at 08:00. Same rules as lib/api-client.ts: 60 s timeout,
 * `college-id`, the bearer token (refreshed through the app's own single-flight refresh, loaded only
 * when a refresh is due), errors as ApiError (spec 1 §8), and a 401 ends the session.
 */

const timeoutMs = 60_000;

/** A usable access token: the stored one while fresh, else the app's refresh (loaded on demand). */
export async function examAccessToken(): Promise<string | null> {
  const tokens = readTokens();
  if (!tokens) return null;
  if (tokens.expiresAt - Date.now() > refreshBeforeExpiryMs) return tokens.accessToken;
  const { getValidAccessToken } = await import('../../../lib/session/access-token.ts');
  return getValidAccessToken();
}

function messageOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { status, detail } = body as { status?: { message?: unknown }; detail?: unknown };
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
  const nested =
    detail && typeof detail === 'object' ? text((detail as { detail?: unknown }).detail) : undefined;
  return text(status?.message) ?? nested ?? text(detail);
}

/** Calls the API and answers the envelope's `data`; failures are ApiError as the app's client makes them. */
export async function examRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  const headers = new Headers();
  const collegeId = getCollegeId();
  if (collegeId) headers.set('college-id', collegeId);
  const token = await examAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('content-type', 'application/json');
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: payload, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(
      timedOut ? `Timeout Of ${timeoutMs}ms Exceeded` : 'Network Error',
      undefined,
      'Network Error',
      undefined,
    );
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (!response.ok) {
    if (response.status === 401) expireSession();
    const code =
      parsed && typeof parsed === 'object'
        ? (parsed as { status?: { code?: unknown } }).status?.code
        : undefined;
    throw new ApiError(
      capitalizeWords(messageOf(parsed) ?? `Request failed with status code ${response.status}`),
      response.status,
      response.status === 504 ? 'Gateway Timeout' : undefined,
      typeof code === 'string' ? code : undefined,
      parsed && typeof parsed === 'object' ? (parsed as { detail?: unknown }).detail : undefined,
    );
  }
  return (parsed as { data: T } | null)?.data as T;
}
