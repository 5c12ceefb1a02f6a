import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Exam } from '@lms/contract/exam.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { meetingContentLists } from '../../../lib/meeting-content-lists.ts';

/** GET /v2/lms/pertemuan/{id}/ujian: a meeting's quizzes and exams. */
export async function listMeetingExams(meetingId: string): Promise<Exam[]> {
  const response = await apiClient.get<{ data: Exam[] }>(meetingContentLists.ujian({ meetingId }).url);
  return response.data.data;
}

/** A meeting's exams; refreshed every minute, since their status follows the clock. */
export function meetingExamsQuery(meetingId: string) {
  return queryOptions({
    queryKey: meetingContentLists.ujian({ meetingId }).queryKey,
    queryFn: () => listMeetingExams(meetingId),
    refetchInterval: 60_000,
  });
}

/** A meeting's exams. */
export function useMeetingExams(meetingId: string) {
  return useQuery(meetingExamsQuery(meetingId));
}
