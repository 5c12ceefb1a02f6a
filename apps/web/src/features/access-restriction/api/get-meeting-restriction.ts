import { queryOptions, useQuery } from '@tanstack/react-query';
import { examRestrictionErrorCode, type ExamRestrictionDetail } from '@lms/contract/access-restriction.rules';
import { apiClient } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';

/**
 * GET /v2/lms/pertemuan/{id}, asked only for its refusal: the exam-attendance requirement that closes the
 * meeting to the student (spec 2 §8), or null when the meeting opens. The meeting's own answer is the
 * authority, so the page shows exactly the requirement of that exam (UTS or UAS), not both.
 */
export async function getMeetingRestriction(meetingId: string): Promise<ExamRestrictionDetail | null> {
  try {
    await apiClient.get(`/v2/lms/pertemuan/${meetingId}`);
    return null;
  } catch (error) {
    if (error instanceof ApiError && error.code === examRestrictionErrorCode) {
      return error.detail as ExamRestrictionDetail;
    }
    throw error;
  }
}

/** Query options of a meeting's restriction; `stored` is the refusal the meeting page already received. */
export function meetingRestrictionQuery(meetingId: string, stored?: ExamRestrictionDetail) {
  return queryOptions({
    queryKey: ['access-restriction', 'pertemuan', meetingId],
    queryFn: () => getMeetingRestriction(meetingId),
    initialData: stored,
    // What the meeting page just received needs no second request on arrival; Periksa Lagi refetches.
    staleTime: 30_000,
    retry: false,
  });
}

/** The restriction of one meeting, for /forbidden/{idPertemuan}. */
export function useMeetingRestriction(meetingId: string | undefined, stored?: ExamRestrictionDetail) {
  return useQuery({ ...meetingRestrictionQuery(meetingId ?? '', stored), enabled: !!meetingId });
}
