import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import { apiClient } from '../api-client.ts';
import { meetingKeys } from '../query-keys/meeting-query-keys.ts';

export interface ClassMeetingsParams {
  page: number;
  per_page: number;
  search?: string;
}

/** GET /v2/lms/kelas_kuliah/{id}/pertemuan: the class's meetings by number, with title search. */
export async function listClassMeetings(
  classId: string,
  params: ClassMeetingsParams,
  signal?: AbortSignal,
): Promise<{ data: MeetingListItem[]; meta: PageMeta }> {
  const response = await apiClient.get<{ data: MeetingListItem[]; meta: PageMeta }>(
    `/v2/lms/kelas_kuliah/${encodeURIComponent(classId)}/pertemuan`,
    { params: { ...params }, signal },
  );
  return response.data;
}

export function listClassMeetingsQuery(classId: string, params: ClassMeetingsParams) {
  return queryOptions({
    queryKey: meetingKeys.classList(classId, params),
    queryFn: ({ signal }) => listClassMeetings(classId, params, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of the class's meetings (Data Pertemuan). */
export function useClassMeetings(classId: string, params: ClassMeetingsParams) {
  return useQuery(listClassMeetingsQuery(classId, params));
}
