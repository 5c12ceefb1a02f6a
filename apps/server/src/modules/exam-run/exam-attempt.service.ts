import {
  answerGraceMs,
  attemptDeadline,
  autoMark,
  canShowAnswerKey,
  examStatus,
  isAnswered,
  isAttemptExpired,
  scoreAttempt,
  secondsLeft,
} from '@lms/contract/exam.rules';
import type { AnswerInput, Attempt } from '@lms/contract/exam.schema';
import {
  examStartAttendanceErrorCode,
  type ExamRestrictionDetail,
} from '@lms/contract/access-restriction.rules';
import { inTransaction, type Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, badRequest } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import {
  checkExamAttendance,
  examAttendanceRule,
  judgeExamAttendance,
} from '../access-restriction/access-restriction.api.ts';
import { recordActivityFact, recordActivityFacts, recordActivityScore } from '../activity/activity.api.ts';
import {
  examRef,
  findAnswers,
  findAttemptById,
  findAttemptOfStudent,
  findCollegeIds,
  findExamById,
  findGroups,
  findQuestions,
  isVisibleTo,
  loadVisibleExam,
  type AttemptRow,
  type ExamRow,
  type ExamViewer,
  type FixedSet,
} from '../exam/exam.api.ts';
import { answerMisfit } from './exam-answer.policy.ts';
import { checkStartAnswerEncoding, presentAttempt } from './exam-attempt.presenter.ts';
import {
  appendLeave,
  closeAttempt,
  findExpiredAttempts,
  findStartContext,
  insertAttemptOnce,
  insertLateAnswer,
  saveAnswerIfOpen,
  writeAttemptScore,
  writeMarks,
} from './exam-attempt.repository.ts';
import { rememberAttemptOwner, type AttemptOwner } from './exam-attempt-owner-cache.ts';
import { forgetExamContent, readExamContentForStart } from './exam-content-cache.ts';
import { claimAttemptsWithoutFact, isExamPaused, markAttemptFactsRecorded } from './exam-run.repository.ts';
import { isPreparedSetCurrent, questionSetFor, takeQuestionSet } from './exam-question-set.service.ts';

/** An exam as its check hands it over: the row and how the caller sees it. */
type VisibleExam = { row: ExamRow; viewer: ExamViewer };

/*
 * Taking an exam (spec 3 §2 "Taking"): the start with the student's fixed question set, answers, the
 * submit (by the student or the sweep at the deadline), and scoring a closed attempt from its stored
 * answers, which exam-grading runs again after a mark, a deduction or a question change.
 */

type ExamQuestion = Awaited<ReturnType<typeof findQuestions>>[number];

/**
 * Scores a closed attempt from its stored answers: every kind but essays automatically, essays and any
 * mark a lecturer set (an override) by the lecturer's marks; stores the score and records it as the
 * activity's score (published with the exam's flag).
 * `examQuestions`: the exam's questions when the caller scores many attempts (read once, not per attempt).
 */
export async function scoreStoredAttempt(
  db: Db,
  collegeId: string,
  exam: ExamRow,
  attemptId: string,
  examQuestions?: ExamQuestion[],
): Promise<void> {
  const attempt = await findAttemptById(db, collegeId, attemptId);
  if (!attempt) return;
  const [questions, answers] = await Promise.all([
    examQuestions ?? findQuestions(db, collegeId, exam.id),
    findAnswers(db, collegeId, attemptId),
  ]);
  const questionById = new Map(questions.map((q) => [q.id, q] as const));
  const answerById = new Map(answers.map((a) => [a.soalId, a] as const));
  const marks: Array<{ soalId: string; nilai: number | null }> = [];
  const groups = attempt.questionSet.map((g) => ({
    aturan: g.aturan,
    jumlah_wajib_dijawab: g.jumlah_wajib_dijawab,
    questions: g.soal.flatMap((id) => {
      const q = questionById.get(id);
      if (!q) return [];
      const a = answerById.get(id);
      const jawaban = a && a.urutan > 0 ? a.jawaban : null;
      const answered = isAnswered(jawaban);
      // A lecturer's mark (dinilai_oleh set) stands for every kind, so a rescore after a corrected key
      // keeps the override (Moodle's regrade does too); only automatic marks are computed again.
      if (a && a.dinilaiOleh !== null) return [{ mark: a.nilai, answered }];
      let mark = autoMark(q.isi, jawaban);
      if (q.isi.jenis === 'esay') mark = answered ? (a?.nilai ?? null) : 0;
      else if ((a?.nilai ?? null) !== mark) marks.push({ soalId: id, nilai: mark });
      return [{ mark, answered }];
    }),
  }));
  await writeMarks(db, collegeId, attemptId, marks, null, new Date());
  const score = scoreAttempt(groups, attempt.penguranganNilai);
  await writeAttemptScore(db, collegeId, attemptId, { nilaiAkhir: score.nilai, sudahDinilai: score.graded });
  await recordActivityScore(db, {
    collegeId,
    ...examRef(exam.id),
    mahasiswaId: attempt.mahasiswaId,
    score: score.nilai,
    graded: score.graded,
    published: exam.isTampilkanNilai,
  });
}

