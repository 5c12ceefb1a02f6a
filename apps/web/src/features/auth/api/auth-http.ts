import { ApiError, apiErrorFromAnswer } from '../../../lib/api-error.ts';
import { getCollegeId } from '../../../lib/college.ts';

/*
 * The public calls of the sign-in page with fetch instead of the app's axios client: sign-in is its own
 * small bundle (login.html), the first download of every phone. Same rules as lib/api-client.ts for a
 * public call: 60 s timeout, the `college-id` header, no bearer token, failures as ApiError (spec 1 §8).
 */

const timeoutMs = 60_000;

/** A public API call; answers the response when it succeeded, else throws the ApiError of the failure. */
export async function fetchPublic(
  url: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  const collegeId = getCollegeId();
  if (collegeId) headers.set('college-id', collegeId);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    // axios's texts for the same failures, so the page says what the app's client would.
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(
      timedOut ? `Timeout Of ${timeoutMs}ms Exceeded` : 'Network Error',
      undefined,
      'Network Error',
      undefined,
    );
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a proxy's error page): the status alone names the failure.
    }
    throw apiErrorFromAnswer(response.status, body);
  }
  return response;
}

/** A public API call answering the envelope's `data`. */
export async function fetchPublicData<T>(url: string, init?: Parameters<typeof fetchPublic>[1]): Promise<T> {
  const response = await fetchPublic(url, init);
  return ((await response.json()) as { data: T }).data;
}
