import { useMutation } from '@tanstack/react-query';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { useStoreMeeting } from './get-meeting.ts';

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

/** Starts or ends a meeting; the answer replaces the cached detail, what lists meetings refetches. */
export function useChangeMeetingStatus(meetingId: string) {
  const store = useStoreMeeting(meetingId);
  return useMutation({
    mutationFn: (action: MeetingStatusAction) => changeMeetingStatus(meetingId, action),
    onSuccess: store,
  });
}
