import { buildPageMeta, type PageMeta } from '@lms/contract/api-envelope.schema';
import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import {
  attendanceRequirementAllowed,
  fileTooLargeMessage,
  materialMaxBytes,
} from '@lms/contract/material.rules';
import {
  decideHandIn,
  handInRefusalMessages,
  lecturerMonitoringStatus,
  memberScoresOf,
  studentMonitoringStatus,
  taskAttachmentExtensions,
  taskFileMaxCount,
  taskMessages,
  validateMemberScores,
  validateTaskForm,
} from '@lms/contract/task.rules';
import {
  handInFieldsSchema,
  taskFieldsSchema,
  type TaskFields,
  type GradeInput,
  type MyHandIn,
  type Submission,
  type SubmissionRow as SubmissionListRow,
  type Task,
  type TaskListQuery,
} from '@lms/contract/task.schema';
import { inTransaction, type Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, badRequest, forbidden, assertAllowed } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { throwFieldErrors } from '../../platform/field-errors.ts';
import type { FileStore } from '../../platform/file-storage.ts';
import { sanitizeRichText } from '../../platform/html-sanitizer.ts';
import { storePrivateUploads } from '../../platform/private-uploads.ts';
import type { UploadedFile } from '../../platform/multipart-form.ts';
import { parseInput } from '../../platform/parse-input.ts';
import {
  publishActivityScores,
  recordActivityFacts,
  recordActivityScores,
  syncActivity,
} from '../activity/activity.api.ts';
import { classListScope, loadReadableClass } from '../class/class.api.ts';
import {
  createdIn,
  defineMeetingContent,
  loadEditableMeeting,
  loadReadableMeeting,
  placedIn,
  type ContentWithClass,
} from '../meeting/meeting.api.ts';
import { readClassGroupsAndStudents, readStudentGroup } from '../task-group/task-group.api.ts';
import { announceToClass } from '../notification/notification.api.ts';
import { presentSubmission, presentTask } from './task.presenter.ts';
import {
  countSubmissions,
  deleteTask,
  deleteTaskAttachments,
  findMeetingTasks,
  findMemberScores,
  findSubmissionById,
  findSubmissionFiles,
  findSubmissionsOfStudent,
  findSubmissionsOfTasks,
  findTaskAttachments,
  findTaskById,
  findTaskPage,
  gradeSubmissionRow,
  insertTask,
  insertTaskAttachments,
  replaceMemberScores,
  saveSubmission,
  setTaskPublished,
  updateTaskRow,
  type NewTaskRow,
  type SubmissionRow,
  type TaskRow,
} from './task.repository.ts';

export const taskContent = defineMeetingContent<TaskRow>({
  activity: 'tugas',
  notFound: 'tugas_not_found',
  find: findTaskById,
});

/** Upload limits: `lampiran_tugas` for a task's files, `pengumpulan_tugas` for a hand-in's (spec 1 §9). */
export function taskUploadLimit(college: College, kind: 'lampiran_tugas' | 'pengumpulan_tugas') {
  const maxBytes = materialMaxBytes(readCollegeSettings(college).pengaturan_sistem.ukuran_max_file[kind]);
  return {
    maxBytes,
    tooLarge: new AppError(413, 'file_terlalu_besar', fileTooLargeMessage(maxBytes)),
    maxFiles: taskFileMaxCount,
    tooMany: taskMessages.tooManyFiles,
  };
}

/** Staff who read a class's hand-ins: its lecturers and operators with read (checked by loadReadableClass). */
function isStaff(actor: Actor): boolean {
  return actor.role !== 'mahasiswa';
}

