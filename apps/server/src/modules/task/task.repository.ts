import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { inClassScope, type ClassScope } from '../../db/class-scope.ts';
import type { Db } from '../../db/database.ts';
import { courses } from '../../db/schema/academic.schema.ts';
import { classes } from '../../db/schema/class.schema.ts';
import { students, users } from '../../db/schema/identity.schema.ts';
import { meetings } from '../../db/schema/meeting.schema.ts';
import {
  taskAttachments,
  taskGroupMembers,
  taskGroups,
  taskMemberScores,
  taskSubmissionFiles,
  taskSubmissions,
  tasks,
} from '../../db/schema/task.schema.ts';
import { classAndCourseColumns, classOf, courseOfClass, meetingOf } from '../../db/tenant-joins.ts';

export type NewTaskRow = typeof tasks.$inferInsert;

const taskColumns = {
  id: tasks.id,
  collegeId: tasks.collegeId,
  kelasId: tasks.kelasId,
  pertemuanId: tasks.pertemuanId,
  judul: tasks.judul,
  deskripsi: tasks.deskripsi,
  jenis: tasks.jenis,
  waktuMulai: tasks.waktuMulai,
  waktuSelesai: tasks.waktuSelesai,
  tipeFileJawaban: tasks.tipeFileJawaban,
  terimaTerlambat: tasks.terimaTerlambat,
  nilaiDipublikasikan: tasks.nilaiDipublikasikan,
  nomor: meetings.nomor,
  meetingJenis: meetings.jenis,
  kelasNama: classes.nama,
  kodeMataKuliah: courses.kode,
  namaMataKuliah: courses.nama,
};

function selectTasks(db: Db) {
  return db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(meetings, meetingOf(tasks))
    .innerJoin(classes, classOf(tasks))
    .innerJoin(courses, courseOfClass());
}

/** One task of the college. */
export async function findTaskById(db: Db, collegeId: string, id: string) {
  const [row] = await selectTasks(db).where(and(eq(tasks.collegeId, collegeId), eq(tasks.id, id)));
  return row;
}
export type TaskRow = NonNullable<Awaited<ReturnType<typeof findTaskById>>>;

/** A meeting's tasks by start. */
export function findMeetingTasks(db: Db, collegeId: string, pertemuanId: string) {
  return selectTasks(db)
    .where(and(eq(tasks.collegeId, collegeId), eq(tasks.pertemuanId, pertemuanId)))
    .orderBy(asc(tasks.waktuMulai), asc(tasks.id));
}

/**
 * Tasks of the classes in scope (/tugas), optionally by status at `now`: tasks still ahead or running by
 * the nearest deadline first, the rest (finished, or all) by the latest deadline first.
 */
export async function findTaskPage(
  db: Db,
  collegeId: string,
  scope: ClassScope,
  filter: { status?: 'belum_dimulai' | 'sedang_berlangsung' | 'selesai'; kelasId?: string; now: Date },
  page: { page: number; perPage: number },
) {
  const conditions: SQL[] = [eq(tasks.collegeId, collegeId)];
  const inScope = inClassScope(tasks.kelasId, collegeId, scope);
  if (inScope) conditions.push(inScope);
  if (filter.kelasId) conditions.push(eq(tasks.kelasId, filter.kelasId));
  if (filter.status === 'belum_dimulai') conditions.push(gt(tasks.waktuMulai, filter.now));
  if (filter.status === 'sedang_berlangsung')
    conditions.push(lte(tasks.waktuMulai, filter.now), gt(tasks.waktuSelesai, filter.now));
  if (filter.status === 'selesai') conditions.push(lte(tasks.waktuSelesai, filter.now));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectTasks(db)
      .where(where)
      .orderBy(
        filter.status === 'belum_dimulai' || filter.status === 'sedang_berlangsung'
          ? asc(tasks.waktuSelesai)
          : desc(tasks.waktuSelesai),
        asc(tasks.id),
      )
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db.select({ n: count() }).from(tasks).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Inserts a task; answers its id. */
export async function insertTask(db: Db, row: NewTaskRow): Promise<string> {
  const [inserted] = await db.insert(tasks).values(row).returning({ id: tasks.id });
  return inserted!.id;
}

/** Updates a task; false when it is not the college's. */
export async function updateTaskRow(
  db: Db,
  collegeId: string,
  id: string,
  changes: Partial<NewTaskRow>,
): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(tasks.collegeId, collegeId), eq(tasks.id, id)))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

