import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { colleges } from '../../db/schema/college.schema.ts';

/** Writes the college's name, title, address and contact. */
export async function updateCollegeProfileRow(
  db: Db,
  collegeId: string,
  profile: { nama: string; judul: string; alamat: string; email: string; telepon: string },
): Promise<void> {
  await db.update(colleges).set(profile).where(eq(colleges.id, collegeId));
}

/** Sets the logo's key and answers the one it replaced (null for none); the row is locked in between. */
export async function replaceCollegeLogoKey(
  db: Db,
  collegeId: string,
  logoKey: string | null,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ logoKey: colleges.logoKey })
      .from(colleges)
      .where(eq(colleges.id, collegeId))
      .for('update');
    await tx.update(colleges).set({ logoKey }).where(eq(colleges.id, collegeId));
    return previous?.logoKey ?? null;
  });
}
