import { buildPageMeta, type PageMeta } from '@lms/contract/api-envelope.schema';
import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import {
  answerGraceMs,
  attemptDeadline,
  autoMark,
  canShowAnswerKey,
  examMessages,
  examStatus,
  isAnswered,
  isAttemptExpired,
  isExamStartLocked,
  scoreAttempt,
  secondsLeft,
  validateExamForm,
  validateGroup,
  validateQuestion,
  type ExamFieldError,
} from '@lms/contract/exam.rules';
import type {
  AnswerInput,
  AnswerStats,
  Attempt,
  Exam,
  ExamCopyInput,
  ExamCopyQuery,
  ExamInput,
  ExamListQuery,
  GroupInput,
  QuestionGroup,
  QuestionInput,
} from '@lms/contract/exam.schema';
import { inTransaction, type Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, badRequest, forbidden } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { publishWithin, streamKey } from '../../platform/event-hub.ts';
import { sanitizeRichText } from '../../platform/html-sanitizer.ts';
import {
  publishActivityScores,
  recordActivityFact,
  recordActivityScore,
  removeActivities,
  syncActivity,
} from '../activity/activity.api.ts';
import { classListScope, loadReadableClass } from '../class/class.api.ts';
import { loadReadableMeeting } from '../meeting/meeting.api.ts';
import {
  presentAttempt,
  presentAttemptRow,
  presentContent,
  presentExam,
  type ExamAccess,
} from './exam.presenter.ts';
import {
  appendLeave,
  closeAttempt,
  copyExamContent,
  countExamFigures,
  deleteAttemptRow,
  deleteExamRow,
  deleteGroupRow,
  deleteQuestionRow,
  extendOpenAttempts,
  findAnswers,
  findAttemptById,
  findAttemptOfStudent,
  findAttemptPage,
  findAttemptsOfExam,
  findAttemptsOfStudent,
  clearRescoreRequest,
  findCollegeIds,
  findExamsToRescore,
  findFinishedAttemptIds,
  requestRescore,
  findExamAnswers,
  findExamById,
  findExamPage,
  findExpiredAttempts,
  findGroups,
  findMeetingExams,
  findQuestions,
  findStudentNim,
  findStudentsWithoutAttempt,
  insertAttemptOnce,
  insertExam,
  insertGroup,
  insertLateAnswer,
  insertQuestion,
  reorderRows,
  saveAnswerIfOpen,
  updateExamRow,
  updateGroupRow,
  updateQuestionRow,
  writeAttemptScore,
  writeDeadline,
  writeDeduction,
  writeMarks,
  type AttemptRow,
  type ExamRow,
  type NewExamRow,
} from './exam.repository.ts';
import { readExamContentForStart } from './exam-content-cache.ts';
import { isExamPaused } from './exam-run.repository.ts';
import { takeQuestionSet } from './exam-question-set.service.ts';

const examRef = (id: string) => ({ kind: 'ujian' as const, contentId: id });

/** The caller's relation to an exam's class, and what that lets them do. */
interface ExamViewer {
  /** Lecturers of the class and operators with write build, edit and grade. */
  canWrite: boolean;
  isStudent: boolean;
  nim: string | null;
  showsQuestionsAfter: boolean;
}

async function viewerOf(db: Db, actor: Actor, college: College, kelasId: string): Promise<ExamViewer> {
  const cls = await loadReadableClass(db, actor, kelasId);
  const isStudent = actor.role === 'mahasiswa' && cls.relation.isStudent;
  const nim = isStudent ? ((await findStudentNim(db, actor.collegeId, actor.userId))?.nim ?? null) : null;
  return {
    canWrite: cls.access.ubah_pertemuan,
    isStudent,
    nim,
    showsQuestionsAfter: readCollegeSettings(college).pengaturan_kelas.akses_resume_ujian.tampilkan_soal,
  };
}

/** Students see shown exams; a remedial only when their nim is among its participants. */
function isVisibleTo(row: ExamRow, viewer: ExamViewer): boolean {
  if (viewer.canWrite || !viewer.isStudent) return true;
  if (!row.ditampilkan) return false;
  return row.jenis !== 'remedial' || (!!viewer.nim && row.pesertaRemedial.includes(viewer.nim));
}

