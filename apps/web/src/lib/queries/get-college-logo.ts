import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client.ts';
import { collegeLogoRequest } from '../college-logo-request.ts';

/** GET /v1/logo_perguruan_tinggi as an object URL; it takes the role and college-id headers. */
export async function getCollegeLogo(): Promise<string> {
  const { url, responseType, headers } = collegeLogoRequest;
  const response = await apiClient.get<Blob>(url, { skipAuth: true, responseType, headers });
  return URL.createObjectURL(response.data);
}

/** Query options of the college logo; errors are ignored (spec 1 §8), so no retries. */
export const collegeLogoQuery = queryOptions({
  queryKey: ['college-logo'],
  queryFn: getCollegeLogo,
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
});

/** The college logo's object URL, or undefined while loading or when it failed. */
export function useCollegeLogo(): string | undefined {
  return useQuery(collegeLogoQuery).data;
}