/** Deletes a task (attachments and hand-ins go with it); answers the file keys it held. */
export async function deleteTask(db: Db, collegeId: string, id: string): Promise<string[] | undefined> {
  const keys = [
    ...(await db
      .select({ key: taskAttachments.fileKey })
      .from(taskAttachments)
      .where(and(eq(taskAttachments.collegeId, collegeId), eq(taskAttachments.tugasId, id)))),
    ...(await db
      .select({ key: taskSubmissionFiles.fileKey })
      .from(taskSubmissionFiles)
      .innerJoin(taskSubmissions, eq(taskSubmissions.id, taskSubmissionFiles.pengumpulanId))
      .where(and(eq(taskSubmissionFiles.collegeId, collegeId), eq(taskSubmissions.tugasId, id)))),
  ].map((r) => r.key);
  const rows = await db
    .delete(tasks)
    .where(and(eq(tasks.collegeId, collegeId), eq(tasks.id, id)))
    .returning({ id: tasks.id });
  return rows.length ? keys : undefined;
}

/** Sets whether a task's scores are published. */
export async function setTaskPublished(db: Db, collegeId: string, id: string, published: boolean) {
  await db
    .update(tasks)
    .set({ nilaiDipublikasikan: published })
    .where(and(eq(tasks.collegeId, collegeId), eq(tasks.id, id)));
}

export interface StoredFileRow {
  fileKey: string;
  fileName: string;
  fileSize: number;
  contentType: string;
}

