import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import type { MaterialSearchItem } from '@lms/contract/material.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { materialKeys } from '../../../lib/query-keys/material-query-keys.ts';

export interface MaterialSearchParams {
  search?: string;
  exclude_id_kelas_kuliah: string;
  page: number;
  per_page: number;
}

/** GET /v2/lms/materi: materials of other classes to copy. */
export async function searchMaterials(
  params: MaterialSearchParams,
): Promise<{ data: MaterialSearchItem[]; meta: PageMeta }> {
  const response = await apiClient.get<{ data: MaterialSearchItem[]; meta: PageMeta }>('/v2/lms/materi', {
    params: { ...params, search: params.search || undefined },
  });
  return response.data;
}

/** The copy tab's table. */
export function useMaterialSearch(params: MaterialSearchParams, enabled: boolean) {
  return useQuery({
    queryKey: materialKeys.search(params),
    queryFn: () => searchMaterials(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}