function accessOf(row: ExamRow, viewer: ExamViewer, now: Date): ExamAccess {
  return {
    ubah: viewer.canWrite,
    hapus: viewer.canWrite,
    kerjakan:
      viewer.isStudent &&
      isVisibleTo(row, viewer) &&
      examStatus(now, row.waktuMulai, row.waktuSelesai) === 'berlangsung',
    nilai: viewer.canWrite,
  };
}

/** Answers exams with their figures and, for a student, their own attempts, read for all at once. */
async function presentExams(
  db: Db,
  actor: Actor,
  rows: ExamRow[],
  viewers: Map<string, ExamViewer>,
): Promise<Exam[]> {
  const ids = rows.map((r) => r.id);
  const [figures, own] = await Promise.all([
    countExamFigures(db, actor.collegeId, ids),
    actor.role === 'mahasiswa'
      ? findAttemptsOfStudent(db, actor.collegeId, ids, actor.userId)
      : Promise.resolve([]),
  ]);
  const now = new Date();
  return rows.map((row) => {
    const viewer = viewers.get(row.kelasId)!;
    return presentExam(row, {
      now,
      figures: figures.get(row.id)!,
      own: own.find((a) => a.ujianId === row.id),
      access: accessOf(row, viewer, now),
      showsParticipants: viewer.canWrite || !viewer.isStudent,
    });
  });
}

async function loadExam(db: Db, actor: Actor, id: string): Promise<ExamRow> {
  const row = await findExamById(db, actor.collegeId, id);
  if (!row) throw new AppError(404, 'ujian_not_found');
  return row;
}

/** An exam the actor may see: 404 when unknown or hidden from this student, 403 outside the class. */
export async function loadVisibleExam(db: Db, actor: Actor, college: College, id: string) {
  const row = await loadExam(db, actor, id);
  const viewer = await viewerOf(db, actor, college, row.kelasId);
  if (!isVisibleTo(row, viewer)) throw new AppError(404, 'ujian_not_found');
  return { row, viewer };
}

/** An exam the actor may edit; 404 when unknown, 403 without edit rights. */
export async function loadEditableExam(db: Db, actor: Actor, college: College, id: string) {
  const { row, viewer } = await loadVisibleExam(db, actor, college, id);
  if (!viewer.canWrite) throw forbidden();
  return { row, viewer };
}

/** GET /v2/lms/ujian/{id}. */
export async function getExam(db: Db, actor: Actor, college: College, id: string): Promise<Exam> {
  const { row, viewer } = await loadVisibleExam(db, actor, college, id);
  return (await presentExams(db, actor, [row], new Map([[row.kelasId, viewer]])))[0]!;
}

/** GET /v2/lms/pertemuan/{id}/ujian: a meeting's exams (the exam block of the meeting page). */
export async function listMeetingExams(
  db: Db,
  actor: Actor,
  college: College,
  meetingId: string,
): Promise<Exam[]> {
  const { meeting } = await loadReadableMeeting(db, actor, college, meetingId);
  const viewer = await viewerOf(db, actor, college, meeting.kelas.id);
  const rows = (await findMeetingExams(db, actor.collegeId, meeting.id)).filter((r) =>
    isVisibleTo(r, viewer),
  );
  return presentExams(db, actor, rows, new Map([[meeting.kelas.id, viewer]]));
}

async function viewersOfRows(db: Db, actor: Actor, college: College, rows: ExamRow[]) {
  const viewers = new Map<string, ExamViewer>();
  for (const kelasId of new Set(rows.map((r) => r.kelasId)))
    viewers.set(kelasId, await viewerOf(db, actor, college, kelasId));
  return viewers;
}

/** GET /v2/lms/ujian: the exams of the user's classes (operators with read: all), newest first. */
export async function listExams(
  db: Db,
  actor: Actor,
  college: College,
  query: ExamListQuery,
): Promise<{ data: Exam[]; meta: PageMeta }> {
  const { rows, total } = await findExamPage(
    db,
    actor.collegeId,
    classListScope(actor),
    {
      status: query.status,
      now: new Date(),
      periode: query.periode && /^\d+$/.test(query.periode) ? Number(query.periode) : undefined,
      mataKuliahId: query.id_mata_kuliah,
      kelasId: query.id_kelas_kuliah,
      pertemuanId: query.id_pertemuan,
      search: query.search,
      shownOnly: actor.role === 'mahasiswa',
    },
    { page: query.page, perPage: query.per_page },
  );
  const viewers = await viewersOfRows(db, actor, college, rows);
  // A remedial the student is not a participant of is left out of the page (rare: the total may count it).
  const visible = rows.filter((r) => isVisibleTo(r, viewers.get(r.kelasId)!));
  return { data: await presentExams(db, actor, visible, viewers), meta: buildPageMeta(query, total) };
}

