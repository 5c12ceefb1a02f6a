import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { scheduleKeys } from '../../../lib/query-keys/schedule-query-keys.ts';

/** The range and, for operators, the filters of GET /v2/lms/jadwal. */
export interface TimetableParams {
  waktu_mulai: string;
  waktu_selesai: string;
  periode?: number | null;
  id_prodi?: string | null;
  id_mata_kuliah?: string | null;
  id_ruangan?: string | null;
  /** A lecturer's user id (from GET /v2/lms/dosen). */
  id_dosen?: string | null;
}

/** The timetable answer: meetings in the range and the college's zone. */
export interface Timetable {
  data: MeetingListItem[];
  meta: PageMeta & { time_zone: string };
}

/** GET /v2/lms/jadwal: the user's meetings (operators: every class, filtered) in a range of ≤ 62 days. */
export async function getTimetable(params: TimetableParams): Promise<Timetable> {
  const response = await apiClient.get<Timetable>('/v2/lms/jadwal', {
    params: { ...params, per_page: 1000 },
  });
  return response.data;
}

/** Query options of one timetable range. */
export function timetableQuery(params: TimetableParams) {
  return queryOptions({
    queryKey: scheduleKeys.timetable(params),
    queryFn: () => getTimetable(params),
    placeholderData: keepPreviousData,
  });
}

/** The meetings of the shown week or month. */
export function useTimetable(params: TimetableParams) {
  return useQuery(timetableQuery(params));
}
