import { sendSuccessfulRequest } from '../../../lib/http-request.ts';

/*
 * The public calls of the sign-in page without the app's client: sign-in is its own small bundle
 * (login.html), the first download of every phone. Same rules as lib/api-client.ts for a public call
 * (the shared lib/http-request.ts): 60 s timeout, `college-id`, no bearer token, failures as ApiError.
 */

/** A public API call answering the envelope's `data`; failures throw their ApiError (spec 1 §8). */
export async function fetchPublicData<T>(
  url: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const answer = await sendSuccessfulRequest<{ data: T }>({
    method: init.method ?? 'GET',
    url,
    body: init.body,
    headers: init.headers,
  });
  return answer.data;
}
