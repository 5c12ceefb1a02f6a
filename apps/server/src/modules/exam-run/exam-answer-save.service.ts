import { answerGraceMs, secondsLeft } from '@lms/contract/exam.rules';
import type { QuestionBody } from '@lms/contract/exam.rules';
import type { AnswerInput } from '@lms/contract/exam.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import type { College } from '../../platform/college.repository.ts';
import { findQuestionKindsOfExamWith, saveAnswerInOneStatement } from './exam-run.repository.ts';
import type { AttemptOwner } from './exam-attempt-owner-cache.ts';
import { answerMisfit } from './exam-answer.policy.ts';
import { saveAnswer } from './exam-attempt.service.ts';

/** How long a process keeps an exam's question kinds for validating saves. */
const kindsTtlMs = 10_000;
interface QuestionKind {
  ujianId: string;
  jenis: string;
  pilihan: number;
  /** The body of a structured kind (multiple answers, matching, gaps), to check an answer against. */
  isi: QuestionBody | null;
}
const kindsCache = new Map<string, { at: number; kind: QuestionKind }>();

/** A question's exam and kind, from a per-process cache of 10 s filled an exam at a time. */
async function questionKind(db: Db, collegeId: string, soalId: string): Promise<QuestionKind | undefined> {
  const now = Date.now();
  const hit = kindsCache.get(`${collegeId}/${soalId}`);
  if (hit && now - hit.at < kindsTtlMs) return hit.kind;
  const rows = await findQuestionKindsOfExamWith(db, collegeId, soalId);
  if (kindsCache.size > 20_000) {
    for (const [k, v] of kindsCache) if (now - v.at >= kindsTtlMs) kindsCache.delete(k);
  }
  for (const r of rows) {
    kindsCache.set(`${collegeId}/${r.id}`, {
      at: now,
      kind: { ujianId: r.ujianId, jenis: r.jenis, pilihan: r.pilihan, isi: r.isi },
    });
  }
  return kindsCache.get(`${collegeId}/${soalId}`)?.kind;
}

/**
 * PUT /v2/lms/pengerjaan/{id}/jawaban/{soalId}, the hot path of an exam (every student, every few
 * seconds): the route's resource checked the attempt is the caller's own without a statement
 * (attemptResource), the question's exam and kind come from a per-process cache, and the answer is
 * written by one statement that also checks the attempt (the caller's own, open, within the deadline
 * plus the grace, holding the question: it was created only after the full visibility check at start)
 * and that the sequence number is newer; for a student whose row the auth plugin left to it
 * (callerRowInStatement), also that row. Anything else — an unknown question, a wrong kind or an answer
 * that does not fit the question (exam-answer.policy), a closed or
 * reset attempt — goes through the full path (exam-attempt.service saveAnswer: the checks in their
 * order, the audit row of a late answer and the right message).
 */
export async function saveAnswerFast(
  db: Db,
  actor: Actor,
  college: College,
  owner: AttemptOwner,
  soalId: string,
  input: AnswerInput,
) {
  // A caller whose row was left to the statement (auth.plugin callerRowInStatement) is checked first
  // on every other way.
  const pending = actor.unconfirmed;
  const fullPath = async () => {
    await pending?.confirm();
    return saveAnswer(db, actor, college, owner, soalId, input);
  };
  const question = actor.actorUserId ? undefined : await questionKind(db, actor.collegeId, soalId);
  const { jawaban } = input;
  if (
    !question ||
    question.jenis !== jawaban.jenis ||
    (jawaban.jenis === 'pilihan' && jawaban.pilihan !== null && jawaban.pilihan >= question.pilihan) ||
    (question.isi && answerMisfit(question.isi, jawaban))
  )
    return fullPath();
  const now = new Date();
  const saved = await saveAnswerInOneStatement(
    db,
    {
      collegeId: actor.collegeId,
      attemptId: owner.id,
      mahasiswaId: actor.userId,
      ujianId: question.ujianId,
      soalId,
      jawaban,
      urutan: input.urutan,
      now,
      lastAccepted: new Date(now.getTime() - answerGraceMs),
    },
    pending && { sessionId: pending.sessionId, feeRuleActive: pending.feeRuleActive },
  );
  // Not written: an older retry, a closed or reset attempt, a foreign question — the full path
  // says which (and keeps a late answer in the audit table).
  if (!saved) return fullPath();
  return {
    id_soal: soalId,
    urutan: input.urutan,
    diterapkan: true,
    waktu_server: now.toISOString(),
    sisa_detik: secondsLeft(now, saved.deadlineAt),
  };
}
