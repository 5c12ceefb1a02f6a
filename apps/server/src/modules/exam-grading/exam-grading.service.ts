import { buildPageMeta } from '@lms/contract/api-envelope.schema';
import { isAnswered } from '@lms/contract/exam.rules';
import type { AnswerStats, Attempt, Exam } from '@lms/contract/exam.schema';
import { inTransaction, type Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, badRequest, forbidden } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { publishWithin } from '../../platform/event-hub.ts';
import { publishActivityScores, recordActivityScore, syncActivity } from '../activity/activity.api.ts';
import { announceToClass, announceToUsers } from '../notification/notification.api.ts';
import {
  examActivity,
  examRef,
  findAnswers,
  findAttemptById,
  findAttemptOfStudent,
  findAttemptPage,
  findAttemptsOfExam,
  findCollegeIds,
  findExamById,
  findGroups,
  findQuestions,
  findStudentsWithoutAttempt,
  readExam,
  type ExamRow,
  loadEditableExam,
  presentContent,
} from '../exam/exam.api.ts';
import {
  closeExpiredAttempts,
  closeIfExpired,
  examStreamKey,
  presentAttempt,
  scoreStoredAttempt,
  writeMarks,
  type LoadedAttempt,
} from '../exam-run/exam-run.api.ts';
import { presentAttemptRow } from './exam-grading.presenter.ts';
import {
  clearRescoreRequest,
  deleteAttemptRow,
  extendOpenAttempts,
  findExamAnswers,
  findExamsToRescore,
  findFinishedAttemptIds,
  writeDeadline,
  writeDeduction,
  writeExamEnd,
  writeScoresShown,
} from './exam-grading.repository.ts';

/*
 * An exam's results for its editors (spec 3 §2 "Results"): attempts, a student's attempt to mark, the
 * deduction, reset, publishing, the score calculation status, answer statistics and the export; and the
 * time of a running exam (extensions reach open pages through `time_changed`).
 */

/** GET /v2/lms/ujian/{id}/pengerjaan: attempts by student name. */
export async function listAttempts(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
  query: { page: number; per_page: number; search?: string },
) {
  const { row: exam } = await loadEditableExam(db, actor, college, id);
  // Attempts whose time ran out are closed before they are listed.
  await closeExpiredAttempts(db, actor.collegeId, exam);
  const { rows, total } = await findAttemptPage(db, actor.collegeId, id, query.search, {
    page: query.page,
    perPage: query.per_page,
  });
  return { data: rows.map(presentAttemptRow), meta: buildPageMeta(query, total) };
}

/** GET /v2/lms/ujian/{id}/pengerjaan/no_pengerjaan: students (a remedial: its participants) without an attempt. */
export async function listStudentsWithoutAttempt(db: Db, actor: Actor, college: College, id: string) {
  const { row } = await loadEditableExam(db, actor, college, id);
  const rows = await findStudentsWithoutAttempt(
    db,
    actor.collegeId,
    row.kelasId,
    id,
    row.jenis === 'remedial' ? row.pesertaRemedial : undefined,
  );
  return rows;
}

/** GET /v2/lms/ujian/{id}/pengerjaan/{studentId}: one student's attempt with answers, keys and marks. */
export async function getStudentAttempt(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
  studentId: string,
): Promise<Attempt> {
  const { row: exam } = await loadEditableExam(db, actor, college, id);
  return presentStudentAttempt(db, actor.collegeId, exam, studentId);
}

/** A student's attempt of the exam as its editors see it (closed first when its time ran out). */
async function presentStudentAttempt(
  db: Db,
  collegeId: string,
  exam: ExamRow,
  studentId: string,
): Promise<Attempt> {
  let attempt = await findAttemptOfStudent(db, collegeId, exam.id, studentId);
  if (!attempt) throw new AppError(404, 'pengerjaan_not_found');
  attempt = await closeIfExpired(db, collegeId, exam, attempt);
  const [groups, questions, answers] = await Promise.all([
    findGroups(db, collegeId, exam.id),
    findQuestions(db, collegeId, exam.id),
    findAnswers(db, collegeId, attempt.id),
  ]);
  return presentAttempt(attempt, {
    now: new Date(),
    groups,
    questions,
    answers,
    showKey: true,
    showMarks: true,
  });
}

type MarkParams = { id: string; studentId: string; groupId: string; questionId: string };