/** GET /v2/lms/ujian/salin: exams of the lecturer's other classes (operators: any class) to copy. */
export async function listCopyableExams(
  db: Db,
  actor: Actor,
  college: College,
  query: ExamCopyQuery,
): Promise<{ data: Exam[]; meta: PageMeta }> {
  const { rows, total } = await findExamPage(
    db,
    actor.collegeId,
    classListScope(actor),
    {
      now: new Date(),
      mataKuliahId: query.id_mata_kuliah,
      excludeKelasId: query.exclude_id_kelas_kuliah,
      search: query.search,
      shownOnly: false,
    },
    { page: query.page, perPage: query.per_page },
  );
  const viewers = await viewersOfRows(db, actor, college, rows);
  return { data: await presentExams(db, actor, rows, viewers), meta: buildPageMeta(query, total) };
}

function throwFieldErrors(errors: ExamFieldError[]): void {
  if (errors.length === 0) return;
  throw badRequest('ujian_tidak_valid', errors[0]!.message, { fields: errors });
}

const instant = (value: string | null | undefined) => (value ? new Date(value) : null);

/** The form's checks of spec 3 §5, and the main exam of a remedial (a non-remedial exam of the same meeting). */
async function validateInput(
  db: Db,
  actor: Actor,
  input: ExamInput,
  requireMeeting: boolean,
  meetingId: string,
  selfId?: string,
) {
  throwFieldErrors(
    validateExamForm(
      {
        ...input,
        waktu_mulai: instant(input.waktu_mulai),
        waktu_selesai: instant(input.waktu_selesai),
        waktu_tampil_kunci: instant(input.waktu_tampil_kunci),
      },
      { requireMeeting },
    ),
  );
  if (input.jenis === 'remedial') {
    const main = await findExamById(db, actor.collegeId, input.id_ujian_utama!);
    if (!main || main.pertemuanId !== meetingId || main.jenis === 'remedial' || main.id === selfId) {
      throwFieldErrors([{ field: 'id_ujian_utama', message: examMessages.noMainExam }]);
    }
  }
}

/** The row of a form; the class is the meeting's, never the caller's. */
function rowOf(actor: Actor, input: ExamInput, kelasId: string, pertemuanId: string): NewExamRow {
  const remedial = input.jenis === 'remedial';
  return {
    collegeId: actor.collegeId,
    kelasId,
    pertemuanId,
    ujianUtamaId: remedial ? input.id_ujian_utama! : null,
    judul: input.judul!.trim(),
    deskripsi: sanitizeRichText(input.deskripsi ?? ''),
    jenis: input.jenis!,
    sifat: input.sifat,
    durasi: input.gunakan_batas_waktu ? (input.durasi ?? null) : (input.durasi ?? null),
    gunakanBatasWaktu: input.gunakan_batas_waktu,
    acakSoal: input.acak_soal,
    ditampilkan: input.ditampilkan,
    tampilkanKunciJawaban: input.tampilkan_kunci_jawaban,
    // Sent only when the key is shown (spec 3 §5).
    waktuTampilKunci: input.tampilkan_kunci_jawaban ? instant(input.waktu_tampil_kunci) : null,
    waktuMulai: new Date(input.waktu_mulai!),
    waktuSelesai: new Date(input.waktu_selesai!),
    pesertaRemedial: remedial
      ? [...new Set(input.peserta_remedial.map((n) => n.trim()).filter(Boolean))]
      : [],
  };
}

/** Keeps the exam's activity in step: its window; a remedial (some students only) does not count for attendance. */
function syncExamActivity(db: Db, id: string, row: NewExamRow) {
  return syncActivity(db, {
    collegeId: row.collegeId,
    ...examRef(id),
    pertemuanId: row.pertemuanId,
    title: row.judul,
    subkind: row.jenis,
    countsForAttendance: row.jenis !== 'remedial' && row.ditampilkan !== false,
    opensAt: row.waktuMulai,
    closesAt: row.waktuSelesai,
    dueAt: row.waktuSelesai,
  });
}