/** Presents tasks for the actor: students with their own hand-in's status, staff with the class's recap. */
async function presentTasks(db: Db, actor: Actor, rows: TaskRow[], canWrite: (row: TaskRow) => boolean) {
  const now = new Date();
  const ids = rows.map((r) => r.id);
  const attachments = await findTaskAttachments(db, actor.collegeId, ids);
  const attachmentsOf = (id: string) => attachments.filter((a) => a.tugasId === id);
  if (actor.role === 'mahasiswa') {
    const mine = await findSubmissionsOfStudent(db, actor.collegeId, actor.userId, ids);
    return rows.map((row) => {
      const own = mine.find((s) => s.tugasId === row.id);
      return presentTask(row, {
        now,
        attachments: attachmentsOf(row.id),
        monitoring: studentMonitoringStatus(
          now,
          row.waktuMulai,
          own ? { graded: own.nilai !== null, published: row.nilaiDipublikasikan } : null,
        ),
        recap: null,
        access: {
          ubah: false,
          kumpul: decideHandIn(taskWindow(row), own ? { graded: own.nilai !== null } : null, now).allowed,
          nilai: false,
        },
      });
    });
  }
  const counts = await countSubmissions(db, actor.collegeId, ids);
  return rows.map((row) => {
    const c = counts.find((x) => x.tugasId === row.id) ?? { submitted: 0, graded: 0 };
    return presentTask(row, {
      now,
      attachments: attachmentsOf(row.id),
      monitoring: lecturerMonitoringStatus(now, row.waktuMulai, c),
      recap: { peserta: 0, terkumpul: c.submitted, dinilai: c.graded },
      access: { ubah: canWrite(row), kumpul: false, nilai: canWrite(row) },
    });
  });
}

function taskWindow(row: Pick<TaskRow, 'waktuMulai' | 'waktuSelesai' | 'terimaTerlambat'>) {
  return { start: row.waktuMulai, end: row.waktuSelesai, acceptsLate: row.terimaTerlambat };
}

/**
 * A task with its class as the task resource loads it (`taskResource.of(request)`): read by students and
 * lecturers of its class and operators with read.
 */
export type LoadedTask = ContentWithClass<TaskRow>;

/** GET /v2/lms/tugas/{id}. */
export async function getTask(db: Db, actor: Actor, { row, cls }: LoadedTask): Promise<Task> {
  const [task] = await presentTasks(db, actor, [row], () => cls.access.ubah_pertemuan);
  return task!;
}

/** A task read again after a change; 404, 403 as the resource. */
async function readTask(db: Db, actor: Actor, id: string): Promise<Task> {
  return getTask(db, actor, await taskContent.loadWithClass(db, actor, id));
}

/** GET /v2/lms/pertemuan/{id}/tugas: a meeting's tasks (the task block of the meeting page). */
export async function listMeetingTasks(db: Db, actor: Actor, college: College, meetingId: string) {
  const { meeting, access } = await loadReadableMeeting(db, actor, college, meetingId);
  const rows = await findMeetingTasks(db, actor.collegeId, meeting.id);
  return presentTasks(db, actor, rows, () => access.ubah);
}

/** GET /v2/lms/tugas: the user's tasks across their classes (or one class's: the monitoring card). */
export async function listTasks(
  db: Db,
  actor: Actor,
  query: TaskListQuery,
): Promise<{ data: Task[]; meta: PageMeta }> {
  let writable = new Set<string>();
  if (query.id_kelas_kuliah) {
    const cls = await loadReadableClass(db, actor, query.id_kelas_kuliah);
    if (cls.access.ubah_pertemuan) writable = new Set([cls.row.id]);
  }
  const { rows, total } = await findTaskPage(
    db,
    actor.collegeId,
    classListScope(actor),
    { status: query.status, kelasId: query.id_kelas_kuliah, now: new Date() },
    { page: query.page, perPage: query.per_page },
  );
  // Outside one class, write rights come from the task page itself (the list only links there).
  return {
    data: await presentTasks(db, actor, rows, (row) => writable.has(row.kelasId)),
    meta: buildPageMeta(query, total),
  };
}

/** A task's or a hand-in's files: checked by content, stored privately, all or nothing. */
function storeFiles(
  files: FileStore,
  collegeId: string,
  uploads: UploadedFile[],
  allowed: readonly string[],
) {
  return storePrivateUploads(files, collegeId, uploads, allowed, {
    extension: taskMessages.fileTypeInvalid,
    content: taskMessages.fileContentInvalid,
  });
}

