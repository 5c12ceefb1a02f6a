import { buildPageMeta, type PageMeta } from '@lms/contract/api-envelope.schema';
import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import {
  examMessages,
  examStatus,
  isExamStartLocked,
  validateExamForm,
  type ExamFieldError,
} from '@lms/contract/exam.rules';
import type { Exam, ExamCopyInput, ExamCopyQuery, ExamInput, ExamListQuery } from '@lms/contract/exam.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, forbidden } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { throwFieldErrors } from '../../platform/field-errors.ts';
import { sanitizeRichText } from '../../platform/html-sanitizer.ts';
import { removeActivities, syncActivity, type ActivityInput } from '../activity/activity.api.ts';
import { announceToClass } from '../notification/notification.api.ts';
import {
  classListScope,
  classResource,
  loadReadableClass,
  loadReadableClasses,
  type ReadableClass,
} from '../class/class.api.ts';
import { takeLoadedResource, type LoadedResource } from '../../platform/resource-access.ts';
import {
  createdIn,
  defineMeetingContent,
  loadEditableMeeting,
  loadReadableMeeting,
  placedIn,
  type MeetingRow,
} from '../meeting/meeting.api.ts';
import { copyExamContent } from './exam-content.repository.ts';
import { presentExam, type ExamAccess } from './exam.presenter.ts';
import {
  countExamFigures,
  deleteExamRow,
  findAttemptsOfStudent,
  findExamById,
  findExamOfStudent,
  findExamPage,
  findMeetingExams,
  findStudentNim,
  insertExam,
  updateExamRow,
  type ExamRow,
  type NewExamRow,
} from './exam.repository.ts';

/*
 * Exams (spec 3 §7 "Exams"): who sees and edits an exam, the forms, lists and copies. The content lives in
 * exam-content.service.ts; taking in exam-run, results in exam-grading, files in exam-files: all use the
 * access helpers exported here (through exam.api.ts).
 */

const examContent = defineMeetingContent<ExamRow>({
  activity: 'ujian',
  notFound: 'ujian_not_found',
  find: findExamById,
});

/** The activity model's reference of an exam. */
export const examRef = examContent.ref;

/** The caller's relation to an exam's class, and what that lets them do. */
export interface ExamViewer {
  /** Lecturers of the class and operators with write build, edit and grade. */
  canWrite: boolean;
  isStudent: boolean;
  nim: string | null;
  showsQuestionsAfter: boolean;
}

/** What the caller may do with exams of the class. */
export async function viewerOf(db: Db, actor: Actor, college: College, kelasId: string): Promise<ExamViewer> {
  return viewerOfClass(db, actor, college, await loadReadableClass(db, actor, kelasId));
}

/** How the actor sees the exams of a class already loaded. */
async function viewerOfClass(
  db: Db,
  actor: Actor,
  college: College,
  cls: ReadableClass,
): Promise<ExamViewer> {
  const isStudent = actor.role === 'mahasiswa' && cls.relation.isStudent;
  if (isStudent)
    return studentViewer(college, (await findStudentNim(db, actor.collegeId, actor.userId))?.nim ?? null);
  return {
    canWrite: cls.access.ubah_pertemuan,
    isStudent,
    nim: null,
    showsQuestionsAfter: readCollegeSettings(college).pengaturan_kelas.akses_resume_ujian.tampilkan_soal,
  };
}

/** How a student of the exam's class sees it (they never edit it). */
export function studentViewer(college: College, nim: string | null): ExamViewer {
  return {
    canWrite: false,
    isStudent: true,
    nim,
    showsQuestionsAfter: readCollegeSettings(college).pengaturan_kelas.akses_resume_ujian.tampilkan_soal,
  };
}

/**
 * Students see shown exams that have questions (issue 45: a quiz shown before its questions are written
 * is not theirs yet); a remedial only when their nim is among its participants. The same rule as SQL:
 * findExamPage's shownOnly and exam-calendar.repository.ts.
 */