/** The meeting a form names (required for operators), which the actor must be able to edit. */
async function editableMeeting(db: Db, actor: Actor, college: College, meetingId: string | null | undefined) {
  if (!meetingId) throwFieldErrors([{ field: 'id_pertemuan', message: examMessages.pertemuanRequired }]);
  const { meeting, access } = await loadReadableMeeting(db, actor, college, meetingId!);
  if (!access.ubah) throw forbidden();
  return meeting;
}

/** POST /v2/lms/ujian: a new exam in a meeting the actor may edit. */
export async function createExam(db: Db, actor: Actor, college: College, input: ExamInput): Promise<Exam> {
  throwFieldErrors(
    validateExamForm(
      {
        ...input,
        waktu_mulai: instant(input.waktu_mulai),
        waktu_selesai: instant(input.waktu_selesai),
        waktu_tampil_kunci: instant(input.waktu_tampil_kunci),
      },
      { requireMeeting: true },
    ),
  );
  const meeting = await editableMeeting(db, actor, college, input.id_pertemuan);
  await validateInput(db, actor, input, true, meeting.id);
  const row = {
    ...rowOf(actor, input, meeting.kelas.id, meeting.id),
    createdBy: actor.actorUserId ?? actor.userId,
  };
  const id = await inTransaction(db, async (tx) => {
    const newId = await insertExam(tx, row);
    await syncExamActivity(tx, newId, row);
    return newId;
  });
  return getExam(db, actor, college, id);
}

/** POST /v2/lms/ujian/salin: a copy of another exam (its questions too) with the form's values, in the form's meeting. */
export async function copyExam(db: Db, actor: Actor, college: College, input: ExamCopyInput): Promise<Exam> {
  if (!input.id) throwFieldErrors([{ field: 'id', message: examMessages.pickExamFirst }]);
  const source = await loadVisibleExam(db, actor, college, input.id!);
  if (!source.viewer.canWrite) throw forbidden();
  const merged: ExamInput = {
    ...input,
    judul: input.judul ?? source.row.judul,
    deskripsi: input.deskripsi ?? source.row.deskripsi,
    jenis: input.jenis ?? source.row.jenis,
  };
  const meeting = await editableMeeting(db, actor, college, input.id_pertemuan);
  await validateInput(db, actor, merged, true, meeting.id);
  const row = {
    ...rowOf(actor, merged, meeting.kelas.id, meeting.id),
    createdBy: actor.actorUserId ?? actor.userId,
  };
  const id = await inTransaction(db, async (tx) => {
    const newId = await insertExam(tx, row);
    await copyExamContent(tx, actor.collegeId, source.row.id, newId);
    await syncExamActivity(tx, newId, row);
    return newId;
  });
  return getExam(db, actor, college, id);
}

/** PUT /v2/lms/ujian/{id}: the edit form; the start is locked once attempts exist. */
export async function updateExam(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
  input: ExamInput,
): Promise<Exam> {
  const { row } = await loadEditableExam(db, actor, college, id);
  let meetingId = row.pertemuanId;
  let kelasId = row.kelasId;
  if (input.id_pertemuan && input.id_pertemuan !== row.pertemuanId) {
    const meeting = await editableMeeting(db, actor, college, input.id_pertemuan);
    if (meeting.kelas.id !== row.kelasId) throw new AppError(404, 'meeting_not_found');
    meetingId = meeting.id;
    kelasId = meeting.kelas.id;
  }
  await validateInput(db, actor, input, false, meetingId, id);
  const figures = (await countExamFigures(db, actor.collegeId, [id])).get(id)!;
  const changes = rowOf(actor, input, kelasId, meetingId);
  if (isExamStartLocked(figures.attempts) && +changes.waktuMulai !== +row.waktuMulai) {
    throwFieldErrors([{ field: 'waktu_mulai', message: examMessages.startLocked }]);
  }
  await inTransaction(db, async (tx) => {
    if (!(await updateExamRow(tx, actor.collegeId, id, changes))) throw new AppError(404, 'ujian_not_found');
    await syncExamActivity(tx, id, changes);
  });
  return getExam(db, actor, college, id);
}

/** DELETE /v2/lms/ujian/{id}: with its questions, attempts and remedials, their activities and facts. */
export async function deleteExam(db: Db, actor: Actor, college: College, id: string): Promise<void> {
  await loadEditableExam(db, actor, college, id);
  await inTransaction(db, async (tx) => {
    const deleted = await deleteExamRow(tx, actor.collegeId, id);
    if (deleted.length === 0) throw new AppError(404, 'ujian_not_found');
    await removeActivities(tx, actor.collegeId, deleted.map(examRef));
  });
}