/** Throws the form's errors: missing fields first (the toast), then the rest. */
function throwTaskErrors(errors: Parameters<typeof throwFieldErrors>[0]): void {
  throwFieldErrors(errors, 'tugas_tidak_valid', taskMessages.incomplete);
}

/** Keeps the task's activity in step: opens at the start, due at the end, closed then unless late is accepted. */
function syncTaskActivity(db: Db, row: NewTaskRow & { id: string }, meetingJenis: string) {
  return syncActivity(
    db,
    taskContent.activityOf(row.id, row, {
      countsForAttendance: attendanceRequirementAllowed(meetingJenis),
      opensAt: row.waktuMulai,
      closesAt: row.terimaTerlambat ? null : row.waktuSelesai,
      dueAt: row.waktuSelesai,
    }),
  );
}

type TaskForm = { fields: Record<string, unknown>; files: UploadedFile[] };

/** The form's rules on its fields, their times read as instants. */
function validateTaskFields(fields: TaskFields, requireMeeting: boolean) {
  return validateTaskForm(
    {
      ...fields,
      waktu_mulai: fields.waktu_mulai ? new Date(fields.waktu_mulai) : null,
      waktu_selesai: fields.waktu_selesai ? new Date(fields.waktu_selesai) : null,
    },
    { requireMeeting },
  );
}

/** A checked form's columns, the same for a new task and an edit. */
function taskColumns(fields: TaskFields) {
  return {
    judul: fields.judul.trim(),
    deskripsi: sanitizeRichText(fields.deskripsi),
    jenis: fields.jenis!,
    waktuMulai: new Date(fields.waktu_mulai!),
    waktuSelesai: new Date(fields.waktu_selesai!),
    tipeFileJawaban: [...new Set(fields.tipe_file_jawaban)],
    terimaTerlambat: fields.terima_terlambat,
  };
}

/** POST /v2/lms/tugas: a new task in a meeting the actor may edit. */
export async function createTask(
  db: Db,
  files: FileStore,
  actor: Actor,
  college: College,
  form: TaskForm,
): Promise<Task> {
  const fields = parseInput(taskFieldsSchema, form.fields);
  if (!fields.id_pertemuan)
    throwTaskErrors({ missing: [{ field: 'id_pertemuan', message: taskMessages.pertemuanRequired }] });
  const { meeting } = await loadEditableMeeting(db, actor, college, fields.id_pertemuan!);
  throwTaskErrors(validateTaskFields(fields, true));
  const stored = await storeFiles(files, actor.collegeId, form.files, taskAttachmentExtensions);
  const row: NewTaskRow = {
    ...createdIn(actor, meeting),
    ...taskColumns(fields),
  };
  let id: string;
  try {
    id = await taskContent.insert(
      db,
      (tx) => insertTask(tx, row),
      async (tx, newId) => {
        await insertTaskAttachments(tx, actor.collegeId, newId, stored, 0);
        await syncTaskActivity(tx, { ...row, id: newId }, meeting.jenis);
        await announceToClass(tx, {
          collegeId: actor.collegeId,
          classId: meeting.kelasId,
          kind: 'tugas',
          title: row.judul,
          link: `/tugas/${newId}`,
          resource: { kind: 'task', id: newId },
          actorUserId: actor.userId,
        });
      },
    );
  } catch (error) {
    for (const file of stored) await files.delete(file.fileKey);
    throw error;
  }
  return readTask(db, actor, id);
}

/**
 * PUT /v2/lms/tugas/{id}: the edit form; new files are added, `hapus_lampiran` removes stored ones. The
 * type cannot change once someone handed in (their hand-ins would belong to the wrong owner).
 */
