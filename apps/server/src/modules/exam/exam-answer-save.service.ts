import { answerGraceMs, secondsLeft } from '@lms/contract/exam.rules';
import type { AnswerInput } from '@lms/contract/exam.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, badRequest } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { findAttemptForSave, findQuestionKinds } from './exam-run.repository.ts';
import { saveAnswerIfOpen } from './exam.repository.ts';
import { saveAnswer } from './exam-attempt.service.ts';

/** How long a process keeps an exam's question kinds for validating saves. */
const kindsTtlMs = 10_000;
const kindsCache = new Map<string, { at: number; kinds: Map<string, { jenis: string; pilihan: number }> }>();

async function questionKinds(db: Db, collegeId: string, ujianId: string) {
  const key = `${collegeId}/${ujianId}`;
  const now = Date.now();
  const hit = kindsCache.get(key);
  if (hit && now - hit.at < kindsTtlMs) return hit.kinds;
  const rows = await findQuestionKinds(db, collegeId, ujianId);
  const kinds = new Map(rows.map((r) => [r.id, { jenis: r.jenis, pilihan: r.pilihan }] as const));
  if (kindsCache.size > 1000) {
    for (const [k, v] of kindsCache) if (now - v.at >= kindsTtlMs) kindsCache.delete(k);
  }
  kindsCache.set(key, { at: now, kinds });
  return kinds;
}

/**
 * PUT /v2/lms/pengerjaan/{id}/jawaban/{soalId}, the hot path of an exam (every student, every few
 * seconds): the attempt is read once without joins and must be the caller's own (it was created only
 * after the full visibility check at start); the question's kind comes from a per-process cache of
 * 10 s; the answer is written by the one conditional statement that also checks that the attempt is open
 * and within the deadline plus the grace, and that the sequence number is newer. Anything refused there
 * goes through the full path (exam.service saveAnswer: the audit row and the right message).
 */
export async function saveAnswerFast(
  db: Db,
  actor: Actor,
  college: College,
  attemptId: string,
  soalId: string,
  input: AnswerInput,
) {
  if (actor.actorUserId) throw new AppError(403, 'aktivitas_saat_login_akun_lain');
  const attempt = await findAttemptForSave(db, actor.collegeId, attemptId);
  if (!attempt || attempt.mahasiswaId !== actor.userId) throw new AppError(404, 'pengerjaan_not_found');
  if (!attempt.questionSet.some((g) => g.soal.includes(soalId))) throw new AppError(404, 'soal_not_found');
  const question = (await questionKinds(db, actor.collegeId, attempt.ujianId)).get(soalId);
  if (!question) throw new AppError(404, 'soal_not_found');
  if (question.jenis !== input.jawaban.jenis) throw badRequest('soal_tidak_valid');
  if (
    input.jawaban.jenis === 'pilihan' &&
    input.jawaban.pilihan !== null &&
    input.jawaban.pilihan >= question.pilihan
  )
    throw badRequest('soal_tidak_valid');
  const now = new Date();
  const result = await saveAnswerIfOpen(db, actor.collegeId, {
    attemptId,
    soalId,
    jawaban: input.jawaban,
    urutan: input.urutan,
    now,
    lastAccepted: new Date(now.getTime() - answerGraceMs),
  });
  if (result === 'closed') return saveAnswer(db, actor, college, attemptId, soalId, input);
  return {
    id_soal: soalId,
    urutan: input.urutan,
    diterapkan: result === 'applied',
    waktu_server: now.toISOString(),
    sisa_detik: secondsLeft(now, attempt.deadlineAt),
  };
}
