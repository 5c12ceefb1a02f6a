import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Exam } from '@lms/contract/exam.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { examKeys } from '../../../lib/query-keys/exam-query-keys.ts';

/** GET /v2/lms/pertemuan/{id}/ujian: a meeting's quizzes and exams. */
export async function listMeetingExams(meetingId: string): Promise<Exam[]> {
  const response = await apiClient.get<{ data: Exam[] }>(`/v2/lms/pertemuan/${meetingId}/ujian`);
  return response.data.data;
}

/** A meeting's exams; refreshed every minute, since their status follows the clock. */
export function meetingExamsQuery(meetingId: string) {
  return queryOptions({
    queryKey: examKeys.meetingList(meetingId),
    queryFn: () => listMeetingExams(meetingId),
    refetchInterval: 60_000,
  });
}

/** A meeting's exams. */
export function useMeetingExams(meetingId: string) {
  return useQuery(meetingExamsQuery(meetingId));
}