/** The finished attempt and the question of its set that a mark route's path names. */
async function loadMarkTarget(db: Db, actor: Actor, college: College, params: MarkParams) {
  const { row: exam } = await loadEditableExam(db, actor, college, params.id);
  const attempt = await findAttemptOfStudent(db, actor.collegeId, params.id, params.studentId);
  if (!attempt) throw new AppError(404, 'pengerjaan_not_found');
  const group = attempt.questionSet.find((g) => g.id === params.groupId);
  if (!group || !group.soal.includes(params.questionId)) throw new AppError(404, 'soal_not_found');
  // Answers are saved only while the attempt is open, so a mark given after the submit is never
  // outdated by a later answer of the student.
  if (attempt.status !== 'selesai') throw badRequest('ujian_tidak_valid', 'Pengerjaan belum selesai.');
  return { exam, attempt };
}

/**
 * PUT …/pengerjaan/{studentId}/kelompok_soal/{groupId}/soal/{questionId}/nilai: the lecturer's mark of a
 * question of any kind, stored with who gave it; for a kind marked automatically it overrides that mark
 * (rescores after a corrected key keep it) until DELETE …/nilai. The attempt is scored again.
 */
export async function markAnswer(
  db: Db,
  actor: Actor,
  college: College,
  params: MarkParams,
  nilai: number,
): Promise<Attempt> {
  const { exam, attempt } = await loadMarkTarget(db, actor, college, params);
  await inTransaction(db, async (tx) => {
    await writeMarks(
      tx,
      actor.collegeId,
      attempt.id,
      [{ soalId: params.questionId, nilai }],
      actor.actorUserId ?? actor.userId,
      new Date(),
    );
    await scoreStoredAttempt(tx, actor.collegeId, exam, attempt.id);
  });
  return presentStudentAttempt(db, actor.collegeId, exam, params.studentId);
}

/**
 * DELETE …/soal/{questionId}/nilai: the lecturer's override goes and the question's automatic mark comes
 * back (scored again from the stored answer and the current key). Essays have no automatic mark: 400.
 */
export async function clearLecturerMark(
  db: Db,
  actor: Actor,
  college: College,
  params: MarkParams,
): Promise<Attempt> {
  const { exam, attempt } = await loadMarkTarget(db, actor, college, params);
  const question = (await findQuestions(db, actor.collegeId, exam.id)).find(
    (q) => q.id === params.questionId,
  );
  if (!question) throw new AppError(404, 'soal_not_found');
  if (question.isi.jenis === 'esay')
    throw badRequest('ujian_tidak_valid', 'Soal esai tidak punya nilai otomatis; ubah nilainya saja.');
  await inTransaction(db, async (tx) => {
    // No author and no mark: the scoring below writes the automatic mark again.
    await writeMarks(
      tx,
      actor.collegeId,
      attempt.id,
      [{ soalId: params.questionId, nilai: null }],
      null,
      new Date(),
    );
    await scoreStoredAttempt(tx, actor.collegeId, exam, attempt.id);
  });
  return presentStudentAttempt(db, actor.collegeId, exam, params.studentId);
}

/**
 * The attempt the route's path names as it stands now, with its exam as the resource loaded it for the
 * exam's editors (the route lets no student through). 404 when it was reset meanwhile.
 */
async function readGradableAttempt(db: Db, collegeId: string, loaded: LoadedAttempt) {
  if (!loaded.exam) throw forbidden();
  const attempt = await findAttemptById(db, collegeId, loaded.attempt.id);
  if (!attempt) throw new AppError(404, 'pengerjaan_not_found');
  return { attempt, exam: loaded.exam.row };
}

/** PUT /v2/lms/pengerjaan/{id}/pengurangan_nilai: the deduction (2 decimals); rescored. */
export async function setDeduction(
  db: Db,
  actor: Actor,
  loaded: LoadedAttempt,
  nilai: number,
): Promise<Attempt> {
  const { attempt, exam } = await readGradableAttempt(db, actor.collegeId, loaded);
  await inTransaction(db, async (tx) => {
    await writeDeduction(tx, actor.collegeId, attempt.id, Math.round(nilai * 100) / 100);
    if (attempt.status === 'selesai') await scoreStoredAttempt(tx, actor.collegeId, exam, attempt.id);
  });
  return presentStudentAttempt(db, actor.collegeId, exam, attempt.mahasiswaId);
}