export async function updateTask(
  db: Db,
  files: FileStore,
  actor: Actor,
  college: College,
  { row }: LoadedTask,
  form: TaskForm,
): Promise<Task> {
  const { id } = row;
  // The activity's rules read the meeting's kind.
  const current = { row, meeting: (await loadEditableMeeting(db, actor, college, row.pertemuanId)).meeting };
  const fields = parseInput(taskFieldsSchema, form.fields);
  throwTaskErrors(validateTaskFields(fields, false));
  // A task stays in its meeting: another meeting named here (perhaps of a class the caller does not
  // teach) is refused, not silently ignored.
  if (fields.id_pertemuan && fields.id_pertemuan !== current.row.pertemuanId)
    throwTaskErrors({ invalid: [{ field: 'id_pertemuan', message: taskMessages.meetingChangeRefused }] });
  if (fields.jenis !== current.row.jenis) {
    const [counts] = await countSubmissions(db, actor.collegeId, [id]);
    if (counts?.submitted)
      throwTaskErrors({ invalid: [{ field: 'jenis', message: taskMessages.typeChangeRefused }] });
  }
  const existing = await findTaskAttachments(db, actor.collegeId, [id]);
  const kept = existing.filter((a) => !fields.hapus_lampiran.includes(a.id));
  if (kept.length + form.files.length > taskFileMaxCount)
    throw badRequest('file_tidak_valid', taskMessages.tooManyFiles);
  const stored = await storeFiles(files, actor.collegeId, form.files, taskAttachmentExtensions);
  const changes: NewTaskRow = {
    ...placedIn(actor, current.meeting),
    ...taskColumns(fields),
  };
  let removedKeys: string[] = [];
  try {
    removedKeys = await taskContent.update(
      db,
      (tx) => updateTaskRow(tx, actor.collegeId, id, changes),
      async (tx) => {
        const removed = await deleteTaskAttachments(tx, actor.collegeId, id, fields.hapus_lampiran);
        const next = Math.max(-1, ...existing.map((a) => a.position)) + 1;
        await insertTaskAttachments(tx, actor.collegeId, id, stored, next);
        await syncTaskActivity(tx, { ...changes, id }, current.meeting.jenis);
        return removed;
      },
    );
  } catch (error) {
    for (const file of stored) await files.delete(file.fileKey);
    throw error;
  }
  for (const key of removedKeys) await files.delete(key);
  return readTask(db, actor, id);
}

/** DELETE /v2/lms/tugas/{id}: the task, its hand-ins, its activity and facts, and their files. */
export async function removeTask(db: Db, files: FileStore, actor: Actor, { row }: LoadedTask) {
  const { id } = row;
  const keys = await taskContent.remove(db, actor.collegeId, id, (tx) => deleteTask(tx, actor.collegeId, id));
  for (const key of keys) await files.delete(key);
}

/** GET /v2/lms/tugas/{id}/lampiran/{lampiranId}: the key of a task's file, for those who may read the task. */
export async function getTaskAttachmentKey(db: Db, actor: Actor, { row }: LoadedTask, attachmentId: string) {
  const attachment = (await findTaskAttachments(db, actor.collegeId, [row.id])).find(
    (a) => a.id === attachmentId,
  );
  if (!attachment) throw new AppError(404, 'file_not_found');
  return attachment.fileKey;
}

/** The student's side of a task: enrolled, not an acting operator; their group for a group task. */
async function loadStudentTask(db: Db, actor: Actor, { row, cls }: LoadedTask) {
  if (actor.role !== 'mahasiswa' || !cls.relation.isStudent) throw forbidden();
  const group =
    row.jenis === 'kelompok'
      ? await readStudentGroup(db, actor.collegeId, row.kelasId, actor.userId)
      : undefined;
  const [own] = await findSubmissionsOfStudent(db, actor.collegeId, actor.userId, [row.id]);
  return { row, group, own };
}

async function presentOne(
  db: Db,
  row: SubmissionRow,
  options: { published: boolean; staff: boolean; viewerId?: string },
) {
  const [files, memberScores] = await Promise.all([
    findSubmissionFiles(db, row.collegeId, [row.id]),
    row.kelompokId ? findMemberScores(db, row.collegeId, [row.id]) : Promise.resolve([]),
  ]);
  return presentSubmission(row, files, { ...options, memberScores });
}

