import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client.ts';

/** GET /v1/logo_perguruan_tinggi as an object URL; it takes the role and college-id headers. */
export async function getCollegeLogo(): Promise<string> {
  const response = await apiClient.get<Blob>('/v1/logo_perguruan_tinggi', {
    skipAuth: true,
    responseType: 'blob',
    headers: { role: 'mahasiswa' },
  });
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