/** DELETE /v2/lms/pengerjaan/{id}: reset — the attempt and its answers go; the student may start again. */
export async function resetAttempt(db: Db, actor: Actor, loaded: LoadedAttempt): Promise<void> {
  const { attempt, exam } = await readGradableAttempt(db, actor.collegeId, loaded);
  await inTransaction(db, async (tx) => {
    if (!(await deleteAttemptRow(tx, actor.collegeId, attempt.id)))
      throw new AppError(404, 'pengerjaan_not_found');
    await recordActivityScore(tx, {
      collegeId: actor.collegeId,
      ...examRef(exam.id),
      mahasiswaId: attempt.mahasiswaId,
      score: null,
    });
  });
}

/** PUT /v2/lms/ujian/{id}/nilai_publishing: students see (or no longer see) their scores. */
export async function publishScores(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
  publish: boolean,
): Promise<Exam> {
  const { row } = await loadEditableExam(db, actor, college, id);
  await inTransaction(db, async (tx) => {
    await writeScoresShown(tx, actor.collegeId, id, publish);
    await publishActivityScores(tx, actor.collegeId, examRef(id), publish);
    // The students who finished it hear of it once: publishing again after hiding tells nobody twice.
    if (publish) {
      await announceToClass(tx, {
        collegeId: actor.collegeId,
        classId: row.kelasId,
        kind: 'nilai',
        title: `Nilai ${row.judul} dipublikasikan`,
        link: `/ujian/${id}`,
        resource: { kind: 'ujian', id },
        actorUserId: actor.userId,
      });
    }
  });
  return readExam(db, actor, college, id);
}

/**
 * GET …/perhitungan_nilai: `proses` while the exam's finished attempts wait to be scored again after a
 * question changed (the exam-rescore job); other score changes are computed in the request that makes them.
 */
export async function calculationStatus(db: Db, actor: Actor, college: College, id: string) {
  const exam = await loadEditableExam(db, actor, college, id);
  return { status: exam.row.rescoreRequestedAt ? ('proses' as const) : ('selesai' as const) };
}

/**
 * PUT /v2/lms/ujian/{id}/perpanjang: the exam ends later and every open attempt gets the minutes too
 * (an extension, or minutes given back after an outage); open pages hear `time_changed`.
 */
export async function extendExam(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
  minutes: number,
): Promise<Exam> {
  const { row } = await loadEditableExam(db, actor, college, id);
  const waktuSelesai = new Date(row.waktuSelesai.getTime() + minutes * 60_000);
  await inTransaction(db, async (tx) => {
    await writeExamEnd(tx, actor.collegeId, id, waktuSelesai);
    await extendOpenAttempts(tx, actor.collegeId, id, minutes * 60);
    await syncActivity(tx, examActivity(id, row, waktuSelesai));
    await publishWithin(tx, examStreamKey(actor.collegeId, id), 'time_changed', { id_ujian: id });
    // The page's stream tells those on it; the students who may see it and have not finished are told too.
    await announceToClass(tx, {
      collegeId: actor.collegeId,
      classId: row.kelasId,
      kind: 'ujian_berubah',
      title: `Ujian ${row.judul} diperpanjang ${minutes} menit`,
      link: `/ujian/${id}`,
      resource: { kind: 'ujian', id: `${id}@${waktuSelesai.toISOString()}` },
      actorUserId: actor.userId,
    });
  });
  return readExam(db, actor, college, id);
}

/** PUT /v2/lms/pengerjaan/{id}/perpanjang: one student's open attempt gets more minutes. */
export async function extendAttempt(
  db: Db,
  actor: Actor,
  loaded: LoadedAttempt,
  minutes: number,
): Promise<Attempt> {
  const { attempt, exam } = await readGradableAttempt(db, actor.collegeId, loaded);
  await inTransaction(db, async (tx) => {
    const deadline = new Date(attempt.deadlineAt.getTime() + minutes * 60_000);
    if (!(await writeDeadline(tx, actor.collegeId, attempt.id, deadline)))
      throw badRequest('pengerjaan_sudah_selesai');
    await publishWithin(tx, examStreamKey(actor.collegeId, exam.id), 'time_changed', {
      id_ujian: exam.id,
      id_pengerjaan: attempt.id,
    });
    await announceToUsers(tx, {
      collegeId: actor.collegeId,
      classId: exam.kelasId,
      userIds: [attempt.mahasiswaId],
      kind: 'ujian_berubah',
      title: `Waktu ujian ${exam.judul} Anda diperpanjang ${minutes} menit`,
      link: `/ujian/${exam.id}`,
      // The exam first: the audience's rules read it from the id (notification-audience.repository.ts).
      resource: { kind: 'ujian', id: `${exam.id}@${attempt.id}@${deadline.toISOString()}` },
      actorUserId: actor.userId,
    });
  });
  return presentStudentAttempt(db, actor.collegeId, exam, attempt.mahasiswaId);
}

