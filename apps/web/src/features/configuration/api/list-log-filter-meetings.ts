import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { meetingKeys } from '../../../lib/query-keys/meeting-query-keys.ts';

/** A class has at most a few dozen meetings; one page of the largest size holds them. */
const allMeetings = { page: 1, per_page: 100 };

/** GET /v2/lms/kelas_kuliah/{id}/pertemuan: the meetings of the chosen class, by number. */
export async function listLogFilterMeetings(classId: string) {
  const response = await apiClient.get<{ data: MeetingListItem[]; meta: PageMeta }>(
    `/v2/lms/kelas_kuliah/${encodeURIComponent(classId)}/pertemuan`,
    { params: allMeetings },
  );
  return response.data.data.map((m) => ({ value: m.id, label: `Pertemuan ${m.nomor}: ${m.judul}` }));
}

/** Query options of a class's meetings. */
export function logFilterMeetingsQuery(classId: string) {
  return queryOptions({
    queryKey: meetingKeys.classList(classId, allMeetings),
    queryFn: () => listLogFilterMeetings(classId),
    staleTime: 5 * 60_000,
  });
}

/** The meetings of the chosen class; nothing until a class is chosen. */
export function useLogFilterMeetings(classId: string | undefined) {
  return useQuery({ ...logFilterMeetingsQuery(classId ?? ''), enabled: !!classId });
}
