import { AppError } from '../../platform/app-error.ts';
import { defineResource } from '../../platform/resource-access.ts';
import { loadVisibleExam, type ExamViewer, type ExamRow } from '../exam/exam.api.ts';
import { readAttemptOwner, type AttemptOwner } from './exam-attempt-owner-cache.ts';

/**
 * An attempt as the resource hands it over: whose it is and, for the class's lecturers and operators,
 * its exam as they see it. The attempt's state (status, deadline, answers) is read by the statements
 * that act on it, since a submit or the deadline may change it at any moment.
 */
export type LoadedAttempt =
  /** The attempt's own student: their exam's rules (still a participant, not acting) are the service's. */
  | { attempt: AttemptOwner; exam?: undefined }
  | { attempt: AttemptOwner; exam: { row: ExamRow; viewer: ExamViewer } };

/**
 * An attempt named by a route's path (`/pengerjaan/{id}…`), for its three audiences: its own student
 * (taking: answers, files, submit, leaving), the class's lecturers and operators (grading: changed by
 * the exam's editors) and both (reading an answer's files). To a student, anyone else's attempt does not
 * exist (404). A student's relation is checked from the attempt's identity alone, without reading the
 * exam, so the answer save, one statement on the hot path, gets no statement more (the identity is kept
 * in memory, exam-attempt-owner-cache.ts); the exam's rules for taking are checked where a route acts
 * beyond the save's own statement (loadOwnAttempt). Staff get the exam's relation: 403 outside its
 * class, changes for its editors.
 *
 * One 404 for every audience, `pengerjaan_not_found`: the answer-file route, which answers
 * `file_not_found` for a key not among the answer's files, says the attempt is missing when the attempt
 * is (the first part of its path that is), rather than a second kind or a per-route code in the platform.
 */
export const attemptResource = defineResource<LoadedAttempt>(
  'exam_attempt',
  async (db, actor, college, id) => {
    const attempt = await readAttemptOwner(db, actor.collegeId, id);
    if (!attempt) return null;
    if (actor.role === 'mahasiswa') {
      return attempt.mahasiswaId === actor.userId
        ? { row: { attempt }, canRead: true, canWrite: false }
        : null;
    }
    // 403 outside the exam's class, as every read of the exam (loadVisibleExam throws it).
    const exam = await loadVisibleExam(db, actor, college, attempt.ujianId);
    return { row: { attempt, exam }, canRead: true, canWrite: exam.viewer.canWrite };
  },
  () => new AppError(404, 'pengerjaan_not_found'),
);
