import type { Db } from '../../db/database.ts';
import { findGroups, findQuestions, type GroupRow, type QuestionRow } from '../exam/exam.api.ts';

/** How long a process shows a starting student the content it read for another one (≤ 5 s). */
export const examContentTtlMs = 5_000;

interface ExamContent {
  groups: GroupRow[];
  questions: QuestionRow[];
}

const cache = new Map<string, { at: number; content: Promise<ExamContent> }>();

/**
 * An exam's groups and questions as shown to a student who has just started: in a start storm every
 * start shows the same content, so a process reads it once per `examContentTtlMs` (concurrent starts
 * share the one read). An edit of the content reaches students starting later within that bound; a
 * reload of the page reads it fresh.
 */
export function readExamContentForStart(db: Db, collegeId: string, ujianId: string): Promise<ExamContent> {
  const key = `${collegeId}/${ujianId}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < examContentTtlMs) return hit.content;
  if (cache.size > 1000) {
    for (const [k, v] of cache) if (now - v.at >= examContentTtlMs) cache.delete(k);
  }
  const content = Promise.all([
    findGroups(db, collegeId, ujianId),
    findQuestions(db, collegeId, ujianId),
  ]).then(([groups, questions]) => ({ groups, questions }));
  cache.set(key, { at: now, content });
  // A failed read is not kept: the next start reads again.
  content.catch(() => {
    if (cache.get(key)?.content === content) cache.delete(key);
  });
  return content;
}

/** Forgets an exam's content (after this process changed it). */
export function forgetExamContent(collegeId: string, ujianId: string): void {
  cache.delete(`${collegeId}/${ujianId}`);
}