/** Closes an attempt (student's submit or the server at the deadline) and scores it; idempotent. */
export async function finishAttempt(
  db: Db,
  collegeId: string,
  exam: ExamRow,
  attempt: AttemptRow,
  by: 'mahasiswa' | 'sistem',
) {
  await inTransaction(db, async (tx) => {
    const now = new Date();
    if (!(await closeAttempt(tx, collegeId, attempt.id, by, now))) return;
    await recordActivityFact(tx, {
      collegeId,
      ...examRef(exam.id),
      mahasiswaId: attempt.mahasiswaId,
      completedAt: now,
      evidence: { submittedAt: now },
    });
    await scoreStoredAttempt(tx, collegeId, exam, attempt.id);
  });
}

/** Lazy close on read: an open attempt past deadline + grace is submitted now with its saved answers. */
export async function closeIfExpired(
  db: Db,
  collegeId: string,
  exam: ExamRow,
  attempt: AttemptRow,
): Promise<AttemptRow> {
  if (attempt.status !== 'berlangsung' || !isAttemptExpired(new Date(), attempt.deadlineAt)) return attempt;
  await finishAttempt(db, collegeId, exam, attempt, 'sistem');
  return (await findAttemptById(db, collegeId, attempt.id)) ?? attempt;
}

async function presentOwnAttempt(
  db: Db,
  actor: Actor,
  exam: ExamRow,
  viewer: ExamViewer,
  attempt: AttemptRow,
  justStarted = false,
): Promise<Attempt> {
  // Just started: the content as read for the storm's other starts (≤ 5 s old), and no answers yet.
  const [{ groups, questions }, answers] = await Promise.all([
    justStarted
      ? readExamContentForStart(db, actor.collegeId, exam.id)
      : Promise.all([
          findGroups(db, actor.collegeId, exam.id),
          findQuestions(db, actor.collegeId, exam.id),
        ]).then(([groups, questions]) => ({ groups, questions })),
    justStarted ? [] : findAnswers(db, actor.collegeId, attempt.id),
  ]);
  const now = new Date();
  const showKey =
    attempt.status === 'selesai' &&
    canShowAnswerKey(
      now,
      { tampilkan_kunci_jawaban: exam.tampilkanKunciJawaban, waktu_tampil_kunci: exam.waktuTampilKunci },
      true,
      viewer.showsQuestionsAfter,
    );
  return presentAttempt(attempt, {
    now,
    groups,
    questions,
    answers,
    showKey,
    showMarks: exam.isTampilkanNilai,
  });
}

function assertTakes(actor: Actor, viewer: ExamViewer) {
  if (actor.actorUserId) throw new AppError(403, 'aktivitas_saat_login_akun_lain');
  if (!viewer.isStudent) throw new AppError(403, 'ujian_bukan_peserta');
}

/**
 * A UTS/UAS begins only for a student whose attendance in the exam's own class meets the college's
 * minimum (Pembatasan Akses → kehadiran ujian). Keyed on the exam's kind, not its meeting's category: a
 * UTS held in an ordinary meeting is gated the same. Checked before anything of the start is written.
 */
async function assertMeetsExamAttendance(db: Db, actor: Actor, college: College, exam: ExamRow) {
  if (exam.jenis !== 'uts' && exam.jenis !== 'uas') return;
  refuseShortAttendance(exam.jenis, await checkExamAttendance(db, actor, college, exam.jenis, exam.kelasId));
}

function refuseShortAttendance(
  jenis: 'uts' | 'uas',
  entry: { memenuhi_syarat: boolean; kekurangan: string[] } | undefined,
) {
  if (!entry || entry.memenuhi_syarat) return;
  const detail: ExamRestrictionDetail = { syarat: `kehadiran_${jenis}`, kekurangan: entry.kekurangan };
  throw new AppError(403, examStartAttendanceErrorCode, entry.kekurangan[0], detail);
}

