import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import type { College } from '../../platform/college.repository.ts';
import { streamKey } from '../../platform/event-hub.ts';
import { loadVisibleExam } from '../exam/exam.api.ts';

/** The event stream of an exam's open pages (`time_changed` when a deadline moves). */
export function examStreamKey(collegeId: string, examId: string): string {
  return streamKey(collegeId, 'ujian', examId);
}

/** Who may follow an exam's stream: whoever may read the exam. */
export async function assertCanFollowExam(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
): Promise<string> {
  const { row } = await loadVisibleExam(db, actor, college, id);
  return row.id;
}
