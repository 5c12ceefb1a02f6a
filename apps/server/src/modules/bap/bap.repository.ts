import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { courses } from '../../db/schema/academic.schema.ts';
import { meetingReports, programSignatories } from '../../db/schema/bap.schema.ts';
import { classStudents, classes } from '../../db/schema/class.schema.ts';
import { meetingTeachers, meetings } from '../../db/schema/meeting.schema.ts';
import { studyPrograms } from '../../db/schema/study-program.schema.ts';
import { courseOfClass } from '../../db/tenant-joins.ts';

/** The given classes with their course and the course's study program. */
export function findReportClasses(db: Db, collegeId: string, kelasIds: string[]) {
  if (kelasIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: classes.id,
      periode: classes.periode,
      nama: classes.nama,
      jenis: classes.jenis,
      modeKuliah: classes.modeKuliah,
      metodePengajaran: classes.metodePengajaran,
      course: { kode: courses.kode, nama: courses.nama, sks: courses.sks, prodiId: courses.prodiId },
      prodi: { nama: studyPrograms.nama, jenjang: studyPrograms.jenjang },
    })
    .from(classes)
    .innerJoin(courses, courseOfClass())
    .innerJoin(studyPrograms, eq(studyPrograms.id, courses.prodiId))
    .where(and(eq(classes.collegeId, collegeId), inArray(classes.id, kelasIds)))
    .orderBy(asc(classes.id));
}
export type ReportClassRow = Awaited<ReturnType<typeof findReportClasses>>[number];

/**
 * The meetings of the given classes that have been held (the lecture was started or its start time has
 * passed), or only the given meetings, in number order.
 */
export function findHeldMeetings(
  db: Db,
  collegeId: string,
  kelasIds: string[],
  now: Date,
  onlyMeetingId?: string,
) {
  if (kelasIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: meetings.id,
      kelasId: meetings.kelasId,
      nomor: meetings.nomor,
      judul: meetings.judul,
      kategori: meetings.kategori,
      jenis: meetings.jenis,
      metode: meetings.metode,
      status: meetings.status,
      waktuMulai: meetings.waktuMulai,
      waktuSelesai: meetings.waktuSelesai,
      mulaiKuliah: meetings.mulaiKuliah,
      selesaiKuliah: meetings.selesaiKuliah,
      parameterKehadiran: meetings.parameterKehadiran,
    })
    .from(meetings)
    .where(
      and(
        eq(meetings.collegeId, collegeId),
        inArray(meetings.kelasId, kelasIds),
        onlyMeetingId
          ? eq(meetings.id, onlyMeetingId)
          : or(isNotNull(meetings.mulaiKuliah), lte(meetings.waktuMulai, now)),
      ),
    )
    .orderBy(asc(meetings.kelasId), asc(meetings.nomor));
}
export type HeldMeetingRow = Awaited<ReturnType<typeof findHeldMeetings>>[number];

/** Who is ticked as teaching each of the given meetings. */
export function findTeachersOfMeetings(db: Db, collegeId: string, meetingIds: string[]) {
  if (meetingIds.length === 0) return Promise.resolve([]);
  return db
    .select({ pertemuanId: meetingTeachers.pertemuanId, dosenId: meetingTeachers.dosenId })
    .from(meetingTeachers)
    .where(
      and(
        eq(meetingTeachers.collegeId, collegeId),
        inArray(meetingTeachers.pertemuanId, meetingIds),
        eq(meetingTeachers.isPengajar, true),
      ),
    );
}

/** The number of students enrolled in each of the given classes. */
export async function countEnrolled(
  db: Db,
  collegeId: string,
  kelasIds: string[],
): Promise<Map<string, number>> {
  if (kelasIds.length === 0) return new Map();
  const rows = await db
    .select({ kelasId: classStudents.kelasId, n: sql<number>`count(*)::int` })
    .from(classStudents)
    .where(and(eq(classStudents.collegeId, collegeId), inArray(classStudents.kelasId, kelasIds)))
    .groupBy(classStudents.kelasId);
  return new Map(rows.map((r) => [r.kelasId, r.n]));
}

const signatoryColumns = {
  prodiId: studyPrograms.id,
  prodiNama: studyPrograms.nama,
  prodiJenjang: studyPrograms.jenjang,
  jabatan: programSignatories.jabatan,
  nama: programSignatories.nama,
  nidn: programSignatories.nidn,
  nip: programSignatories.nip,
  updatedAt: programSignatories.updatedAt,
};

