import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassListItem } from '@lms/contract/class.schema';
import type { ClassExecutionFilter } from '@lms/contract/class.rules';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { classKeys } from '../../../lib/query-keys/class-query-keys.ts';

/** The class list's query: paging, period, course, search, execution status, study programs. */
export interface ClassListParams {
  page: number;
  per_page: number;
  periode?: number;
  id_mata_kuliah?: string;
  search?: string;
  status?: ClassExecutionFilter;
  id_prodi_mata_kuliah?: string;
  id_prodi_kelas?: string;
}

export interface ClassListPage {
  data: ClassListItem[];
  meta: PageMeta;
}

/**
 * GET /v2/lms/kelas_kuliah. The signal comes from TanStack Query, which aborts it when the query is no
 * longer wanted (a newer filter or page), so an earlier pending list request is cancelled (spec 2 §7).
 */
export async function listClasses(params: ClassListParams, signal?: AbortSignal): Promise<ClassListPage> {
  const response = await apiClient.get<ClassListPage>('/v2/lms/kelas_kuliah', {
    params: { ...params },
    signal,
  });
  return response.data;
}

/** Query options of one page of the class list. */
export function listClassesQuery(params: ClassListParams, enabled = true) {
  return queryOptions({
    queryKey: classKeys.list(params),
    queryFn: ({ signal }) => listClasses(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One page of the class list. */
export function useClasses(params: ClassListParams, enabled = true) {
  return useQuery(listClassesQuery(params, enabled));
}