// ---------------------------------------------------------------------------------------------------
// Content

/** GET /v2/lms/ujian/{id}/kelompok_soal: groups and questions with keys (those who edit the exam). */
export async function getExamContent(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
): Promise<QuestionGroup[]> {
  await loadEditableExam(db, actor, college, id);
  const [groups, questions] = await Promise.all([
    findGroups(db, actor.collegeId, id),
    findQuestions(db, actor.collegeId, id),
  ]);
  return presentContent(groups, questions);
}

async function oneGroup(db: Db, actor: Actor, ujianId: string, groupId: string) {
  const [groups, questions] = await Promise.all([
    findGroups(db, actor.collegeId, ujianId),
    findQuestions(db, actor.collegeId, ujianId),
  ]);
  const group = presentContent(groups, questions).find((g) => g.id === groupId);
  if (!group) throw new AppError(404, 'kelompok_soal_not_found');
  return group;
}

function groupChanges(input: GroupInput, questionCount: number) {
  const required = input.aturan === 'semua' ? null : (input.jumlah_wajib_dijawab ?? null);
  const errors = validateGroup(input.aturan, required, questionCount);
  if (errors.length) throw badRequest('soal_tidak_valid', errors[0]!.message, { fields: errors });
  return { judul: input.judul.trim(), aturan: input.aturan, jumlahWajibDijawab: required };
}

/** POST /v2/lms/ujian/{id}/kelompok_soal. */
export async function createGroup(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
  input: GroupInput,
): Promise<QuestionGroup> {
  await loadEditableExam(db, actor, college, id);
  const groupId = await insertGroup(db, {
    collegeId: actor.collegeId,
    ujianId: id,
    ...groupChanges(input, 0),
  });
  return oneGroup(db, actor, id, groupId);
}

/** PUT /v2/lms/ujian/{id}/kelompok_soal/{groupId}. */
export async function updateGroup(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
  groupId: string,
  input: GroupInput,
): Promise<QuestionGroup> {
  await loadEditableExam(db, actor, college, id);
  const current = await oneGroup(db, actor, id, groupId);
  if (!(await updateGroupRow(db, actor.collegeId, id, groupId, groupChanges(input, current.soal.length))))
    throw new AppError(404, 'kelompok_soal_not_found');
  return oneGroup(db, actor, id, groupId);
}

/** DELETE /v2/lms/ujian/{id}/kelompok_soal/{groupId}: with its questions. */
export async function deleteGroup(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
  groupId: string,
): Promise<void> {
  await loadEditableExam(db, actor, college, id);
  if (!(await deleteGroupRow(db, actor.collegeId, id, groupId)))
    throw new AppError(404, 'kelompok_soal_not_found');
}

/** PUT /v2/lms/ujian/{id}/kelompok_soal/urutan: the groups' new order. */
export async function reorderGroups(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
  ids: string[],
): Promise<QuestionGroup[]> {
  await loadEditableExam(db, actor, college, id);
  await reorderRows(db, actor.collegeId, { kind: 'groups', ujianId: id }, ids);
  return getExamContent(db, actor, college, id);
}

/** PUT /v2/lms/ujian/{id}/kelompok_soal/{groupId}/soal/urutan: a group's questions' new order. */
export async function reorderQuestions(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
  groupId: string,
  ids: string[],
): Promise<QuestionGroup> {
  await loadEditableExam(db, actor, college, id);
  await reorderRows(db, actor.collegeId, { kind: 'questions', ujianId: id, kelompokId: groupId }, ids);
  return oneGroup(db, actor, id, groupId);
}

/** The question rules of spec 3 §5 (the same the question bank applies), on sanitised text. */
function questionChanges(input: QuestionInput) {
  const pertanyaan = sanitizeRichText(input.pertanyaan);
  const errors = validateQuestion({ pertanyaan, body: input.isi });
  if (errors.length) throw badRequest('soal_tidak_valid', errors[0]!.message, { fields: errors });
  const isi =
    input.isi.jenis === 'esay'
      ? {
          ...input.isi,
          kunci: sanitizeRichText(input.isi.kunci),
          jenis_file_diterima: [...new Set(input.isi.jenis_file_diterima)],
        }
      : input.isi.jenis === 'pilihan'
        ? {
            ...input.isi,
            pilihan: input.isi.pilihan.map((o) => ({ teks: o.teks.trim(), gambar: o.gambar ?? null })),
          }
        : input.isi;
  return { pertanyaan, isi };
}

