import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import type { StudentDirectoryItem } from '@lms/contract/user.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { directoryKeys } from '../../../lib/query-keys/directory-query-keys.ts';

/** How many students the Peserta filter lists at once; typing narrows them. */
const optionCount = 20;

/** GET /v2/lms/mahasiswa: students matching part of a name or a whole nim. */
export async function listStudentDirectory(search: string) {
  const response = await apiClient.get<{ data: StudentDirectoryItem[]; meta: PageMeta }>(
    '/v2/lms/mahasiswa',
    {
      params: { search: search || undefined, page: 1, per_page: optionCount },
    },
  );
  return response.data.data;
}

/** Query options of one student search. */
export function studentDirectoryQuery(search: string) {
  return queryOptions({
    queryKey: directoryKeys.students(search),
    queryFn: () => listStudentDirectory(search),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** Students matching a search (the activity log's Peserta filter). */
export function useStudentDirectory(search: string) {
  return useQuery(studentDirectoryQuery(search));
}
