import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ActingStudent } from '@lms/contract/user.schema';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /v2/lms/akun_lain/mahasiswa: students an operator may act for. */
export async function searchStudents(search: string, page: number) {
  const response = await apiClient.get<{ data: ActingStudent[]; meta: PageMeta }>(
    '/v2/lms/akun_lain/mahasiswa',
    {
      params: { search: search || null, page, per_page: 10 },
    },
  );
  return response.data;
}

/** Query options of a student search page. */
export function searchStudentsQuery(search: string, page: number) {
  return queryOptions({
    queryKey: ['akun-lain', 'mahasiswa', search, page],
    queryFn: () => searchStudents(search, page),
    placeholderData: keepPreviousData,
  });
}

/** The students matching a (debounced) search. */
export function useSearchStudents(search: string, page: number, enabled: boolean) {
  return useQuery({ ...searchStudentsQuery(search, page), enabled });
}
