import { feeRestrictionCode, showAccessRestriction } from './access-restricted.ts';
import { ApiError, apiErrorFromAnswer } from './api-error.ts';
import {
  isSuccessStatus,
  sendHttpRequest,
  type HttpRequest,
  type HttpResponse,
  type UploadProgress,
  urlOf,
} from './http-request.ts';
import { takeEarlyAnswer } from './early-requests.ts';
import { observeDateHeader } from './server-clock.ts';
import { getValidAccessToken } from './session/access-token.ts';
import { expireSession } from './session/token-store.ts';

/** What a call may set beyond its method, address and body. */
export interface RequestOptions {
  params?: object;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  responseType?: 'json' | 'blob';
  onUploadProgress?: (progress: UploadProgress) => void;
  /** The statuses answered rather than thrown; 2xx by default. */
  validateStatus?: (status: number) => boolean;
  /** Send no bearer token (sign-in, public college data). */
  skipAuth?: boolean;
  /** A 401 from this call is an answer to show, not an ended session (wrong password). */
  keepSessionOn401?: boolean;
}

async function request<T>(
  method: HttpRequest['method'],
  url: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<HttpResponse<T>> {
  const { skipAuth, keepSessionOn401, validateStatus = isSuccessStatus, ...rest } = options;
  const accessToken = skipAuth ? null : await getValidAccessToken();
  const early =
    method === 'GET' ? await takeEarlyAnswer<T>(urlOf({ url, params: rest.params }), accessToken) : undefined;
  const response = early ?? (await sendHttpRequest<T>({ ...rest, method, url, body, accessToken }));
  // An early answer may have waited for its taker: its Date header would set the clock back by the wait.
  if (!early) observeDateHeader(response.headers['date']);
  if (validateStatus(response.status)) return response;
  if (response.status === 401 && !skipAuth && !keepSessionOn401) expireSession();
  const error = apiErrorFromAnswer(response.status, response.data);
  if (response.status === 403 && error.code === feeRestrictionCode) showAccessRestriction();
  throw error;
}

/**
 * Every API call of the app goes through this client (spec 1 §7): 60 s timeout, `college-id`, the bearer
 * token (refreshed first when due), failures as ApiError (§8), and a 401 ends the session.
 */
export const apiClient = {
  get: <T = unknown>(url: string, options?: RequestOptions) => request<T>('GET', url, undefined, options),
  delete: <T = unknown>(url: string, options?: RequestOptions) =>
    request<T>('DELETE', url, undefined, options),
  post: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', url, body, options),
  put: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', url, body, options),
  patch: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', url, body, options),
};

/** Whether an error is an ApiError with the given status. */
export function hasStatus(error: unknown, statusCode: number): boolean {
  return error instanceof ApiError && error.statusCode === statusCode;
}