/** GET /v2/lms/tugas/{id}/pengumpulan_saya: the student's (or their group's) hand-in and what they may do. */
export async function getMyHandIn(db: Db, actor: Actor, loaded: LoadedTask): Promise<MyHandIn> {
  const { row, group, own } = await loadStudentTask(db, actor, loaded);
  const decision =
    row.jenis === 'kelompok' && !group
      ? ({ allowed: false, reason: 'belum_dimulai' } as const)
      : decideHandIn(taskWindow(row), own ? { graded: own.nilai !== null } : null, new Date());
  const reason =
    row.jenis === 'kelompok' && !group
      ? taskMessages.noGroup
      : decision.allowed
        ? null
        : handInRefusalMessages[decision.reason];
  return {
    pengumpulan: own
      ? await presentOne(db, own, {
          published: row.nilaiDipublikasikan,
          staff: false,
          viewerId: actor.userId,
        })
      : null,
    kelompok: group
      ? {
          id: group.id,
          nama: group.nama,
          anggota: group.members.map((m) => ({ nim: m.nim, nama: m.nama, jabatan: m.jabatan })),
        }
      : null,
    boleh_kumpul: decision.allowed,
    akan_terlambat: decision.allowed && decision.late,
    alasan: reason,
  };
}

/**
 * POST /v2/lms/tugas/{id}/pengumpulan: hands in (text and files), replacing the earlier hand-in while
 * the rule allows (server time decides). A group task is handed in once for the group by any member;
 * every member's fact is recorded.
 */
export async function handIn(
  db: Db,
  files: FileStore,
  actor: Actor,
  loaded: LoadedTask,
  form: TaskForm,
): Promise<MyHandIn> {
  if (actor.actorUserId) throw new AppError(403, 'aktivitas_saat_login_akun_lain');
  const { row, group, own } = await loadStudentTask(db, actor, loaded);
  if (row.jenis === 'kelompok' && !group) throw badRequest('pengumpulan_ditolak', taskMessages.noGroup);
  const now = new Date();
  const decision = decideHandIn(taskWindow(row), own ? { graded: own.nilai !== null } : null, now);
  if (!decision.allowed) throw badRequest('pengumpulan_ditolak', handInRefusalMessages[decision.reason]);
  const fields = parseInput(handInFieldsSchema, form.fields);
  const teks = sanitizeRichText(fields.teks);
  if (!teks.replace(/<[^>]*>/g, '').trim() && form.files.length === 0)
    throw badRequest('pengumpulan_ditolak', taskMessages.emptyHandIn);
  const stored = await storeFiles(files, actor.collegeId, form.files, row.tipeFileJawaban);
  const members = group ? group.members.map((m) => m.mahasiswaId) : [actor.userId];
  let replaced: string[] = [];
  try {
    replaced = await inTransaction(db, async (tx) => {
      const saved = await saveSubmission(
        tx,
        {
          collegeId: actor.collegeId,
          tugasId: row.id,
          mahasiswaId: actor.userId,
          kelompokId: group?.id ?? null,
          teks,
          submittedAt: now,
          terlambat: decision.late,
          files: stored,
        },
        own?.id ?? null,
      );
      // Graded meanwhile, or a group mate handed in first: the rule is decided again on what is stored.
      if (!saved) throw new AppError(409, 'pengumpulan_ditolak', taskMessages.changedMeanwhile);
      await recordActivityFacts(
        tx,
        members.map((mahasiswaId) => ({
          collegeId: actor.collegeId,
          ...taskContent.ref(row.id),
          mahasiswaId,
          completedAt: now,
          evidence: { submittedAt: now },
        })),
      );
      return saved.replacedKeys;
    });
  } catch (error) {
    for (const file of stored) await files.delete(file.fileKey);
    throw error;
  }
  for (const key of replaced) await files.delete(key);
  return getMyHandIn(db, actor, loaded);
}

