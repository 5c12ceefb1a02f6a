import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { apiClient } from '../../../lib/api-client.ts';

/** start records mulai_kuliah (berlangsung); end records selesai_kuliah (selesai). */
export type MeetingStatusAction = 'start' | 'end';

/** PUT /v2/lms/pertemuan/{id}/start or /end. */
export async function changeMeetingStatus(
  meetingId: string,
  action: MeetingStatusAction,
): Promise<MeetingDetail> {
  const response = await apiClient.put<{ data: MeetingDetail }>(`/v2/lms/pertemuan/${meetingId}/${action}`);
  return response.data.data;
}

/**
 * Queries that show meetings (class meeting lists, timetables, other meetings' pages) but not this
 * meeting's detail, which the answer replaces. Matched by name because the class pages are another
 * feature whose keys this one does not import.
 */
export function isMeetingListQuery(meetingId: string) {
  return (query: { queryKey: readonly unknown[] }) => {
    const [head, id] = query.queryKey;
    if (head === 'pertemuan' && id === meetingId) return false;
    return typeof head === 'string' && /kelas|pertemuan|jadwal/.test(head);
  };
}

/** Starts or ends a meeting; the answer replaces the cached detail, lists and timetables refetch. */
export function useChangeMeetingStatus(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: MeetingStatusAction) => changeMeetingStatus(meetingId, action),
    onSuccess: (meeting) => {
      queryClient.setQueryData(['pertemuan', meetingId], meeting);
      void queryClient.invalidateQueries({ predicate: isMeetingListQuery(meetingId) });
    },
  });
}
