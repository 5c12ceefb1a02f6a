/*
 * What exam-grading and exam-files use of a running exam: the attempt a route's path names
 * (attemptResource), the student's own attempt, closing and scoring an attempt, writing answers' marks
 * (scoring writes the automatic ones, grading the lecturer's and scores again), how an attempt is
 * answered, and the exam's event stream.
 */
export {
  closeExpiredAttempts,
  closeIfExpired,
  loadOwnAttempt,
  scoreStoredAttempt,
} from './exam-attempt.service.ts';
export { writeMarks } from './exam-attempt.repository.ts';
export { attemptResource, type LoadedAttempt } from './exam-attempt.resource.ts';
export type { AttemptOwner } from './exam-attempt-owner-cache.ts';
export { presentAnswerFile, presentAttempt } from './exam-attempt.presenter.ts';
export { examStreamKey } from './exam-stream.service.ts';