/** A task whose hand-ins the actor may read (its lecturers, operators with read); `canGrade` for writing. */
function staffTaskOf(actor: Actor, { row, cls }: LoadedTask) {
  if (!isStaff(actor)) throw forbidden();
  return { row, canGrade: cls.access.ubah_pertemuan };
}

/**
 * GET /v2/lms/tugas/{id}/pengumpulan: the lecturer's submissions tab. Individual tasks list every enrolled
 * student; group tasks every group (and students without one), each with the hand-in if any.
 */
export async function listSubmissions(
  db: Db,
  actor: Actor,
  loaded: LoadedTask,
): Promise<SubmissionListRow[]> {
  const { row } = staffTaskOf(actor, loaded);
  const [submissions, { groups, students }] = await Promise.all([
    findSubmissionsOfTasks(db, actor.collegeId, [row.id]),
    readClassGroupsAndStudents(db, actor.collegeId, row.kelasId),
  ]);
  const ids = submissions.map((s) => s.id);
  const [files, memberScores] = await Promise.all([
    findSubmissionFiles(db, actor.collegeId, ids),
    row.jenis === 'kelompok' ? findMemberScores(db, actor.collegeId, ids) : Promise.resolve([]),
  ]);
  const present = (s: SubmissionRow) =>
    presentSubmission(
      s,
      files.filter((f) => f.pengumpulanId === s.id),
      { published: row.nilaiDipublikasikan, staff: true, memberScores },
    );
  if (row.jenis === 'individu') {
    const byStudent = new Map(submissions.map((s) => [s.mahasiswaId, s] as const));
    return students.map((s) => {
      const sub = byStudent.get(s.id);
      return { kunci: s.id, mahasiswa: [s], kelompok: null, pengumpulan: sub ? present(sub) : null };
    });
  }
  const byGroup = new Map(submissions.map((s) => [s.kelompokId, s] as const));
  const grouped = new Set(groups.flatMap((g) => g.members.map((m) => m.mahasiswaId)));
  return [
    ...groups.map((g) => {
      const sub = byGroup.get(g.id);
      return {
        kunci: g.id,
        mahasiswa: g.members.map((m) => ({ id: m.mahasiswaId, nim: m.nim, nama: m.nama })),
        kelompok: { id: g.id, nama: g.nama },
        pengumpulan: sub ? present(sub) : null,
      };
    }),
    ...students
      .filter((s) => !grouped.has(s.id))
      .map((s) => ({ kunci: s.id, mahasiswa: [s], kelompok: null, pengumpulan: null })),
  ];
}

/**
 * GET …/pengumpulan/{pid}/file/{fileId}: a hand-in's file for the student who owns it (or their group)
 * and the class's staff; answers the key to send.
 */
export async function getSubmissionFileKey(
  db: Db,
  actor: Actor,
  { row }: LoadedTask,
  submissionId: string,
  fileId: string,
) {
  let submission: SubmissionRow | undefined;
  if (actor.role === 'mahasiswa') {
    submission = (await findSubmissionsOfStudent(db, actor.collegeId, actor.userId, [row.id])).find(
      (s) => s.id === submissionId,
    );
  } else {
    submission = await findSubmissionById(db, actor.collegeId, row.id, submissionId);
  }
  if (!submission) throw new AppError(404, 'file_not_found');
  const file = (await findSubmissionFiles(db, actor.collegeId, [submission.id])).find((f) => f.id === fileId);
  if (!file) throw new AppError(404, 'file_not_found');
  return { key: file.fileKey };
}

/** The students a hand-in speaks for: the submitter, or every current member of the group. */
async function studentsOfSubmission(db: Db, row: TaskRow, submission: SubmissionRow): Promise<string[]> {
  if (!submission.kelompokId) return [submission.mahasiswaId];
  const { groups } = await readClassGroupsAndStudents(db, row.collegeId, row.kelasId);
  const group = groups.find((g) => g.id === submission.kelompokId);
  const members = group?.members.map((m) => m.mahasiswaId) ?? [];
  return members.length ? members : [submission.mahasiswaId];
}