/** GET /v2/lms/ujian/{id}/pengerjaan/jawaban_stats: per question, how many got it, answered it, got it right, and the spread. */
export async function answerStats(db: Db, actor: Actor, college: College, id: string): Promise<AnswerStats> {
  await loadEditableExam(db, actor, college, id);
  const [groups, questions, { attempts, answers }] = await Promise.all([
    findGroups(db, actor.collegeId, id),
    findQuestions(db, actor.collegeId, id),
    findExamAnswers(db, actor.collegeId, id),
  ]);
  const content = presentContent(groups, questions).flatMap((g) => g.soal);
  return content.map((q) => {
    const given = attempts.filter((a) => a.questionSet.some((g) => g.soal.includes(q.id))).length;
    const own = answers.filter((a) => a.soalId === q.id);
    const answered = own.filter((a) => a.urutan > 0 && isAnswered(a.jawaban));
    const marked = own.filter((a) => a.nilai !== null);
    let sebaran: number[] = [];
    if (q.isi.jenis === 'pilihan') {
      sebaran = q.isi.pilihan.map(
        (_, i) => answered.filter((a) => a.jawaban?.jenis === 'pilihan' && a.jawaban.pilihan === i).length,
      );
    } else if (q.isi.jenis === 'pilihan_kompleks') {
      sebaran = q.isi.pilihan.map(
        (_, i) =>
          answered.filter((a) => a.jawaban?.jenis === 'pilihan_kompleks' && a.jawaban.pilihan.includes(i))
            .length,
      );
    } else if (q.isi.jenis === 'benar_salah') {
      sebaran = [true, false].map(
        (v) =>
          answered.filter((a) => a.jawaban?.jenis === 'benar_salah' && a.jawaban.benar_salah === v).length,
      );
    }
    return {
      id_soal: q.id,
      nomor: q.nomor,
      jenis: q.jenis,
      jumlah_peserta: given,
      jumlah_dijawab: answered.length,
      jumlah_benar: own.filter((a) => a.nilai === 100).length,
      sebaran,
      rata_rata_nilai: marked.length
        ? Math.round((marked.reduce((sum, a) => sum + a.nilai!, 0) / marked.length) * 100) / 100
        : null,
    };
  });
}

/** The attempts of an exam and the students without one, for the spreadsheet export. */
export async function listAttemptsForExport(db: Db, actor: Actor, college: College, id: string) {
  const { row: exam } = await loadEditableExam(db, actor, college, id);
  const [attempts, missing] = await Promise.all([
    findAttemptsOfExam(db, actor.collegeId, id),
    findStudentsWithoutAttempt(
      db,
      actor.collegeId,
      exam.kelasId,
      id,
      exam.jenis === 'remedial' ? exam.pesertaRemedial : undefined,
    ),
  ]);
  return { exam, attempts, missing };
}

/**
 * The rescore sweep (the exam-rescore job): every finished attempt of an exam whose questions changed is
 * scored again from its stored answers, one attempt per transaction; the exam's mark is cleared after,
 * unless a newer change came meanwhile (that one is swept next time). Answers how many attempts it scored.
 */
export async function rescoreStaleExams(db: Db): Promise<number> {
  let scored = 0;
  for (const collegeId of await findCollegeIds(db)) {
    for (const { id, rescoreRequestedAt } of await findExamsToRescore(db, collegeId)) {
      const exam = await findExamById(db, collegeId, id);
      if (!exam || !rescoreRequestedAt) continue;
      // Read after the request was marked: a change made while the sweep runs marks the exam again.
      const questions = await findQuestions(db, collegeId, id);
      for (const attemptId of await findFinishedAttemptIds(db, collegeId, id)) {
        await inTransaction(db, (tx) => scoreStoredAttempt(tx, collegeId, exam, attemptId, questions));
        scored++;
      }
      await clearRescoreRequest(db, collegeId, id, rescoreRequestedAt);
    }
  }
  return scored;
}