/** The study program (and its signatory, null columns when none is set), or undefined when unknown. */
export async function findProgramSignatory(db: Db, collegeId: string, prodiId: string) {
  const [row] = await db
    .select(signatoryColumns)
    .from(studyPrograms)
    .leftJoin(
      programSignatories,
      and(
        eq(programSignatories.collegeId, studyPrograms.collegeId),
        eq(programSignatories.prodiId, studyPrograms.id),
      ),
    )
    .where(and(eq(studyPrograms.collegeId, collegeId), eq(studyPrograms.id, prodiId)));
  return row;
}
export type ProgramSignatoryRow = NonNullable<Awaited<ReturnType<typeof findProgramSignatory>>>;

/** The signatories of the given study programs (only those set). */
export function findSignatoriesOfPrograms(db: Db, collegeId: string, prodiIds: string[]) {
  if (prodiIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      prodiId: programSignatories.prodiId,
      jabatan: programSignatories.jabatan,
      nama: programSignatories.nama,
      nidn: programSignatories.nidn,
      nip: programSignatories.nip,
    })
    .from(programSignatories)
    .where(and(eq(programSignatories.collegeId, collegeId), inArray(programSignatories.prodiId, prodiIds)));
}
export type SignatoryRow = Awaited<ReturnType<typeof findSignatoriesOfPrograms>>[number];

/** Sets a program's signatory (one per program). */
export async function upsertProgramSignatory(
  db: Db,
  row: {
    collegeId: string;
    prodiId: string;
    jabatan: string;
    nama: string;
    nidn: string | null;
    nip: string | null;
    updatedBy: string;
  },
): Promise<void> {
  const { collegeId: _college, prodiId: _prodi, ...changes } = row;
  await db
    .insert(programSignatories)
    .values({ ...row, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [programSignatories.collegeId, programSignatories.prodiId],
      set: { ...changes, updatedAt: sql`now()` },
    });
}

/** The stored BAP of a meeting, if the job has made one. */
export async function findMeetingReport(db: Db, collegeId: string, pertemuanId: string) {
  const [row] = await db
    .select({
      fileKey: meetingReports.fileKey,
      size: meetingReports.size,
      contentHash: meetingReports.contentHash,
      generatedAt: meetingReports.generatedAt,
    })
    .from(meetingReports)
    .where(and(eq(meetingReports.collegeId, collegeId), eq(meetingReports.pertemuanId, pertemuanId)));
  return row;
}

/** Stores (or replaces) a meeting's BAP; answers the key it replaced, to delete that file. */
export async function upsertMeetingReport(
  db: Db,
  row: { collegeId: string; pertemuanId: string; fileKey: string; size: number; contentHash: string },
): Promise<string | null> {
  const previous = await findMeetingReport(db, row.collegeId, row.pertemuanId);
  await db
    .insert(meetingReports)
    .values({ ...row, generatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: meetingReports.pertemuanId,
      set: { fileKey: row.fileKey, size: row.size, contentHash: row.contentHash, generatedAt: sql`now()` },
      setWhere: eq(meetingReports.collegeId, row.collegeId),
    });
  return previous && previous.fileKey !== row.fileKey ? previous.fileKey : null;
}

/**
 * Meetings of the college that ended (ended by the lecturer, or past their end time) since `since` and have
 * no stored BAP yet, oldest first, at most `limit`.
 */
export function findEndedMeetingsWithoutReport(
  db: Db,
  collegeId: string,
  now: Date,
  since: Date,
  limit: number,
) {
  return db
    .select({ id: meetings.id, kelasId: meetings.kelasId })
    .from(meetings)
    .leftJoin(
      meetingReports,
      and(eq(meetingReports.collegeId, meetings.collegeId), eq(meetingReports.pertemuanId, meetings.id)),
    )
    .where(
      and(
        eq(meetings.collegeId, collegeId),
        or(eq(meetings.status, 'selesai'), lte(meetings.waktuSelesai, now)),
        gt(meetings.waktuSelesai, since),
        isNull(meetingReports.pertemuanId),
      ),
    )
    .orderBy(asc(meetings.waktuSelesai))
    .limit(limit);
}