/**
 * PUT /v2/lms/tugas/{id}/pengumpulan/{pid}/nilai: score (0–100, null clears) and feedback of one hand-in;
 * a group's hand-in gives every member the score, except members given their own (`nilai_anggota`).
 */
export async function gradeSubmission(
  db: Db,
  actor: Actor,
  loaded: LoadedTask,
  submissionId: string,
  input: GradeInput,
): Promise<Submission> {
  const { row, canGrade } = staffTaskOf(actor, loaded);
  assertAllowed(canGrade);
  const submission = await findSubmissionById(db, actor.collegeId, row.id, submissionId);
  if (!submission) throw new AppError(404, 'pengumpulan_not_found');
  const feedback = input.feedback.trim();
  const studentIds = await studentsOfSubmission(db, row, submission);
  const checked = validateMemberScores(
    input.nilai,
    submission.kelompokId !== null,
    studentIds,
    input.nilai_anggota ?? [],
  );
  if (!checked.ok) throw badRequest('nilai_anggota_tidak_valid', checked.message);
  const by = { gradedBy: actor.actorUserId ?? actor.userId, gradedAt: new Date() };
  await inTransaction(db, async (tx) => {
    await gradeSubmissionRow(tx, actor.collegeId, row.id, submissionId, {
      nilai: input.nilai,
      feedback,
      ...by,
    });
    // Absent keeps the stored per-member scores; a cleared group score clears them too.
    if (submission.kelompokId && (input.nilai_anggota !== undefined || input.nilai === null)) {
      await replaceMemberScores(tx, actor.collegeId, submissionId, checked.overrides, by);
    }
    const overrides = submission.kelompokId
      ? await findMemberScores(tx, actor.collegeId, [submissionId])
      : [];
    const scores = memberScoresOf(input.nilai, studentIds, overrides);
    await recordActivityScores(
      tx,
      studentIds.map((mahasiswaId) => ({
        collegeId: actor.collegeId,
        ...taskContent.ref(row.id),
        mahasiswaId,
        score: scores.get(mahasiswaId) ?? null,
        published: row.nilaiDipublikasikan,
      })),
    );
  });
  const updated = await findSubmissionById(db, actor.collegeId, row.id, submissionId);
  return presentOne(db, updated!, { published: row.nilaiDipublikasikan, staff: true });
}

/** PUT /v2/lms/tugas/{id}/publikasi: publishes (or withdraws) the task's scores for students. */
export async function publishTaskScores(
  db: Db,
  actor: Actor,
  loaded: LoadedTask,
  published: boolean,
): Promise<Task> {
  const { row, canGrade } = staffTaskOf(actor, loaded);
  assertAllowed(canGrade);
  await inTransaction(db, async (tx) => {
    await setTaskPublished(tx, actor.collegeId, row.id, published);
    await publishActivityScores(tx, actor.collegeId, taskContent.ref(row.id), published);
    if (published)
      await announceToClass(tx, {
        collegeId: actor.collegeId,
        classId: row.kelasId,
        kind: 'nilai_tugas',
        title: row.judul,
        link: `/tugas/${row.id}`,
        resource: { kind: 'task', id: row.id },
        actorUserId: actor.userId,
      });
  });
  return readTask(db, actor, row.id);
}

/** What the zip of a task's hand-ins holds, for the streaming route: staff with write only. */
export async function readSubmissionsForZip(db: Db, actor: Actor, loaded: LoadedTask) {
  const { row, canGrade } = staffTaskOf(actor, loaded);
  assertAllowed(canGrade);
  const submissions = await findSubmissionsOfTasks(db, actor.collegeId, [row.id]);
  const files = await findSubmissionFiles(
    db,
    actor.collegeId,
    submissions.map((s) => s.id),
  );
  return {
    task: row,
    entries: submissions.map((s) => ({
      submission: s,
      files: files.filter((f) => f.pengumpulanId === s.id),
    })),
  };
}
