import { and, asc, count, desc, eq, ilike, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { inClassScope, type ClassScope } from '../../db/class-scope.ts';
import type { Db } from '../../db/database.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { courses } from '../../db/schema/academic.schema.ts';
import { classes } from '../../db/schema/class.schema.ts';
import { users } from '../../db/schema/identity.schema.ts';
import { materials, materialViews } from '../../db/schema/material.schema.ts';
import { meetings } from '../../db/schema/meeting.schema.ts';
import { classOf, courseOfClass, meetingOf } from '../../db/tenant-joins.ts';

export type NewMaterialRow = typeof materials.$inferInsert;

/** A material with what its answer shows of its meeting and its author. */
const materialColumns = {
  id: materials.id,
  collegeId: materials.collegeId,
  kelasId: materials.kelasId,
  pertemuanId: materials.pertemuanId,
  judul: materials.judul,
  deskripsi: materials.deskripsi,
  jenisMateri: materials.jenisMateri,
  tipeFile: materials.tipeFile,
  fileKey: materials.fileKey,
  fileName: materials.fileName,
  fileSize: materials.fileSize,
  fileContentType: materials.fileContentType,
  durationSeconds: materials.durationSeconds,
  fileUrl: materials.fileUrl,
  tampilSekarang: materials.tampilSekarang,
  tampilMulai: materials.tampilMulai,
  isSyaratHadir: materials.isSyaratHadir,
  deadline: materials.deadline,
  createdAt: materials.createdAt,
  updatedAt: materials.updatedAt,
  creatorName: users.nama,
  meeting: { nomor: meetings.nomor, jenis: meetings.jenis, status: meetings.status },
};

function selectMaterials(db: Db) {
  return db
    .select(materialColumns)
    .from(materials)
    .innerJoin(meetings, meetingOf(materials))
    .leftJoin(users, eq(users.id, materials.createdBy));
}

/** One material of the college. */
export async function findMaterialById(db: Db, collegeId: string, id: string) {
  const [row] = await selectMaterials(db).where(
    and(eq(materials.collegeId, collegeId), eq(materials.id, id)),
  );
  return row;
}
export type MaterialRow = NonNullable<Awaited<ReturnType<typeof findMaterialById>>>;

/** The file type of each given material of the college (the attendance detail's "what is missing"). */
export function findMaterialFileTypes(db: Db, collegeId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: materials.id, tipeFile: materials.tipeFile })
    .from(materials)
    .where(and(eq(materials.collegeId, collegeId), inArray(materials.id, ids)));
}

/** Materials of the college by id (the copy source), in the order of their meetings. */
export function findMaterialsByIds(db: Db, collegeId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectMaterials(db)
    .where(and(eq(materials.collegeId, collegeId), inArray(materials.id, ids)))
    .orderBy(asc(meetings.nomor), asc(materials.createdAt));
}

/**
 * A class's materials, optionally of one meeting, newest meeting first; `visibleAt` hides those not
 * shown yet (students).
 */
