import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

interface StudyProgramRef {
  id: string;
  kode: string;
  nama: string;
  jenjang: string;
}

/** GET /v1/prodi_ref: every study program (reference lists are asked for whole, spec 1 §9). */
export async function listLogFilterPrograms() {
  const response = await apiClient.get<{ data: StudyProgramRef[] }>('/v1/prodi_ref', {
    params: { page: 1, per_page: 999_999 },
  });
  return response.data.data.map((p) => ({ value: p.id, label: `${p.jenjang} ${p.nama}` }));
}

/** Query options of the study programs. */
export const logFilterProgramsQuery = queryOptions({
  queryKey: ['log-aktivitas', 'filter-prodi'],
  queryFn: listLogFilterPrograms,
  staleTime: 10 * 60_000,
});

/** The study programs, as Prodi filter options. */
export function useLogFilterPrograms() {
  return useQuery(logFilterProgramsQuery);
}