/** The attendance rule a start of this exam checks, if any (its counts come with the start's read). */
function startAttendanceRule(actor: Actor, college: College, exam: ExamRow) {
  if (exam.jenis !== 'uts' && exam.jenis !== 'uas') return undefined;
  const rule = examAttendanceRule(actor, college, exam.jenis);
  return rule && { ...rule, jenis: exam.jenis };
}

/** Inserts the student's attempt with the server's deadline, unless they have one (then undefined). */
function createAttempt(db: Db, actor: Actor, exam: ExamRow, set: FixedSet, now: Date) {
  return insertAttemptOnce(db, {
    collegeId: actor.collegeId,
    ujianId: exam.id,
    mahasiswaId: actor.userId,
    startedAt: now,
    deadlineAt: attemptDeadline(now, {
      gunakan_batas_waktu: exam.gunakanBatasWaktu,
      durasi: exam.durasi,
      waktu_selesai: exam.waktuSelesai,
    }),
    ...set,
  });
}

/**
 * POST /v2/lms/ujian/{id}/pengerjaan/start: begins the student's attempt, or answers the one they have
 * (a reload, a second device, a storm of retries all get the same attempt). The deadline and the
 * question set are decided here, by the server, once.
 */
export async function startAttempt(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
  visible?: VisibleExam,
): Promise<Attempt> {
  const { row: exam, viewer } = visible ?? (await loadVisibleExam(db, actor, college, id));
  assertTakes(actor, viewer);
  let attempt = await findAttemptOfStudent(db, actor.collegeId, id, actor.userId);
  let justStarted = false;
  if (!attempt) {
    const now = new Date();
    const status = examStatus(now, exam.waktuMulai, exam.waktuSelesai);
    if (status === 'belum_dimulai') throw badRequest('ujian_belum_dimulai');
    if (status === 'selesai') throw badRequest('ujian_sudah_selesai');
    // A paused exam lets nobody begin (the pause holds the open deadlines; see exam-pause.service).
    if (await isExamPaused(db, actor.collegeId, id)) throw badRequest('ujian_dijeda');
    await assertMeetsExamAttendance(db, actor, college, exam);
    // Prepared ahead by the job when it could be (exam-question-set.service), else decided now.
    const set = await takeQuestionSet(db, actor.collegeId, exam, actor.userId);
    const created = await createAttempt(db, actor, exam, set, now);
    // A twin request that lost the race answers the winner's attempt, with its answers.
    justStarted = created !== undefined;
    attempt = (await findAttemptOfStudent(db, actor.collegeId, id, actor.userId))!;
  }
  rememberAttemptOwner(actor.collegeId, attempt);
  attempt = await closeIfExpired(db, actor.collegeId, exam, attempt);
  return presentOwnAttempt(db, actor, exam, viewer, attempt, justStarted && attempt.status === 'berlangsung');
}

/**
 * POST …/pengerjaan/start on the start storm's path: the route's exam check has read the exam, the
 * student's membership and nim (exam.resource.ts); a student's first start reads the rest it decides on
 * in one statement (findStartContext), decides with the same rules as startAttempt, and writes the
 * attempt in one more (with a set prepared ahead); the content shown comes from the 5-second cache.
 * Anything else — an acting session, a paused exam, an attempt already there, a twin start that won, the
 * exam not running — goes through startAttempt, which answers it with the right attempt or message.
 */
