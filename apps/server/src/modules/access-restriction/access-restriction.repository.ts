import { aliasedTable, and, count, desc, eq, ilike, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { studentFeeHolds } from '../../db/schema/access-restriction.schema.ts';
import { students, users } from '../../db/schema/identity.schema.ts';
import { studyPrograms } from '../../db/schema/study-program.schema.ts';

/** A student's unpaid-fee flag, or undefined when not flagged. */
export async function findFeeHold(db: Db, collegeId: string, userId: string) {
  const [row] = await db
    .select()
    .from(studentFeeHolds)
    .where(and(eq(studentFeeHolds.collegeId, collegeId), eq(studentFeeHolds.userId, userId)));
  return row;
}

/** A student of the college by nim, with their flag when set. */
export async function findStudentWithHold(db: Db, collegeId: string, nim: string) {
  const [row] = await db
    .select({
      userId: students.userId,
      nim: students.nim,
      nama: users.nama,
      hold: { keterangan: studentFeeHolds.keterangan, updatedAt: studentFeeHolds.updatedAt },
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(studentFeeHolds, eq(studentFeeHolds.userId, students.userId))
    .where(and(eq(students.collegeId, collegeId), eq(students.nim, nim)));
  return row;
}

/** Sets or updates a student's flag. */
export async function upsertFeeHold(
  db: Db,
  row: { userId: string; collegeId: string; keterangan: string; updatedBy: string; updatedAt: Date },
): Promise<void> {
  await db
    .insert(studentFeeHolds)
    .values(row)
    .onConflictDoUpdate({
      target: studentFeeHolds.userId,
      set: { keterangan: row.keterangan, updatedBy: row.updatedBy, updatedAt: row.updatedAt },
    });
}

/** Clears a student's flag. */
export async function deleteFeeHold(db: Db, collegeId: string, userId: string): Promise<void> {
  await db
    .delete(studentFeeHolds)
    .where(and(eq(studentFeeHolds.collegeId, collegeId), eq(studentFeeHolds.userId, userId)));
}

const setters = aliasedTable(users, 'setters');

/** A page of the college's students on hold, newest hold first; `search` matches NIM or name. */
export async function listFeeHolds(
  db: Db,
  collegeId: string,
  filter: { search: string; limit: number; offset: number },
) {
  const pattern = filter.search ? likePattern(filter.search) : undefined;
  const where = and(
    eq(studentFeeHolds.collegeId, collegeId),
    pattern ? or(ilike(students.nim, pattern), ilike(users.nama, pattern)) : undefined,
  );
  const base = () =>
    db
      .select({
        nim: students.nim,
        nama: users.nama,
        prodi: studyPrograms.nama,
        jenjang: studyPrograms.jenjang,
        keterangan: studentFeeHolds.keterangan,
        updatedAt: studentFeeHolds.updatedAt,
        setBy: setters.nama,
      })
      .from(studentFeeHolds)
      .innerJoin(
        students,
        and(eq(students.userId, studentFeeHolds.userId), eq(students.collegeId, studentFeeHolds.collegeId)),
      )
      .innerJoin(users, eq(users.id, students.userId))
      .leftJoin(
        studyPrograms,
        and(eq(studyPrograms.collegeId, students.collegeId), eq(studyPrograms.id, students.prodiId)),
      )
      .leftJoin(setters, eq(setters.id, studentFeeHolds.updatedBy));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(studentFeeHolds.updatedAt), students.nim)
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ total: count() })
      .from(studentFeeHolds)
      .innerJoin(
        students,
        and(eq(students.userId, studentFeeHolds.userId), eq(students.collegeId, studentFeeHolds.collegeId)),
      )
      .innerJoin(users, eq(users.id, students.userId))
      .where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

/** The college's students among `nims` (one query), and whether each is on hold now. */
export async function findStudentsByNim(db: Db, collegeId: string, nims: string[]) {
  if (nims.length === 0) return [];
  return db
    .select({
      userId: students.userId,
      nim: students.nim,
      held: sql<boolean>`${studentFeeHolds.userId} is not null`,
    })
    .from(students)
    .leftJoin(
      studentFeeHolds,
      and(eq(studentFeeHolds.userId, students.userId), eq(studentFeeHolds.collegeId, students.collegeId)),
    )
    .where(and(eq(students.collegeId, collegeId), inArray(students.nim, nims)));
}

/** How many of the college's students are on hold. */
export async function countFeeHolds(db: Db, collegeId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(studentFeeHolds)
    .where(eq(studentFeeHolds.collegeId, collegeId));
  return Number(row?.total ?? 0);
}

/** Rows per insert statement: five parameters each stay far below PostgreSQL's 65,535. */
const insertBatch = 1000;

/**
 * Applies an import in one transaction: `hold` is set (an empty keterangan keeps the current one; an
 * unchanged row keeps its date), then `clear` is cleared, or with `clearOthers` every hold of the college
 * outside `hold`. Answers how many holds were added and removed.
 */
export async function applyFeeHoldImport(
  db: Db,
  collegeId: string,
  input: {
    hold: { userId: string; keterangan: string }[];
    clear: string[];
    clearOthers: boolean;
    updatedBy: string;
    updatedAt: Date;
  },
): Promise<{ added: number; removed: number }> {
  return db.transaction(async (tx) => {
    let added = 0;
    for (let at = 0; at < input.hold.length; at += insertBatch) {
      const batch = input.hold.slice(at, at + insertBatch);
      const rows = await tx
        .insert(studentFeeHolds)
        .values(
          batch.map((h) => ({
            userId: h.userId,
            collegeId,
            keterangan: h.keterangan,
            updatedBy: input.updatedBy,
            updatedAt: input.updatedAt,
          })),
        )
        .onConflictDoUpdate({
          target: studentFeeHolds.userId,
          set: {
            keterangan: sql`excluded.keterangan`,
            updatedBy: input.updatedBy,
            updatedAt: input.updatedAt,
          },
          setWhere: sql`excluded.keterangan <> '' and ${studentFeeHolds.keterangan} <> excluded.keterangan and ${studentFeeHolds.collegeId} = ${collegeId}`,
        })
        // xmax = 0 only on rows this statement inserted (an update sets it).
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      added += rows.filter((r) => r.inserted).length;
    }
    const keep = input.hold.map((h) => h.userId);
    const removed = input.clearOthers
      ? await tx
          .delete(studentFeeHolds)
          .where(
            and(
              eq(studentFeeHolds.collegeId, collegeId),
              keep.length ? notInArray(studentFeeHolds.userId, keep) : undefined,
            ),
          )
          .returning({ userId: studentFeeHolds.userId })
      : input.clear.length
        ? await tx
            .delete(studentFeeHolds)
            .where(
              and(eq(studentFeeHolds.collegeId, collegeId), inArray(studentFeeHolds.userId, input.clear)),
            )
            .returning({ userId: studentFeeHolds.userId })
        : [];
    return { added, removed: removed.length };
  });
}
