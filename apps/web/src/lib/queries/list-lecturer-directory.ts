import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import type { LecturerDirectoryItem } from '@lms/contract/user.schema';
import { apiClient } from '../api-client.ts';
import { directoryKeys } from '../query-keys/directory-query-keys.ts';

/** How many lecturers a search select shows at once; typing narrows them. */
const optionCount = 20;

/** GET /v2/lms/dosen: the college's lecturers matching part of a name or a whole nidn. */
export async function listLecturerDirectory(search: string) {
  const response = await apiClient.get<{ data: LecturerDirectoryItem[]; meta: PageMeta }>('/v2/lms/dosen', {
    params: { search: search || undefined, page: 1, per_page: optionCount },
  });
  return response.data.data;
}

/** Query options of one lecturer search. */
export function lecturerDirectoryQuery(search: string) {
  return queryOptions({
    queryKey: directoryKeys.lecturers(search),
    queryFn: () => listLecturerDirectory(search),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** Lecturers matching a search (filters of the timetable and the activity log). */
export function useLecturerDirectory(search: string, enabled = true) {
  return useQuery({ ...lecturerDirectoryQuery(search), enabled });
}