export async function findClassMaterialPage(
  db: Db,
  collegeId: string,
  filter: { kelasId: string; pertemuanId?: string; visibleAt?: Date },
  page: { page: number; perPage: number },
) {
  const conditions: SQL[] = [eq(materials.collegeId, collegeId), eq(materials.kelasId, filter.kelasId)];
  if (filter.pertemuanId) conditions.push(eq(materials.pertemuanId, filter.pertemuanId));
  if (filter.visibleAt) conditions.push(lte(materials.tampilMulai, filter.visibleAt));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectMaterials(db)
      .where(where)
      .orderBy(asc(meetings.nomor), asc(materials.createdAt), asc(materials.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db.select({ n: count() }).from(materials).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** How many materials a meeting lists; `visibleAt` leaves out those not shown yet (students). */
export async function countMeetingMaterials(
  db: Db,
  collegeId: string,
  meetingId: string,
  visibleAt?: Date,
): Promise<number> {
  const conditions: SQL[] = [eq(materials.collegeId, collegeId), eq(materials.pertemuanId, meetingId)];
  if (visibleAt) conditions.push(lte(materials.tampilMulai, visibleAt));
  const [row] = await db
    .select({ n: count() })
    .from(materials)
    .where(and(...conditions));
  return Number(row?.n ?? 0);
}

/** The copy tab's search: materials of other classes by title, newest first. */
export async function findMaterialSearchPage(
  db: Db,
  collegeId: string,
  scope: ClassScope,
  filter: { search?: string; excludeKelasId?: string; mataKuliahId?: string },
  page: { page: number; perPage: number },
) {
  const conditions: SQL[] = [eq(materials.collegeId, collegeId)];
  const inScope = inClassScope(materials.kelasId, collegeId, scope);
  if (inScope) conditions.push(inScope);
  if (filter.search) conditions.push(ilike(materials.judul, likePattern(filter.search)));
  if (filter.excludeKelasId) conditions.push(ne(materials.kelasId, filter.excludeKelasId));
  if (filter.mataKuliahId) conditions.push(eq(classes.mataKuliahId, filter.mataKuliahId));
  const where = and(...conditions);
  const base = () =>
    db
      .select({
        id: materials.id,
        jenisMateri: materials.jenisMateri,
        judul: materials.judul,
        tipeFile: materials.tipeFile,
        fileKey: materials.fileKey,
        fileName: materials.fileName,
        fileUrl: materials.fileUrl,
        kelasId: classes.id,
        kelasNama: classes.nama,
        kodeMataKuliah: courses.kode,
        namaMataKuliah: courses.nama,
        nomor: meetings.nomor,
        creatorName: users.nama,
      })
      .from(materials)
      .innerJoin(classes, classOf(materials))
      .innerJoin(courses, courseOfClass())
      .innerJoin(meetings, meetingOf(materials))
      .leftJoin(users, eq(users.id, materials.createdBy));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(materials.createdAt), asc(materials.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db.select({ n: count() }).from(materials).innerJoin(classes, classOf(materials)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Stores new materials; answers their ids in order. */
export async function insertMaterials(db: Db, rows: NewMaterialRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(materials).values(rows).returning({ id: materials.id });
  return inserted.map((r) => r.id);
}

/** Changes a material; answers whether it existed. */
export async function updateMaterial(
  db: Db,
  collegeId: string,
  id: string,
  changes: Partial<NewMaterialRow>,
): Promise<boolean> {
  const rows = await db
    .update(materials)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(materials.collegeId, collegeId), eq(materials.id, id)))
    .returning({ id: materials.id });
  return rows.length > 0;
}

/** Deletes a material (its views cascade); answers its file key, or undefined when it did not exist. */
export async function deleteMaterial(db: Db, collegeId: string, id: string) {
  const [row] = await db
    .delete(materials)
    .where(and(eq(materials.collegeId, collegeId), eq(materials.id, id)))
    .returning({ fileKey: materials.fileKey });
  return row;
}

/** Whether another material still uses a stored file (copies share their source's file). */
export async function isFileKeyUsed(db: Db, collegeId: string, fileKey: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(materials)
    .where(and(eq(materials.collegeId, collegeId), eq(materials.fileKey, fileKey)));
  return (row?.n ?? 0) > 0;
}

/** A student's use of materials in the page. */
export function findMaterialViews(db: Db, collegeId: string, mahasiswaId: string, materiIds: string[]) {
  if (materiIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      materiId: materialViews.materiId,
      openedAt: materialViews.openedAt,
      playedSeconds: materialViews.playedSeconds,
      lastReportAt: materialViews.lastReportAt,
    })
    .from(materialViews)
    .where(
      and(
        eq(materialViews.collegeId, collegeId),
        eq(materialViews.mahasiswaId, mahasiswaId),
        inArray(materialViews.materiId, materiIds),
      ),
    );
}
export type MaterialViewRow = Awaited<ReturnType<typeof findMaterialViews>>[number];

/** The reader or player was opened now: the reading countdown starts again from here. */
export async function upsertMaterialOpened(
  db: Db,
  key: { collegeId: string; materiId: string; mahasiswaId: string },
  now: Date,
): Promise<void> {
  await db
    .insert(materialViews)
    .values({ ...key, openedAt: now, lastReportAt: now })
    .onConflictDoUpdate({
      target: [materialViews.materiId, materialViews.mahasiswaId],
      set: { openedAt: now, lastReportAt: now },
    });
}

/**
 * Adds playback reported by the player, at most the time that passed since the previous report (or the
 * opening) plus slack, in one statement so that two racing reports cannot both claim the same interval.
 * Answers the total credited so far; undefined when the player was never opened.
 */
export async function addMaterialPlayback(
  db: Db,
  key: { collegeId: string; materiId: string; mahasiswaId: string },
  reportedSeconds: number,
  now: Date,
  slackSeconds: number,
): Promise<number | undefined> {
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  const elapsed = sql`extract(epoch from (${nowParam} - coalesce(${materialViews.lastReportAt}, ${materialViews.openedAt})))`;
  const [row] = await db
    .update(materialViews)
    .set({
      playedSeconds: sql`${materialViews.playedSeconds} + greatest(0, least(${reportedSeconds}::real, ${elapsed} + ${slackSeconds}))`,
      lastReportAt: sql`greatest(${materialViews.lastReportAt}, ${nowParam})`,
    })
    .where(
      and(
        eq(materialViews.collegeId, key.collegeId),
        eq(materialViews.materiId, key.materiId),
        eq(materialViews.mahasiswaId, key.mahasiswaId),
      ),
    )
    .returning({ playedSeconds: materialViews.playedSeconds });
  return row?.playedSeconds;
}
