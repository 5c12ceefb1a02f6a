import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import type { ClassListItem } from '@lms/contract/class.schema';
import { formatPeriodLabel } from '@lms/contract/period.rules';
import type { SearchSelectOption } from '../../../components/search-select.tsx';
import { apiClient } from '../../../lib/api-client.ts';
import { classKeys } from '../../../lib/query-keys/class-query-keys.ts';

/** How many classes the Kelas filter lists at once; typing narrows them. */
const optionCount = 20;

/** GET /v2/lms/kelas_kuliah: the caller's classes of a period (or all) matching a search, as options. */
async function listClassOptions(search: string, periode: string | undefined): Promise<SearchSelectOption[]> {
  const response = await apiClient.get<{ data: ClassListItem[]; meta: PageMeta }>('/v2/lms/kelas_kuliah', {
    params: { search: search || undefined, periode: periode || undefined, page: 1, per_page: optionCount },
  });
  return response.data.data.map((item) => {
    const label = `${item.mata_kuliah.kode} ${item.mata_kuliah.nama} - ${item.kelas.nama}`;
    return { value: item.id, label: periode ? label : `${label} (${formatPeriodLabel(item.periode)})` };
  });
}

/** Classes matching a search within the chosen period: the Kelas filter of the attendance list. */
export function useClassOptions(search: string, periode: string | undefined) {
  return useQuery({
    queryKey: classKeys.options(periode, search),
    queryFn: () => listClassOptions(search, periode),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}
