import type { ExamRestrictionDetail } from '@lms/contract/access-restriction.rules';

/**
 * What the meeting page hands to /forbidden/{idPertemuan} in the history state (spec 2 §8: the error is
 * stored, then the student is redirected); kept here because the two pages are different features.
 */
export interface ForbiddenMeetingState {
  restriction?: ExamRestrictionDetail;
  /** The meeting's address, to return to once the requirement is met. */
  from?: string;
}
