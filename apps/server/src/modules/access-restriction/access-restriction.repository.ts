import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { studentFeeHolds } from '../../db/schema/access-restriction.schema.ts';
import { students, users } from '../../db/schema/identity.schema.ts';

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