export function isVisibleTo(row: ExamRow, viewer: ExamViewer): boolean {
  if (viewer.canWrite || !viewer.isStudent) return true;
  if (!row.ditampilkan || !row.hasQuestions) return false;
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

/** An exam with how the actor sees it, as the exam resource hands it over (`examResource.of(request)`). */
export interface VisibleExam {
  row: ExamRow;
  viewer: ExamViewer;
}

/**
 * The exam resource's loader: read by whoever reads its class, but 404 when hidden from this student
 * (isVisibleTo); changed by its class's lecturers and operators with write.
 */
export async function loadExamResource(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
): Promise<LoadedResource<VisibleExam> | null> {
  // A student (not an acting session): the exam, their membership and NIM in one statement, which is
  // what the class resource and the viewer below decide for them.
  if (actor.role === 'mahasiswa' && !actor.actorUserId) {
    const found = await findExamOfStudent(db, actor.collegeId, id, actor.userId);
    if (!found) return null;
    const viewer = studentViewer(college, found.nim);
    if (found.isMember && !isVisibleTo(found.exam, viewer)) return null;
    return { row: { row: found.exam, viewer }, canRead: found.isMember, canWrite: false };
  }
  const row = await findExamById(db, actor.collegeId, id);
  if (!row) return null;
  const cls = await classResource.load(db, actor, college, row.kelasId);
  if (!cls) return null;
  const viewer = await viewerOfClass(db, actor, college, cls.row);
  if (cls.canRead && !isVisibleTo(row, viewer)) return null;
  return { row: { row, viewer }, canRead: cls.canRead, canWrite: viewer.canWrite };
}

/**
 * An exam the actor may see: 404 when unknown or hidden from this student, 403 outside the class. The
 * exam the route's path names comes from the pre-handler (once per request).
 */
export async function loadVisibleExam(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
): Promise<VisibleExam> {
  const checked = takeLoadedResource<VisibleExam>('exam', id);
  if (checked) return checked;
  const row = await examContent.load(db, actor, id);
  const viewer = await viewerOf(db, actor, college, row.kelasId);
  if (!isVisibleTo(row, viewer)) throw new AppError(404, 'ujian_not_found');
  return { row, viewer };
}

/**
 * Tells the class's students of an exam once they can see it (shown, with questions: isVisibleTo); a
 * remedial is for some students only and is not announced to the class. Called where either turns true;
 * the first call that finds it visible records the event, later ones do nothing.
 */
export async function announceExamIfShown(db: Db, actor: Actor, id: string): Promise<void> {
  const row = await findExamById(db, actor.collegeId, id);
  if (!row || !row.ditampilkan || !row.hasQuestions || row.jenis === 'remedial') return;
  await announceToClass(db, {
    collegeId: actor.collegeId,
    classId: row.kelasId,
    kind: 'ujian',
    title: row.judul,
    link: `/ujian/${row.id}`,
    resource: { kind: 'exam', id: row.id },
    actorUserId: actor.userId,
  });
}

/** An exam the actor may edit; 404 when unknown, 403 without edit rights. */
export async function loadEditableExam(db: Db, actor: Actor, college: College, id: string) {
  const { row, viewer } = await loadVisibleExam(db, actor, college, id);
  if (!viewer.canWrite) throw forbidden();
  return { row, viewer };
}

/** GET /v2/lms/ujian/{id}. */
export async function getExam(db: Db, actor: Actor, { row, viewer }: VisibleExam): Promise<Exam> {
  return (await presentExams(db, actor, [row], new Map([[row.kelasId, viewer]])))[0]!;
}

/** An exam read again after a change. */
export async function readExam(db: Db, actor: Actor, college: College, id: string): Promise<Exam> {
  return getExam(db, actor, await loadVisibleExam(db, actor, college, id));
}

/** GET /v2/lms/pertemuan/{id}/ujian: a meeting's exams (the exam block of the meeting page). */
export async function listMeetingExams(
  db: Db,
  actor: Actor,
  college: College,
  meetingId: string,
): Promise<Exam[]> {
  const { meeting, cls } = await loadReadableMeeting(db, actor, college, meetingId);
  const viewer = await viewerOfClass(db, actor, college, cls);
  const rows = (await findMeetingExams(db, actor.collegeId, meeting.id)).filter((r) =>
    isVisibleTo(r, viewer),
  );
  return presentExams(db, actor, rows, new Map([[meeting.kelas.id, viewer]]));
}

/** How the actor sees the exams of each class of the rows, the classes read at once. */
async function viewersOfRows(db: Db, actor: Actor, college: College, rows: ExamRow[]) {
  const classes = await loadReadableClasses(
    db,
    actor,
    rows.map((r) => r.kelasId),
  );
  const viewers = new Map<string, ExamViewer>();
  for (const [kelasId, cls] of classes) viewers.set(kelasId, await viewerOfClass(db, actor, college, cls));
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

/**
 * GET /v2/lms/ujian/salin (the form's list_salin_ujian): exams to copy from, of the classes the caller
 * may edit: a lecturer's own classes, every class of the college for an operator with write on
 * kelas_kuliah (the route refuses other operators).
 */
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

/** An exam form's errors, all answered with the exam's own code (the form has no separate "incomplete"). */
function throwExamFieldErrors(errors: ExamFieldError[]): void {
  throwFieldErrors({ invalid: errors }, 'ujian_tidak_valid');
}

const instant = (value: string | null | undefined) => (value ? new Date(value) : null);

/** The form's checks of spec 3 §5. */
function validateForm(input: ExamInput, requireMeeting: boolean) {
  throwExamFieldErrors(
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
}

/** A remedial's main exam: a non-remedial exam of the same meeting, not itself. */
async function validateMainExam(db: Db, actor: Actor, input: ExamInput, meetingId: string, selfId?: string) {
  if (input.jenis !== 'remedial') return;
  const main = await findExamById(db, actor.collegeId, input.id_ujian_utama!);
  if (!main || main.pertemuanId !== meetingId || main.jenis === 'remedial' || main.id === selfId) {
    throwExamFieldErrors([{ field: 'id_ujian_utama', message: examMessages.noMainExam }]);
  }
}

/** The row of a form in its place (college, class, meeting); the class is the meeting's, never the caller's. */
function rowOf(
  place: Pick<NewExamRow, 'collegeId' | 'kelasId' | 'pertemuanId'>,
  input: ExamInput,
): NewExamRow {
  const remedial = input.jenis === 'remedial';
  return {
    ...place,
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

/**
 * The exam's activity: its window, and its jenis, which types it in the grade recap (every sync writes it,
 * or the row loses it: a UTS extended or resumed came back as a Kuis); a remedial (some students only) does
 * not count for attendance.
 */
export function examActivity(
  id: string,
  row: Pick<NewExamRow, 'collegeId' | 'pertemuanId' | 'judul' | 'jenis' | 'ditampilkan' | 'waktuMulai'>,
  waktuSelesai: Date,
): ActivityInput {
  return examContent.activityOf(id, row, {
    subkind: row.jenis,
    countsForAttendance: row.jenis !== 'remedial' && row.ditampilkan !== false,
    opensAt: row.waktuMulai,
    closesAt: waktuSelesai,
    dueAt: waktuSelesai,
  });
}

/** Keeps the exam's activity in step with the saved exam. */
function syncExamActivity(db: Db, id: string, row: NewExamRow) {
  return syncActivity(db, examActivity(id, row, row.waktuSelesai));
}

/** The meeting a form names (required for operators), which the actor must be able to edit. */
async function editableMeeting(
  db: Db,
  actor: Actor,
  college: College,
  meetingId: string | null | undefined,
): Promise<MeetingRow> {
  if (!meetingId) throwExamFieldErrors([{ field: 'id_pertemuan', message: examMessages.pertemuanRequired }]);
  return (await loadEditableMeeting(db, actor, college, meetingId!)).meeting;
}

/** POST /v2/lms/ujian: a new exam in a meeting the actor may edit. */
export async function createExam(db: Db, actor: Actor, college: College, input: ExamInput): Promise<Exam> {
  validateForm(input, true);
  const meeting = await editableMeeting(db, actor, college, input.id_pertemuan);
  await validateMainExam(db, actor, input, meeting.id);
  const row = rowOf(createdIn(actor, meeting), input);
  const id = await examContent.insert(
    db,
    (tx) => insertExam(tx, row),
    (tx, newId) => syncExamActivity(tx, newId, row),
  );
  return readExam(db, actor, college, id);
}

/**
 * POST /v2/lms/ujian/salin: a copy of another exam (its questions too, with their keys unless
 * `salin_kunci_jawaban` is false) with the form's values, in the form's meeting.
 */
export async function copyExam(db: Db, actor: Actor, college: College, input: ExamCopyInput): Promise<Exam> {
  if (!input.id) throwExamFieldErrors([{ field: 'id', message: examMessages.pickExamFirst }]);
  const source = await loadVisibleExam(db, actor, college, input.id!);
  if (!source.viewer.canWrite) throw forbidden();
  const copiesKeys = input.salin_kunci_jawaban !== false;
  const merged: ExamInput = {
    ...input,
    judul: input.judul ?? source.row.judul,
    deskripsi: input.deskripsi ?? source.row.deskripsi,
    jenis: input.jenis ?? source.row.jenis,
    // A copy without keys has no key to show: showing waits until its lecturer sets keys and edits it.
    ...(copiesKeys ? {} : { tampilkan_kunci_jawaban: false, waktu_tampil_kunci: null }),
  };
  const meeting = await editableMeeting(db, actor, college, input.id_pertemuan);
  validateForm(merged, true);
  await validateMainExam(db, actor, merged, meeting.id);
  const row = rowOf(createdIn(actor, meeting), merged);
  const id = await examContent.insert(
    db,
    (tx) => insertExam(tx, row),
    async (tx, newId) => {
      await copyExamContent(tx, actor.collegeId, source.row.id, newId, copiesKeys);
      await syncExamActivity(tx, newId, row);
    },
  );
  return readExam(db, actor, college, id);
}

/** PUT /v2/lms/ujian/{id}: the edit form; the start is locked once attempts exist. */
export async function updateExam(
  db: Db,
  actor: Actor,
  college: College,
  { row }: VisibleExam,
  input: ExamInput,
): Promise<Exam> {
  const { id } = row;
  let place = { collegeId: actor.collegeId, kelasId: row.kelasId, pertemuanId: row.pertemuanId };
  if (input.id_pertemuan && input.id_pertemuan !== row.pertemuanId) {
    const meeting = await editableMeeting(db, actor, college, input.id_pertemuan);
    if (meeting.kelas.id !== row.kelasId) throw new AppError(404, 'meeting_not_found');
    place = placedIn(actor, meeting);
  }
  validateForm(input, false);
  await validateMainExam(db, actor, input, place.pertemuanId, id);
  const figures = (await countExamFigures(db, actor.collegeId, [id])).get(id)!;
  const changes = rowOf(place, input);
  if (isExamStartLocked(figures.attempts) && +changes.waktuMulai !== +row.waktuMulai) {
    throwExamFieldErrors([{ field: 'waktu_mulai', message: examMessages.startLocked }]);
  }
  await examContent.update(
    db,
    (tx) => updateExamRow(tx, actor.collegeId, id, changes),
    async (tx) => {
      await syncExamActivity(tx, id, changes);
      await announceExamIfShown(tx, actor, id);
    },
  );
  return readExam(db, actor, college, id);
}

/** DELETE /v2/lms/ujian/{id}: with its questions, attempts and remedials, their activities and facts. */
export async function deleteExam(db: Db, actor: Actor, { row }: VisibleExam): Promise<void> {
  const { id } = row;
  // The kit removes the exam's own activity; its remedials (deleted with it) take theirs here.
  await examContent.remove(db, actor.collegeId, id, async (tx) => {
    const deleted = await deleteExamRow(tx, actor.collegeId, id);
    if (deleted.length === 0) return false;
    await removeActivities(tx, actor.collegeId, deleted.filter((d) => d !== id).map(examRef));
    return deleted;
  });
}