/** POST /v2/lms/ujian/{id}/kelompok_soal/{groupId}/soal. */
export async function createQuestion(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
  groupId: string,
  input: QuestionInput,
): Promise<QuestionGroup> {
  await loadEditableExam(db, actor, college, id);
  await oneGroup(db, actor, id, groupId);
  await insertQuestion(db, {
    collegeId: actor.collegeId,
    ujianId: id,
    kelompokId: groupId,
    ...questionChanges(input),
  });
  return oneGroup(db, actor, id, groupId);
}

/** PUT /v2/lms/ujian/{id}/kelompok_soal/{groupId}/soal/{questionId}. */
export async function updateQuestion(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
  groupId: string,
  questionId: string,
  input: QuestionInput,
): Promise<QuestionGroup> {
  await loadEditableExam(db, actor, college, id);
  if (
    !(await updateQuestionRow(
      db,
      actor.collegeId,
      { ujianId: id, kelompokId: groupId, id: questionId },
      questionChanges(input),
    ))
  )
    throw new AppError(404, 'soal_not_found');
  // A changed key or kind changes the scores of attempts already finished.
  await requestRescore(db, actor.collegeId, id, new Date());
  return oneGroup(db, actor, id, groupId);
}

/** DELETE /v2/lms/ujian/{id}/kelompok_soal/{groupId}/soal/{questionId}. */
export async function deleteQuestion(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
  groupId: string,
  questionId: string,
): Promise<void> {
  await loadEditableExam(db, actor, college, id);
  if (!(await deleteQuestionRow(db, actor.collegeId, { ujianId: id, kelompokId: groupId, id: questionId })))
    throw new AppError(404, 'soal_not_found');
  await requestRescore(db, actor.collegeId, id, new Date());
}

// ---------------------------------------------------------------------------------------------------
// Taking

/**
 * Scores a closed attempt from its stored answers: choices and true/false automatically, essays by
 * the lecturer's marks; stores the score and records it as the activity's score (published with the exam's flag).
 */