export async function startAttemptFast(db: Db, actor: Actor, college: College, id: string): Promise<Attempt> {
  // The exam the route's check handed over (no statement), for the full path too.
  const visible = await loadVisibleExam(db, actor, college, id);
  // A caller whose row was left to the start's read (auth.plugin callerRowInStatement) is checked
  // first on every other way.
  const pending = actor.unconfirmed;
  const fullPath = async () => {
    await pending?.confirm();
    return startAttempt(db, actor, college, id, visible);
  };
  if (actor.role !== 'mahasiswa' || actor.actorUserId) return fullPath();
  const { row: exam, viewer } = visible;
  const attendanceRule = startAttendanceRule(actor, college, exam);
  const context = await findStartContext(
    db,
    actor.collegeId,
    id,
    actor.userId,
    pending && { sessionId: pending.sessionId, feeRuleActive: pending.feeRuleActive },
    attendanceRule,
  );
  if (!context || !context.callerLive || context.hasAttempt || context.paused || !viewer.nim || !context.nama)
    return fullPath();
  // The caller's row passed the read's checks: nothing left to confirm.
  delete actor.unconfirmed;
  const now = new Date();
  if (!isVisibleTo(exam, viewer) || examStatus(now, exam.waktuMulai, exam.waktuSelesai) !== 'berlangsung')
    return fullPath();
  if (attendanceRule) {
    if (!context.attendance) return fullPath();
    const { jenis } = attendanceRule;
    refuseShortAttendance(jenis, judgeExamAttendance(college, jenis, context.attendance, true));
  }
  // Prepared ahead by the job when it could be (exam-question-set.service), else decided now from the
  // content this start shows. A set prepared before a content change means the content changed: it is
  // read afresh, for the set and for the page.
  if (context.prepared && !isPreparedSetCurrent(context.prepared, context.versiSekarang, exam))
    forgetExamContent(actor.collegeId, exam.id);
  const set = await questionSetFor(db, actor.collegeId, exam, context.prepared, context.versiSekarang, () =>
    readExamContentForStart(db, actor.collegeId, exam.id),
  );
  const created = await createAttempt(db, actor, exam, set, now);
  if (!created) return fullPath();
  rememberAttemptOwner(actor.collegeId, created);
  const attempt: AttemptRow = { ...created, answered: 0, nama: context.nama, nim: viewer.nim };
  const content = await readExamContentForStart(db, actor.collegeId, exam.id);
  const answer = presentAttempt(attempt, {
    now: new Date(),
    groups: content.groups,
    questions: content.questions,
    answers: [],
    showKey: false,
    showMarks: exam.isTampilkanNilai,
  });
  checkStartAnswerEncoding(answer, content);
  return answer;
}

/** GET /v2/lms/ujian/{id}/pengerjaan/me: the student's own attempt (null before starting). */
export async function getMyAttempt(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
): Promise<Attempt | null> {
  const { row: exam, viewer } = await loadVisibleExam(db, actor, college, id);
  if (!viewer.isStudent) throw new AppError(403, 'ujian_bukan_peserta');
  let attempt = await findAttemptOfStudent(db, actor.collegeId, id, actor.userId);
  if (!attempt) return null;
  rememberAttemptOwner(actor.collegeId, attempt);
  attempt = await closeIfExpired(db, actor.collegeId, exam, attempt);
  return presentOwnAttempt(db, actor, exam, viewer, attempt);
}

/**
 * The student's own attempt (the resource checked it is theirs) as it stands now, with its exam, for
 * the routes that act on it beyond the save's one statement: still a participant of an exam they see,
 * not in an acting session. 404 when it was reset meanwhile.
 */
export async function loadOwnAttempt(db: Db, actor: Actor, college: College, owner: AttemptOwner) {
  const attempt = await findAttemptById(db, actor.collegeId, owner.id);
  if (!attempt) throw new AppError(404, 'pengerjaan_not_found');
  const { row: exam, viewer } = await loadVisibleExam(db, actor, college, owner.ujianId);
  assertTakes(actor, viewer);
  return { attempt, exam, viewer };
}

/**
 * PUT /v2/lms/pengerjaan/{id}/jawaban/{soalId}: saves one answer (idempotent; ordered by the client's
 * sequence number). After the deadline plus the grace the answer is refused and kept in the audit table.
 */
export async function saveAnswer(
  db: Db,
  actor: Actor,
  college: College,
  owner: AttemptOwner,
  soalId: string,
  input: AnswerInput,
) {
  const { attempt, exam } = await loadOwnAttempt(db, actor, college, owner);
  const attemptId = owner.id;
  const inSet = attempt.questionSet.some((g) => g.soal.includes(soalId));
  if (!inSet) throw new AppError(404, 'soal_not_found');
  const questions = await findQuestions(db, actor.collegeId, exam.id);
  const question = questions.find((q) => q.id === soalId);
  if (!question) throw new AppError(404, 'soal_not_found');
  const misfit = answerMisfit(question.isi, input.jawaban);
  if (misfit)
    throw badRequest('soal_tidak_valid', misfit, { fields: [{ field: 'jawaban', message: misfit }] });
  // An essay answer is plain text: every screen shows it as text, never as HTML.
  const jawaban = input.jawaban;
  const now = new Date();
  const result = await inTransaction(db, (tx) =>
    saveAnswerIfOpen(tx, actor.collegeId, {
      attemptId,
      soalId,
      jawaban,
      urutan: input.urutan,
      now,
      lastAccepted: new Date(now.getTime() - answerGraceMs),
    }),
  );
  if (result === 'closed') {
    await insertLateAnswer(db, {
      collegeId: actor.collegeId,
      attemptId,
      soalId,
      jawaban,
      urutan: input.urutan,
      alasan: attempt.status === 'selesai' ? 'sudah_selesai' : 'lewat_batas_waktu',
    });
    await closeIfExpired(db, actor.collegeId, exam, attempt);
    if (attempt.status === 'selesai' && !isAttemptExpired(now, attempt.deadlineAt))
      throw new AppError(409, 'pengerjaan_sudah_selesai');
    throw new AppError(409, 'waktu_pengerjaan_habis');
  }
  return {
    id_soal: soalId,
    urutan: input.urutan,
    diterapkan: result === 'applied',
    waktu_server: now.toISOString(),
    sisa_detik: secondsLeft(now, attempt.deadlineAt),
  };
}

