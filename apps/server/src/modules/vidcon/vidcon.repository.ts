import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { inClassScope, type ClassScope } from '../../db/class-scope.ts';
import type { Db } from '../../db/database.ts';
import { courses } from '../../db/schema/academic.schema.ts';
import { classes } from '../../db/schema/class.schema.ts';
import { users } from '../../db/schema/identity.schema.ts';
import { meetings } from '../../db/schema/meeting.schema.ts';
import { vidconJoins, vidcons } from '../../db/schema/vidcon.schema.ts';
import { classAndCourseColumns, classOf, courseOfClass, meetingOf } from '../../db/tenant-joins.ts';

export type NewVidconRow = typeof vidcons.$inferInsert;

const vidconColumns = {
  id: vidcons.id,
  collegeId: vidcons.collegeId,
  kelasId: vidcons.kelasId,
  pertemuanId: vidcons.pertemuanId,
  judul: vidcons.judul,
  aplikasi: vidcons.aplikasi,
  link: vidcons.link,
  catatan: vidcons.catatan,
  waktuMulai: vidcons.waktuMulai,
  waktuSelesai: vidcons.waktuSelesai,
  nomor: meetings.nomor,
  kelasNama: classes.nama,
  kodeMataKuliah: courses.kode,
  namaMataKuliah: courses.nama,
};

function selectVidcons(db: Db) {
  return db
    .select(vidconColumns)
    .from(vidcons)
    .innerJoin(meetings, meetingOf(vidcons))
    .innerJoin(classes, classOf(vidcons))
    .innerJoin(courses, courseOfClass());
}

/** One vidcon of the college. */
export async function findVidconById(db: Db, collegeId: string, id: string) {
  const [row] = await selectVidcons(db).where(and(eq(vidcons.collegeId, collegeId), eq(vidcons.id, id)));
  return row;
}
export type VidconRow = NonNullable<Awaited<ReturnType<typeof findVidconById>>>;

/** A meeting's vidcons by start. */
export function findMeetingVidcons(db: Db, collegeId: string, pertemuanId: string) {
  return selectVidcons(db)
    .where(and(eq(vidcons.collegeId, collegeId), eq(vidcons.pertemuanId, pertemuanId)))
    .orderBy(asc(vidcons.waktuMulai), asc(vidcons.id));
}

/** The vidcons of the classes in scope (/vidcon), newest start first, optionally by status at `now`. */
export async function findVidconPage(
  db: Db,
  collegeId: string,
  scope: ClassScope,
  filter: { status?: 'belum_dimulai' | 'berlangsung' | 'selesai'; now: Date },
  page: { page: number; perPage: number },
) {
  const conditions: SQL[] = [eq(vidcons.collegeId, collegeId)];
  const inScope = inClassScope(vidcons.kelasId, collegeId, scope);
  if (inScope) conditions.push(inScope);
  if (filter.status === 'belum_dimulai') conditions.push(gt(vidcons.waktuMulai, filter.now));
  if (filter.status === 'berlangsung') {
    conditions.push(lte(vidcons.waktuMulai, filter.now), gt(vidcons.waktuSelesai, filter.now));
  }
  if (filter.status === 'selesai') conditions.push(lte(vidcons.waktuSelesai, filter.now));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectVidcons(db)
      .where(where)
      .orderBy(desc(vidcons.waktuMulai), asc(vidcons.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db.select({ n: count() }).from(vidcons).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Joins of the given vidcons, first time per person, with who they are. */
export function findVidconJoins(db: Db, collegeId: string, vidconIds: string[]) {
  if (vidconIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      vidconId: vidconJoins.vidconId,
      userId: vidconJoins.userId,
      role: vidconJoins.role,
      joinedAt: vidconJoins.joinedAt,
      username: users.username,
      nama: users.nama,
    })
    .from(vidconJoins)
    .innerJoin(users, eq(users.id, vidconJoins.userId))
    .where(and(eq(vidconJoins.collegeId, collegeId), inArray(vidconJoins.vidconId, vidconIds)))
    .orderBy(asc(vidconJoins.joinedAt));
}
export type VidconJoinRow = Awaited<ReturnType<typeof findVidconJoins>>[number];

/** Stores a new vidcon; answers its id. */
export async function insertVidcon(db: Db, row: NewVidconRow): Promise<string> {
  const [inserted] = await db.insert(vidcons).values(row).returning({ id: vidcons.id });
  return inserted!.id;
}

/** Changes a vidcon; answers whether it existed. */
export async function updateVidconRow(db: Db, collegeId: string, id: string, changes: Partial<NewVidconRow>) {
  const rows = await db
    .update(vidcons)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(vidcons.collegeId, collegeId), eq(vidcons.id, id)))
    .returning({ id: vidcons.id });
  return rows.length > 0;
}

/** Deletes a vidcon (its joins cascade); answers whether it existed. */
export async function deleteVidconRow(db: Db, collegeId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(vidcons)
    .where(and(eq(vidcons.collegeId, collegeId), eq(vidcons.id, id)))
    .returning({ id: vidcons.id });
  return rows.length > 0;
}

/** Records a join; the first time stays (a second join changes nothing). Answers the first join time. */
export async function insertVidconJoin(
  db: Db,
  join: {
    collegeId: string;
    vidconId: string;
    userId: string;
    role: 'mahasiswa' | 'dosen' | 'operator';
    joinedAt: Date;
  },
): Promise<Date> {
  await db.insert(vidconJoins).values(join).onConflictDoNothing();
  const [row] = await db
    .select({ joinedAt: vidconJoins.joinedAt })
    .from(vidconJoins)
    .where(
      and(
        eq(vidconJoins.collegeId, join.collegeId),
        eq(vidconJoins.vidconId, join.vidconId),
        eq(vidconJoins.userId, join.userId),
      ),
    );
  return row!.joinedAt;
}

/**
 * Vidcons of the classes in scope that overlap [start, end) (one without length counts where it starts),
 * earliest first, at most `limit`, with how many there are in all: the dashboard calendar.
 */
export async function findVidconsInRange(
  db: Db,
  collegeId: string,
  scope: ClassScope,
  range: { start: Date; end: Date },
  limit: number,
) {
  const where = and(
    eq(vidcons.collegeId, collegeId),
    lt(vidcons.waktuMulai, range.end),
    or(gt(vidcons.waktuSelesai, range.start), gte(vidcons.waktuMulai, range.start)),
    inClassScope(vidcons.kelasId, collegeId, scope),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: vidcons.id,
        judul: vidcons.judul,
        pertemuanId: vidcons.pertemuanId,
        waktuMulai: vidcons.waktuMulai,
        waktuSelesai: vidcons.waktuSelesai,
        ...classAndCourseColumns,
      })
      .from(vidcons)
      .innerJoin(classes, classOf(vidcons))
      .innerJoin(courses, courseOfClass())
      .where(where)
      .orderBy(asc(vidcons.waktuMulai), asc(vidcons.id))
      .limit(limit),
    db.select({ n: count() }).from(vidcons).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type VidconCalendarRow = Awaited<ReturnType<typeof findVidconsInRange>>['rows'][number];
