import axios, { type AxiosResponse } from 'axios';
import { ApiError, normalizeApiError } from './api-error.ts';
import { getCollegeId } from './college.ts';
import { serializeParams, type QueryValue } from './query-string.ts';
import { observeDateHeader } from './server-clock.ts';
import { getValidAccessToken } from './session/access-token.ts';
import { expireSession } from './session/token-store.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Send no bearer token (sign-in, public college data). */
    skipAuth?: boolean;
    /** A 401 from this call is an answer to show, not an ended session (wrong password). */
    keepSessionOn401?: boolean;
  }
}

/** Every API call goes through this client (spec 1 §7): 60 s timeout, college-id, bearer, §8 errors. */
export const apiClient = axios.create({
  timeout: 60_000,
  paramsSerializer: { serialize: (params) => serializeParams(params as Record<string, QueryValue>) },
});

apiClient.interceptors.request.use(async (config) => {
  const collegeId = getCollegeId();
  if (collegeId) config.headers.set('college-id', collegeId);
  if (!config.skipAuth) {
    const token = await getValidAccessToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
  }
  return config;
});

apiClient.interceptors.response.use(
  (response: AxiosResponse) => {
    observeDateHeader(response.headers['date'] as string | undefined);
    return response;
  },
  (error: unknown) => {
    const normalized = normalizeApiError(error);
    if (axios.isAxiosError(error)) {
      observeDateHeader(error.response?.headers['date'] as string | undefined);
      if (normalized.statusCode === 401 && !error.config?.skipAuth && !error.config?.keepSessionOn401) {
        expireSession();
      }
    }
    return Promise.reject(normalized);
  },
);

/** Whether an error is an ApiError with the given status. */
export function hasStatus(error: unknown, statusCode: number): boolean {
  return error instanceof ApiError && error.statusCode === statusCode;
}
