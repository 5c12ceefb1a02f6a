import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** Reference lists are asked for whole (spec 1 §9: page size 999999). */
const allRows = { page: 1, per_page: 999_999 };

export interface PeriodOption {
  kode: number;
  label: string;
  is_current: boolean;
}
export interface StudyProgramOption {
  id: string;
  kode: string;
  nama: string;
  jenjang: string;
}
export interface CourseOption {
  id: string;
  kode: string;
  nama: string;
  id_prodi: string;
}
export interface RoomOption {
  id: string;
  nama: string;
}

/** The operator's filter options: periods, study programs, courses and rooms. */
export interface TimetableFilterOptions {
  periods: PeriodOption[];
  programs: StudyProgramOption[];
  courses: CourseOption[];
  rooms: RoomOption[];
}

/** GET /v1/periode_ref, /v1/prodi_ref, /v1/makul_ref and /v2/lms/ruangan, together. */
export async function listTimetableFilters(): Promise<TimetableFilterOptions> {
  const [periods, programs, courses, rooms] = await Promise.all([
    apiClient.get<{ data: PeriodOption[] }>('/v1/periode_ref', { params: allRows }),
    apiClient.get<{ data: StudyProgramOption[] }>('/v1/prodi_ref', { params: allRows }),
    apiClient.get<{ data: CourseOption[] }>('/v1/makul_ref', { params: allRows }),
    apiClient.get<{ data: RoomOption[] }>('/v2/lms/ruangan', { params: { ignore_default_pagination: true } }),
  ]);
  return {
    periods: periods.data.data,
    programs: programs.data.data,
    courses: courses.data.data,
    rooms: rooms.data.data,
  };
}

/** Query options of the filter options. */
export const timetableFiltersQuery = queryOptions({
  queryKey: ['timetable-filters'],
  queryFn: listTimetableFilters,
  staleTime: 10 * 60_000,
});

/** The filter options, only fetched for operators. */
export function useTimetableFilters(enabled: boolean) {
  return useQuery({ ...timetableFiltersQuery, enabled });
}
