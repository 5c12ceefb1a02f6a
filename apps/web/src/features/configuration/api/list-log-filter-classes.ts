import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import type { ClassListItem } from '@lms/contract/class.schema';
import { formatPeriodLabel } from '@lms/contract/period.rules';
import type { SearchSelectOption } from '../../../components/search-select.tsx';
import { apiClient } from '../../../lib/api-client.ts';
import { classKeys } from '../../../lib/query-keys/class-query-keys.ts';

/** How many classes the Kelas filter lists at once; typing narrows them. */
const optionCount = 20;

/** 'IF2102 Pemrograman Web - 01', with the period when the filter spans every period. */
export function classOptionLabel(item: ClassListItem, withPeriod: boolean): string {
  const base = `${item.mata_kuliah.kode} ${item.mata_kuliah.nama} - ${item.kelas.nama}`;
  return withPeriod ? `${base} (${formatPeriodLabel(item.periode)})` : base;
}

/** GET /v2/lms/kelas_kuliah: classes of a period (or all) matching a search, as filter options. */
export async function listLogFilterClasses(
  search: string,
  periode: string | undefined,
): Promise<SearchSelectOption[]> {
  const response = await apiClient.get<{ data: ClassListItem[]; meta: PageMeta }>('/v2/lms/kelas_kuliah', {
    params: { search: search || undefined, periode: periode || undefined, page: 1, per_page: optionCount },
  });
  return response.data.data.map((item) => ({ value: item.id, label: classOptionLabel(item, !periode) }));
}

/** Query options of one class search. */
export function logFilterClassesQuery(search: string, periode: string | undefined) {
  return queryOptions({
    queryKey: classKeys.options(periode, search),
    queryFn: () => listLogFilterClasses(search, periode),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** Classes matching a search, within the chosen period. */
export function useLogFilterClasses(search: string, periode: string | undefined, enabled: boolean) {
  return useQuery({ ...logFilterClassesQuery(search, periode), enabled });
}