/** POST /v2/lms/pengerjaan/{id}/selesai: the student submits; the saved answers are scored. Idempotent. */
export async function submitAttempt(
  db: Db,
  actor: Actor,
  college: College,
  owner: AttemptOwner,
): Promise<Attempt> {
  const { attempt, exam, viewer } = await loadOwnAttempt(db, actor, college, owner);
  await finishAttempt(
    db,
    actor.collegeId,
    exam,
    attempt,
    isAttemptExpired(new Date(), attempt.deadlineAt) ? 'sistem' : 'mahasiswa',
  );
  const submitted = (await findAttemptById(db, actor.collegeId, attempt.id))!;
  return presentOwnAttempt(db, actor, exam, viewer, submitted);
}

/**
 * The auto-submit sweep (a job every minute): every open attempt past its deadline and the grace is
 * submitted with its saved answers, so nobody needs to be online at the end. Answers how many closed.
 */
export async function submitExpiredAttempts(db: Db, now = new Date()): Promise<number> {
  let closed = 0;
  for (const collegeId of await findCollegeIds(db)) {
    const expired = await findExpiredAttempts(db, collegeId, new Date(now.getTime() - answerGraceMs));
    const examCache = new Map<string, ExamRow | undefined>();
    for (const { id, ujianId } of expired) {
      if (!examCache.has(ujianId)) examCache.set(ujianId, await findExamById(db, collegeId, ujianId));
      const exam = examCache.get(ujianId);
      const attempt = await findAttemptById(db, collegeId, id);
      if (!exam || !attempt) continue;
      await finishAttempt(db, collegeId, exam, attempt, 'sistem');
      closed++;
    }
  }
  return closed;
}

/** Closes the exam's open attempts past their deadline and the grace (before its attempts are listed). */
export async function closeExpiredAttempts(db: Db, collegeId: string, exam: ExamRow): Promise<void> {
  for (const expired of await findExpiredAttempts(db, collegeId, new Date(Date.now() - answerGraceMs))) {
    if (expired.ujianId !== exam.id) continue;
    const attempt = await findAttemptById(db, collegeId, expired.id);
    if (attempt) await finishAttempt(db, collegeId, exam, attempt, 'sistem');
  }
}

/** How many attempts' facts one transaction of the drain records. */
const factBatch = 500;

/**
 * The attempted facts of new attempts (attendance), recorded in batches by the exam-attempt-facts job:
 * a start only writes its attempt, so a storm of 2,000 starts costs a few batches here instead of a
 * fact, a progress refresh and an event in each start. Claim, record and mark share one transaction,
 * so a crash leaves the attempts to the next run. Answers how many it recorded.
 */
export async function recordPendingAttemptFacts(db: Db): Promise<number> {
  let recorded = 0;
  for (const collegeId of await findCollegeIds(db)) {
    for (;;) {
      const count = await inTransaction(db, async (tx) => {
        const claimed = await claimAttemptsWithoutFact(tx, collegeId, factBatch);
        await recordActivityFacts(
          tx,
          claimed.map((a) => ({
            collegeId,
            ...examRef(a.ujianId),
            mahasiswaId: a.mahasiswaId,
            evidence: { attemptedAt: a.startedAt },
          })),
        );
        await markAttemptFactsRecorded(
          tx,
          collegeId,
          claimed.map((a) => a.id),
          new Date(),
        );
        return claimed.length;
      });
      recorded += count;
      if (count < factBatch) break;
    }
  }
  return recorded;
}

/**
 * POST /v2/lms/pengerjaan/{id}/keluar: a closed-book page reports that the student left fullscreen or
 * the tab; the server records its own time. Ignored for open-book exams and closed attempts.
 */
export async function recordLeave(
  db: Db,
  actor: Actor,
  college: College,
  owner: AttemptOwner,
  jenis: 'fullscreen' | 'tab',
): Promise<void> {
  const { exam } = await loadOwnAttempt(db, actor, college, owner);
  if (exam.sifat !== 'close') return;
  await appendLeave(db, actor.collegeId, owner.id, { jenis, waktu: new Date().toISOString() });
}
