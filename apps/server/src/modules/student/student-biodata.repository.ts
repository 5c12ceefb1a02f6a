import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema/identity.schema.ts';
import { studentBiodata } from '../../db/schema/student-biodata.schema.ts';

export type StudentBiodataRow = typeof studentBiodata.$inferSelect;

/** The student's biodata row, or undefined before it was first saved. */
export async function findStudentBiodata(
  db: Db,
  collegeId: string,
  userId: string,
): Promise<StudentBiodataRow | undefined> {
  const [row] = await db
    .select()
    .from(studentBiodata)
    .where(and(eq(studentBiodata.collegeId, collegeId), eq(studentBiodata.userId, userId)));
  return row;
}

/** Writes the biodata row and the account's phone and email together. */
export async function saveStudentBiodata(
  db: Db,
  collegeId: string,
  userId: string,
  biodata: Omit<StudentBiodataRow, 'userId' | 'collegeId' | 'updatedAt'>,
  contact: { email: string; telepon: string },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(studentBiodata)
      .values({ ...biodata, userId, collegeId, updatedAt: now })
      .onConflictDoUpdate({ target: studentBiodata.userId, set: { ...biodata, updatedAt: now } });
    await tx
      .update(users)
      .set(contact)
      .where(and(eq(users.collegeId, collegeId), eq(users.id, userId)));
  });
}