/** The attachments of the given tasks, in order. */
export function findTaskAttachments(db: Db, collegeId: string, taskIds: string[]) {
  if (taskIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(taskAttachments)
    .where(and(eq(taskAttachments.collegeId, collegeId), inArray(taskAttachments.tugasId, taskIds)))
    .orderBy(asc(taskAttachments.position), asc(taskAttachments.createdAt));
}
export type TaskAttachmentRow = Awaited<ReturnType<typeof findTaskAttachments>>[number];

/** Adds attachments after the task's existing ones. */
export async function insertTaskAttachments(
  db: Db,
  collegeId: string,
  tugasId: string,
  files: StoredFileRow[],
  firstPosition: number,
): Promise<void> {
  if (files.length === 0) return;
  await db
    .insert(taskAttachments)
    .values(files.map((f, i) => ({ collegeId, tugasId, ...f, position: firstPosition + i })));
}

/** Removes some of a task's attachments; answers their keys. */
export async function deleteTaskAttachments(db: Db, collegeId: string, tugasId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(taskAttachments)
    .where(
      and(
        eq(taskAttachments.collegeId, collegeId),
        eq(taskAttachments.tugasId, tugasId),
        inArray(taskAttachments.id, ids),
      ),
    )
    .returning({ key: taskAttachments.fileKey });
  return rows.map((r) => r.key);
}

const submissionColumns = {
  id: taskSubmissions.id,
  collegeId: taskSubmissions.collegeId,
  tugasId: taskSubmissions.tugasId,
  mahasiswaId: taskSubmissions.mahasiswaId,
  kelompokId: taskSubmissions.kelompokId,
  kelompokNama: taskGroups.nama,
  teks: taskSubmissions.teks,
  submittedAt: taskSubmissions.submittedAt,
  terlambat: taskSubmissions.terlambat,
  nilai: taskSubmissions.nilai,
  feedback: taskSubmissions.feedback,
  gradedAt: taskSubmissions.gradedAt,
  nim: students.nim,
  nama: users.nama,
};

function selectSubmissions(db: Db) {
  return db
    .select(submissionColumns)
    .from(taskSubmissions)
    .innerJoin(users, eq(users.id, taskSubmissions.mahasiswaId))
    .innerJoin(students, eq(students.userId, taskSubmissions.mahasiswaId))
    .leftJoin(taskGroups, eq(taskGroups.id, taskSubmissions.kelompokId));
}

/** Every hand-in of the given tasks. */
export function findSubmissionsOfTasks(db: Db, collegeId: string, taskIds: string[]) {
  if (taskIds.length === 0) return Promise.resolve([]);
  return selectSubmissions(db)
    .where(and(eq(taskSubmissions.collegeId, collegeId), inArray(taskSubmissions.tugasId, taskIds)))
    .orderBy(asc(students.nim));
}
export type SubmissionRow = Awaited<ReturnType<typeof findSubmissionsOfTasks>>[number];

/** One hand-in of a task. */
export async function findSubmissionById(db: Db, collegeId: string, tugasId: string, id: string) {
  const [row] = await selectSubmissions(db).where(
    and(
      eq(taskSubmissions.collegeId, collegeId),
      eq(taskSubmissions.tugasId, tugasId),
      eq(taskSubmissions.id, id),
    ),
  );
  return row;
}

/**
 * The hand-ins a student may see among the given tasks: their own of individual tasks and their
 * groups' of group tasks.
 */
export function findSubmissionsOfStudent(db: Db, collegeId: string, mahasiswaId: string, taskIds: string[]) {
  if (taskIds.length === 0) return Promise.resolve([]);
  const myGroups = sql`(select ${taskGroupMembers.kelompokId} from ${taskGroupMembers} where ${taskGroupMembers.collegeId} = ${collegeId} and ${taskGroupMembers.mahasiswaId} = ${mahasiswaId})`;
  return selectSubmissions(db).where(
    and(
      eq(taskSubmissions.collegeId, collegeId),
      inArray(taskSubmissions.tugasId, taskIds),
      or(
        and(isNull(taskSubmissions.kelompokId), eq(taskSubmissions.mahasiswaId, mahasiswaId)),
        and(isNotNull(taskSubmissions.kelompokId), inArray(taskSubmissions.kelompokId, myGroups)),
      ),
    ),
  );
}

/** Hand-ins and graded hand-ins per task. */
export async function countSubmissions(db: Db, collegeId: string, taskIds: string[]) {
  if (taskIds.length === 0) return [];
  return db
    .select({
      tugasId: taskSubmissions.tugasId,
      submitted: count(),
      graded: sql<number>`count(*) filter (where ${taskSubmissions.nilai} is not null)::int`,
    })
    .from(taskSubmissions)
    .where(and(eq(taskSubmissions.collegeId, collegeId), inArray(taskSubmissions.tugasId, taskIds)))
    .groupBy(taskSubmissions.tugasId);
}

/** The files of the given hand-ins, in order. */
export function findSubmissionFiles(db: Db, collegeId: string, submissionIds: string[]) {
  if (submissionIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(taskSubmissionFiles)
    .where(
      and(
        eq(taskSubmissionFiles.collegeId, collegeId),
        inArray(taskSubmissionFiles.pengumpulanId, submissionIds),
      ),
    )
    .orderBy(asc(taskSubmissionFiles.position));
}
export type SubmissionFileRow = Awaited<ReturnType<typeof findSubmissionFiles>>[number];

/**
 * Stores a hand-in, replacing the text and files of the owner's (student's or group's) earlier one;
 * answers its id and the replaced files' keys. The conditional update refuses a hand-in graded meanwhile.
 */
export async function saveSubmission(
  db: Db,
  input: {
    collegeId: string;
    tugasId: string;
    mahasiswaId: string;
    kelompokId: string | null;
    teks: string;
    submittedAt: Date;
    terlambat: boolean;
    files: StoredFileRow[];
  },
  existingId: string | null,
): Promise<{ id: string; replacedKeys: string[] } | undefined> {
  let id: string;
  let replacedKeys: string[] = [];
  const values = {
    mahasiswaId: input.mahasiswaId,
    teks: input.teks,
    submittedAt: input.submittedAt,
    terlambat: input.terlambat,
  };
  if (existingId) {
    const rows = await db
      .update(taskSubmissions)
      .set(values)
      .where(
        and(
          eq(taskSubmissions.collegeId, input.collegeId),
          eq(taskSubmissions.id, existingId),
          isNull(taskSubmissions.nilai),
        ),
      )
      .returning({ id: taskSubmissions.id });
    if (!rows.length) return undefined;
    id = existingId;
    replacedKeys = (
      await db
        .delete(taskSubmissionFiles)
        .where(
          and(eq(taskSubmissionFiles.collegeId, input.collegeId), eq(taskSubmissionFiles.pengumpulanId, id)),
        )
        .returning({ key: taskSubmissionFiles.fileKey })
    ).map((r) => r.key);
  } else {
    const [row] = await db
      .insert(taskSubmissions)
      .values({ collegeId: input.collegeId, tugasId: input.tugasId, kelompokId: input.kelompokId, ...values })
      .onConflictDoNothing()
      .returning({ id: taskSubmissions.id });
    if (!row) return undefined;
    id = row.id;
  }
  if (input.files.length) {
    await db
      .insert(taskSubmissionFiles)
      .values(
        input.files.map((f, i) => ({ collegeId: input.collegeId, pengumpulanId: id, ...f, position: i })),
      );
  }
  return { id, replacedKeys };
}

/** Sets a hand-in's score and feedback; false when it is not the task's. */
export async function gradeSubmissionRow(
  db: Db,
  collegeId: string,
  tugasId: string,
  id: string,
  grade: { nilai: number | null; feedback: string; gradedBy: string; gradedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(taskSubmissions)
    .set({
      nilai: grade.nilai,
      feedback: grade.feedback || null,
      gradedBy: grade.nilai === null ? null : grade.gradedBy,
      gradedAt: grade.nilai === null ? null : grade.gradedAt,
    })
    .where(
      and(
        eq(taskSubmissions.collegeId, collegeId),
        eq(taskSubmissions.tugasId, tugasId),
        eq(taskSubmissions.id, id),
      ),
    )
    .returning({ id: taskSubmissions.id });
  return rows.length > 0;
}

/** The per-member scores of the given hand-ins (members whose score differs from the group's). */
export function findMemberScores(db: Db, collegeId: string, submissionIds: string[]) {
  if (submissionIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      pengumpulanId: taskMemberScores.pengumpulanId,
      mahasiswaId: taskMemberScores.mahasiswaId,
      nilai: taskMemberScores.nilai,
    })
    .from(taskMemberScores)
    .where(
      and(eq(taskMemberScores.collegeId, collegeId), inArray(taskMemberScores.pengumpulanId, submissionIds)),
    );
}
export type MemberScoreRow = Awaited<ReturnType<typeof findMemberScores>>[number];

/** Replaces a hand-in's per-member scores with the given ones (none: every member takes the group's). */
export async function replaceMemberScores(
  db: Db,
  collegeId: string,
  pengumpulanId: string,
  scores: { mahasiswaId: string; nilai: number }[],
  by: { gradedBy: string; gradedAt: Date },
): Promise<void> {
  await db
    .delete(taskMemberScores)
    .where(and(eq(taskMemberScores.collegeId, collegeId), eq(taskMemberScores.pengumpulanId, pengumpulanId)));
  if (scores.length === 0) return;
  await db.insert(taskMemberScores).values(scores.map((s) => ({ collegeId, pengumpulanId, ...s, ...by })));
}

/**
 * Tasks of the classes in scope whose deadline (waktu_selesai) falls in [start, end), earliest first, at
 * most `limit`, with how many there are in all: the dashboard calendar's task deadlines.
 */
export async function findTaskDeadlinesInRange(
  db: Db,
  collegeId: string,
  scope: ClassScope,
  range: { start: Date; end: Date },
  limit: number,
) {
  const where = and(
    eq(tasks.collegeId, collegeId),
    gte(tasks.waktuSelesai, range.start),
    lt(tasks.waktuSelesai, range.end),
    inClassScope(tasks.kelasId, collegeId, scope),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: tasks.id,
        judul: tasks.judul,
        waktuSelesai: tasks.waktuSelesai,
        ...classAndCourseColumns,
      })
      .from(tasks)
      .innerJoin(classes, classOf(tasks))
      .innerJoin(courses, courseOfClass())
      .where(where)
      .orderBy(asc(tasks.waktuSelesai), asc(tasks.id))
      .limit(limit),
    db.select({ n: count() }).from(tasks).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type TaskDeadlineRow = Awaited<ReturnType<typeof findTaskDeadlinesInRange>>['rows'][number];
