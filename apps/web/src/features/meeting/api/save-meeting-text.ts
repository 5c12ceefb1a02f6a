import { useMutation } from '@tanstack/react-query';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { useStoreMeeting } from './get-meeting.ts';

/** PUT /v2/lms/pertemuan/{id}/teks: the meeting's text block; empty removes it. */
export async function saveMeetingText(meetingId: string, teks: string | null): Promise<MeetingDetail> {
  const response = await apiClient.put<{ data: MeetingDetail }>(`/v2/lms/pertemuan/${meetingId}/teks`, {
    teks,
  });
  return response.data.data;
}

/** Saves the text and puts the answered meeting in the cache. */
export function useSaveMeetingText(meetingId: string) {
  const store = useStoreMeeting(meetingId);
  return useMutation({
    mutationFn: (teks: string | null) => saveMeetingText(meetingId, teks),
    onSuccess: store,
  });
}
