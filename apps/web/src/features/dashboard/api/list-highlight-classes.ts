import { queryOptions } from '@tanstack/react-query';
import type { ClassListItem } from '@lms/contract/class.schema';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import { dashboardPageSize } from '@lms/contract/pagination.rules';
import { apiClient } from '../../../lib/api-client.ts';
import { classKeys } from '../../../lib/query-keys/class-query-keys.ts';

/** GET /v2/lms/kelas_kuliah?per_page=5&periode=…: the user's classes of the current period. */
export async function listHighlightClasses(
  periode: number,
): Promise<{ data: ClassListItem[]; meta: PageMeta }> {
  const response = await apiClient.get<{ data: ClassListItem[]; meta: PageMeta }>('/v2/lms/kelas_kuliah', {
    params: { page: 1, per_page: dashboardPageSize, periode },
  });
  return response.data;
}

export function highlightClassesQuery(periode: number | undefined) {
  return queryOptions({
    queryKey: classKeys.highlights(periode),
    queryFn: () => listHighlightClasses(periode!),
    enabled: periode !== undefined,
  });
}