async function scoreStoredAttempt(
  db: Db,
  collegeId: string,
  exam: ExamRow,
  attemptId: string,
): Promise<void> {
  const attempt = await findAttemptById(db, collegeId, attemptId);
  if (!attempt) return;
  const [questions, answers] = await Promise.all([
    findQuestions(db, collegeId, exam.id),
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
async function finishAttempt(
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
async function closeIfExpired(
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
 * POST /v2/lms/ujian/{id}/pengerjaan/start: begins the student's attempt, or answers the one they have
 * (a reload, a second device, a storm of retries all get the same attempt). The deadline and the
 * question set are decided here, by the server, once.
 */
export async function startAttempt(db: Db, actor: Actor, college: College, id: string): Promise<Attempt> {
  const { row: exam, viewer } = await loadVisibleExam(db, actor, college, id);
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
    // Prepared ahead by the job when it could be (exam-question-set.service), else decided now.
    const { questionSet, jumlahSoal } = await takeQuestionSet(db, actor.collegeId, exam, actor.userId);
    const created = await inTransaction(db, async (tx) => {
      const inserted = await insertAttemptOnce(tx, {
        collegeId: actor.collegeId,
        ujianId: id,
        mahasiswaId: actor.userId,
        startedAt: now,
        deadlineAt: attemptDeadline(now, {
          gunakan_batas_waktu: exam.gunakanBatasWaktu,
          durasi: exam.durasi,
          waktu_selesai: exam.waktuSelesai,
        }),
        questionSet,
        jumlahSoal,
      });
      if (inserted) {
        await recordActivityFact(tx, {
          collegeId: actor.collegeId,
          ...examRef(id),
          mahasiswaId: actor.userId,
          evidence: { attemptedAt: now },
        });
      }
      return inserted;
    });
    // A twin request that lost the race answers the winner's attempt, with its answers.
    justStarted = created;
    attempt = (await findAttemptOfStudent(db, actor.collegeId, id, actor.userId))!;
  }
  attempt = await closeIfExpired(db, actor.collegeId, exam, attempt);
  return presentOwnAttempt(db, actor, exam, viewer, attempt, justStarted && attempt.status === 'berlangsung');
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
  attempt = await closeIfExpired(db, actor.collegeId, exam, attempt);
  return presentOwnAttempt(db, actor, exam, viewer, attempt);
}

/** The student's own attempt by id, with its exam; 404 for anyone else's. */
export async function loadOwnAttempt(db: Db, actor: Actor, college: College, attemptId: string) {
  const attempt = await findAttemptById(db, actor.collegeId, attemptId);
  if (!attempt || attempt.mahasiswaId !== actor.userId) throw new AppError(404, 'pengerjaan_not_found');
  const { row: exam, viewer } = await loadVisibleExam(db, actor, college, attempt.ujianId);
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
  attemptId: string,
  soalId: string,
  input: AnswerInput,
) {
  const { attempt, exam } = await loadOwnAttempt(db, actor, college, attemptId);
  const inSet = attempt.questionSet.some((g) => g.soal.includes(soalId));
  if (!inSet) throw new AppError(404, 'soal_not_found');
  const questions = await findQuestions(db, actor.collegeId, exam.id);
  const question = questions.find((q) => q.id === soalId);
  if (!question) throw new AppError(404, 'soal_not_found');
  if (question.jenis !== input.jawaban.jenis) throw badRequest('soal_tidak_valid');
  if (
    question.isi.jenis === 'pilihan' &&
    input.jawaban.jenis === 'pilihan' &&
    input.jawaban.pilihan !== null
  ) {
    if (input.jawaban.pilihan >= question.isi.pilihan.length) throw badRequest('soal_tidak_valid');
  }
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
  attemptId: string,
): Promise<Attempt> {
  const { attempt, exam, viewer } = await loadOwnAttempt(db, actor, college, attemptId);
  await finishAttempt(
    db,
    actor.collegeId,
    exam,
    attempt,
    isAttemptExpired(new Date(), attempt.deadlineAt) ? 'sistem' : 'mahasiswa',
  );
  return presentOwnAttempt(db, actor, exam, viewer, (await findAttemptById(db, actor.collegeId, attemptId))!);
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
      for (const attemptId of await findFinishedAttemptIds(db, collegeId, id)) {
        await inTransaction(db, (tx) => scoreStoredAttempt(tx, collegeId, exam, attemptId));
        scored++;
      }
      await clearRescoreRequest(db, collegeId, id, rescoreRequestedAt);
    }
  }
  return scored;
}

// ---------------------------------------------------------------------------------------------------
// Results and grading

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
  for (const expired of await findExpiredAttempts(
    db,
    actor.collegeId,
    new Date(Date.now() - answerGraceMs),
  )) {
    if (expired.ujianId !== id) continue;
    const attempt = await findAttemptById(db, actor.collegeId, expired.id);
    if (attempt) await finishAttempt(db, actor.collegeId, exam, attempt, 'sistem');
  }
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
  let attempt = await findAttemptOfStudent(db, actor.collegeId, id, studentId);
  if (!attempt) throw new AppError(404, 'pengerjaan_not_found');
  attempt = await closeIfExpired(db, actor.collegeId, exam, attempt);
  const [groups, questions, answers] = await Promise.all([
    findGroups(db, actor.collegeId, id),
    findQuestions(db, actor.collegeId, id),
    findAnswers(db, actor.collegeId, attempt.id),
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

/** PUT …/pengerjaan/{studentId}/kelompok_soal/{groupId}/soal/{questionId}/nilai: a question's mark; rescored. */
export async function markAnswer(
  db: Db,
  actor: Actor,
  college: College,
  params: { id: string; studentId: string; groupId: string; questionId: string },
  nilai: number,
): Promise<Attempt> {
  const { row: exam } = await loadEditableExam(db, actor, college, params.id);
  const attempt = await findAttemptOfStudent(db, actor.collegeId, params.id, params.studentId);
  if (!attempt) throw new AppError(404, 'pengerjaan_not_found');
  const group = attempt.questionSet.find((g) => g.id === params.groupId);
  if (!group || !group.soal.includes(params.questionId)) throw new AppError(404, 'soal_not_found');
  if (attempt.status !== 'selesai') throw badRequest('ujian_tidak_valid', 'Pengerjaan belum selesai.');
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
  return getStudentAttempt(db, actor, college, params.id, params.studentId);
}

/** An attempt by id with its editable exam. */
async function loadGradableAttempt(db: Db, actor: Actor, college: College, attemptId: string) {
  const attempt = await findAttemptById(db, actor.collegeId, attemptId);
  if (!attempt) throw new AppError(404, 'pengerjaan_not_found');
  const { row: exam } = await loadEditableExam(db, actor, college, attempt.ujianId);
  return { attempt, exam };
}

/** PUT /v2/lms/pengerjaan/{id}/pengurangan_nilai: the deduction (2 decimals); rescored. */
export async function setDeduction(
  db: Db,
  actor: Actor,
  college: College,
  attemptId: string,
  nilai: number,
): Promise<Attempt> {
  const { attempt, exam } = await loadGradableAttempt(db, actor, college, attemptId);
  await inTransaction(db, async (tx) => {
    await writeDeduction(tx, actor.collegeId, attemptId, Math.round(nilai * 100) / 100);
    if (attempt.status === 'selesai') await scoreStoredAttempt(tx, actor.collegeId, exam, attemptId);
  });
  return getStudentAttempt(db, actor, college, exam.id, attempt.mahasiswaId);
}

/** DELETE /v2/lms/pengerjaan/{id}: reset — the attempt and its answers go; the student may start again. */
export async function resetAttempt(db: Db, actor: Actor, college: College, attemptId: string): Promise<void> {
  const { attempt, exam } = await loadGradableAttempt(db, actor, college, attemptId);
  await inTransaction(db, async (tx) => {
    if (!(await deleteAttemptRow(tx, actor.collegeId, attemptId)))
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
  await loadEditableExam(db, actor, college, id);
  await inTransaction(db, async (tx) => {
    await updateExamRow(tx, actor.collegeId, id, { isTampilkanNilai: publish });
    await publishActivityScores(tx, actor.collegeId, examRef(id), publish);
  });
  return getExam(db, actor, college, id);
}

/**
 * GET …/perhitungan_nilai: `proses` while the exam's finished attempts wait to be scored again after a
 * question changed (the exam-rescore job); other score changes are computed in the request that makes them.
 */
export async function calculationStatus(db: Db, actor: Actor, college: College, id: string) {
  const exam = await loadEditableExam(db, actor, college, id);
  return { status: exam.row.rescoreRequestedAt ? ('proses' as const) : ('selesai' as const) };
}

/** The event stream of an exam's open pages (`time_changed` when a deadline moves). */
export function examStreamKey(collegeId: string, examId: string): string {
  return streamKey(collegeId, 'ujian', examId);
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
    await updateExamRow(tx, actor.collegeId, id, { waktuSelesai });
    await extendOpenAttempts(tx, actor.collegeId, id, minutes * 60);
    await syncActivity(tx, {
      collegeId: actor.collegeId,
      ...examRef(id),
      pertemuanId: row.pertemuanId,
      title: row.judul,
      countsForAttendance: row.jenis !== 'remedial' && row.ditampilkan,
      opensAt: row.waktuMulai,
      closesAt: waktuSelesai,
      dueAt: waktuSelesai,
    });
    await publishWithin(tx, examStreamKey(actor.collegeId, id), 'time_changed', { id_ujian: id });
  });
  return getExam(db, actor, college, id);
}

/** PUT /v2/lms/pengerjaan/{id}/perpanjang: one student's open attempt gets more minutes. */
export async function extendAttempt(
  db: Db,
  actor: Actor,
  college: College,
  attemptId: string,
  minutes: number,
): Promise<Attempt> {
  const { attempt, exam } = await loadGradableAttempt(db, actor, college, attemptId);
  await inTransaction(db, async (tx) => {
    const deadline = new Date(attempt.deadlineAt.getTime() + minutes * 60_000);
    if (!(await writeDeadline(tx, actor.collegeId, attemptId, deadline)))
      throw badRequest('pengerjaan_sudah_selesai');
    await publishWithin(tx, examStreamKey(actor.collegeId, exam.id), 'time_changed', {
      id_ujian: exam.id,
      id_pengerjaan: attemptId,
    });
  });
  return getStudentAttempt(db, actor, college, exam.id, attempt.mahasiswaId);
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

/**
 * POST /v2/lms/pengerjaan/{id}/keluar: a closed-book page reports that the student left fullscreen or
 * the tab; the server records its own time. Ignored for open-book exams and closed attempts.
 */
export async function recordLeave(
  db: Db,
  actor: Actor,
  college: College,
  attemptId: string,
  jenis: 'fullscreen' | 'tab',
): Promise<void> {
  const { exam } = await loadOwnAttempt(db, actor, college, attemptId);
  if (exam.sifat !== 'close') return;
  await appendLeave(db, actor.collegeId, attemptId, { jenis, waktu: new Date().toISOString() });
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
