import { ApiError, apiErrorFromAnswer } from './api-error.ts';
import { getCollegeId } from './college.ts';
import { serializeParams, type QueryValue } from './query-string.ts';

/*
 * One HTTP request of the API, without a client library: `fetch`, or XMLHttpRequest when the caller
 * follows an upload's progress (fetch cannot report it). Used by the app's client (api-client.ts) and by
 * the two pages with their own small entries (sign-in, the exam page), so every page sends the same
 * headers and reads failures the same way (spec 1 §7, §8).
 */

/** Every call gives up after 60 s (spec 1 §7). */
export const requestTimeoutMs = 60_000;

/** What an upload has sent so far. */
export interface UploadProgress {
  loaded: number;
  total?: number;
}

/**
 * A request: JSON for a plain body; FormData, URLSearchParams, a Blob or text as they are. `params` become
 * the query string.
 */
export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  params?: object;
  body?: unknown;
  headers?: Record<string, string>;
  /** Without it, a bearer token is not sent; with it, `Authorization: Bearer …`. */
  accessToken?: string | null;
  /** 'blob' for files; otherwise JSON (or the text when an answer is not JSON). */
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
  onUploadProgress?: (progress: UploadProgress) => void;
}

/** An answer that arrived, whatever its status. */
export interface HttpResponse<T> {
  status: number;
  data: T;
  /** Header names in lower case. */
  headers: Record<string, string>;
}

/** The address a request goes to: its url with `params` as the query string. */
export function urlOf(request: Pick<HttpRequest, 'url' | 'params'>): string {
  const query = serializeParams(request.params as Record<string, QueryValue> | undefined);
  if (!query) return request.url;
  return `${request.url}${request.url.includes('?') ? '&' : '?'}${query}`;
}

function headersOf(request: HttpRequest): Headers {
  const headers = new Headers(request.headers);
  const collegeId = getCollegeId();
  if (collegeId) headers.set('college-id', collegeId);
  if (request.accessToken) headers.set('Authorization', `Bearer ${request.accessToken}`);
  if (isJsonBody(request.body)) headers.set('content-type', 'application/json');
  return headers;
}

/** Whether a body goes as JSON: anything but a form, URL-encoded fields, a file or text. */
function isJsonBody(body: unknown): boolean {
  return (
    body !== undefined &&
    !(body instanceof FormData) &&
    !(body instanceof URLSearchParams) &&
    !(body instanceof Blob) &&
    typeof body !== 'string'
  );
}

/** The body as sent: JSON text, or as it is (the browser sets a form's or fields' content type). */
function payloadOf(body: unknown): XMLHttpRequestBodyInit | undefined {
  if (body === undefined) return undefined;
  return isJsonBody(body) ? JSON.stringify(body) : (body as XMLHttpRequestBodyInit);
}

/** JSON when it is JSON; the text otherwise (a proxy's error page), '' for an empty answer. */
function parseText(text: string): unknown {
  if (!text) return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The failure of a request that got no answer, in the words axios used (the app's texts stay the same). */
function noAnswerError(reason: 'timeout' | 'aborted' | 'network'): ApiError {
  const message =
    reason === 'timeout'
      ? `Timeout Of ${requestTimeoutMs}ms Exceeded`
      : reason === 'aborted'
        ? 'Canceled'
        : 'Network Error';
  return new ApiError(message, undefined, 'Network Error', undefined);
}

function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

async function sendWithFetch<T>(request: HttpRequest): Promise<HttpResponse<T>> {
  // One signal for the caller's cancel and the timeout (AbortSignal.any is missing on older phones).
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, requestTimeoutMs);
  const cancel = () => controller.abort();
  request.signal?.addEventListener('abort', cancel, { once: true });
  try {
    const response = await fetch(urlOf(request), {
      method: request.method,
      headers: headersOf(request),
      body: payloadOf(request.body),
      signal: controller.signal,
    });
    // An error answer is read as text even for a file: it carries the server's message.
    const data =
      request.responseType === 'blob' && response.ok
        ? await response.blob()
        : parseText(await response.text());
    return { status: response.status, data: data as T, headers: headerRecord(response.headers) };
  } catch {
    throw noAnswerError(timedOut ? 'timeout' : request.signal?.aborted ? 'aborted' : 'network');
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', cancel);
  }
}

function sendWithXhr<T>(request: HttpRequest): Promise<HttpResponse<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, urlOf(request));
    xhr.timeout = requestTimeoutMs;
    headersOf(request).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.responseType = request.responseType === 'blob' ? 'blob' : 'text';
    xhr.upload.onprogress = (event) =>
      request.onUploadProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : undefined,
      });
    xhr.onload = async () => {
      const headers: Record<string, string> = {};
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      const ok = xhr.status >= 200 && xhr.status < 300;
      const data =
        xhr.responseType === 'blob'
          ? ok
            ? (xhr.response as Blob)
            : parseText(await (xhr.response as Blob).text())
          : parseText(xhr.responseText);
      resolve({ status: xhr.status, data: data as T, headers });
    };
    xhr.onerror = () => reject(noAnswerError('network'));
    xhr.ontimeout = () => reject(noAnswerError('timeout'));
    xhr.onabort = () => reject(noAnswerError('aborted'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(payloadOf(request.body) ?? null);
  });
}

/**
 * How a request rides out a shedding server (503 `server_kelebihan_beban`): the server refuses before any
 * authentication or database work, so sending again is safe for writes too. Each retry waits Retry-After
 * times a random 1–2, so a crowd shed together does not come back together.
 */
export const shedRetry = { retries: 3, maxRetryAfterSeconds: 30 };

/** Seconds to wait before sending a shed request again; undefined when the answer was not shedding. */
function shedRetryAfterSeconds(response: HttpResponse<unknown>): number | undefined {
  if (response.status !== 503) return undefined;
  const code = (response.data as { status?: { code?: unknown } } | null)?.status?.code;
  if (code !== 'server_kelebihan_beban') return undefined;
  const seconds = Number(response.headers['retry-after']);
  return Number.isFinite(seconds) && seconds >= 0
    ? Math.min(seconds, shedRetry.maxRetryAfterSeconds)
    : undefined;
}

function waitUnlessAborted(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(noAnswerError('aborted'));
    const abort = () => {
      clearTimeout(timer);
      reject(noAnswerError('aborted'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * Sends a request with the `college-id` header (and the bearer token when given) and answers whatever
 * status came back, after riding out load shedding (`shedRetry`); throws an ApiError of type
 * 'Network Error' when no answer came (offline, 60 s passed, cancelled).
 */
export async function sendHttpRequest<T>(request: HttpRequest): Promise<HttpResponse<T>> {
  for (let retry = 0; ; retry++) {
    const response = request.onUploadProgress
      ? await sendWithXhr<T>(request)
      : await sendWithFetch<T>(request);
    const seconds = shedRetryAfterSeconds(response);
    if (seconds === undefined || retry >= shedRetry.retries) return response;
    await waitUnlessAborted(seconds * 1000 * (1 + Math.random()), request.signal);
  }
}

/** Whether a status means the call succeeded (2xx). */
export function isSuccessStatus(status: number): boolean {
  return status >= 200 && status < 300;
}

/** Sends a request and answers its data; an answer other than 2xx throws its ApiError (spec 1 §8). */
export async function sendSuccessfulRequest<T>(request: HttpRequest): Promise<T> {
  const response = await sendHttpRequest<T>(request);
  if (!isSuccessStatus(response.status)) throw apiErrorFromAnswer(response.status, response.data);
  return response.data;
}
