import { apiErrorFromAnswer } from '../../../lib/api-error.ts';
import { isSuccessStatus, sendHttpRequest, type HttpRequest } from '../../../lib/http-request.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { expireSession, isFresh, readTokens } from '../../../lib/session/token-store.ts';

/*
 * The exam page's API calls without the app's client: the page is its own small bundle (exam.html) for a
 * cheap phone on 3G at 08:00. Same rules as lib/api-client.ts (the shared lib/http-request.ts): 60 s
 * timeout, `college-id`, the bearer token (refreshed through the app's own single-flight refresh, loaded
 * only when a refresh is due), errors as ApiError (spec 1 §8), and a 401 ends the session.
 */

/** A usable access token: the stored one while fresh, else the app's refresh (loaded on demand). */
export async function examAccessToken(): Promise<string | null> {
  const tokens = readTokens();
  if (!tokens) return null;
  if (isFresh(tokens)) return tokens.accessToken;
  const { getValidAccessToken } = await import('../../../lib/session/access-token.ts');
  return getValidAccessToken();
}

/**
 * Calls the API and answers the envelope's `data`; failures are ApiError as the app's client makes them.
 * `onUploadProgress` follows an upload (sent with XMLHttpRequest then, as the app's client does).
 */
export async function examRequest<T>(
  method: HttpRequest['method'],
  url: string,
  body?: unknown,
  onUploadProgress?: HttpRequest['onUploadProgress'],
): Promise<T> {
  const response = await sendHttpRequest<{ data: T } | null>({
    method,
    url,
    body,
    accessToken: await examAccessToken(),
    onUploadProgress,
  });
  if (!isSuccessStatus(response.status)) {
    if (response.status === 401) expireSession();
    throw apiErrorFromAnswer(response.status, response.data);
  }
  return response.data?.data as T;
}

/**
 * Saves a private file the API serves (an essay answer's) with the session: a plain link cannot send
 * the token. A refusal throws the server's message.
 */
export async function examDownload(url: string, fileName: string): Promise<void> {
  const response = await sendHttpRequest<Blob>({
    method: 'GET',
    url,
    params: { download: '1' },
    accessToken: await examAccessToken(),
    responseType: 'blob',
  });
  if (!isSuccessStatus(response.status)) {
    if (response.status === 401) expireSession();
    throw apiErrorFromAnswer(response.status, response.data);
  }
  saveBlob(response.data, fileName);
}
