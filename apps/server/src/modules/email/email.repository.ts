import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { collegeEmailSettings } from '../../db/schema/email.schema.ts';

export type EmailSettingsRow = typeof collegeEmailSettings.$inferSelect;
export type EmailSettingsWrite = Omit<typeof collegeEmailSettings.$inferInsert, 'collegeId' | 'updatedAt'>;

/** The college's own SMTP settings, if it saved any. */
export async function findEmailSettings(db: Db, collegeId: string): Promise<EmailSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(collegeEmailSettings)
    .where(eq(collegeEmailSettings.collegeId, collegeId));
  return row;
}

/** Sets (or replaces) the college's SMTP settings; `password` undefined keeps the stored one. */
export async function upsertEmailSettings(
  db: Db,
  collegeId: string,
  settings: EmailSettingsWrite,
): Promise<void> {
  await db
    .insert(collegeEmailSettings)
    .values({ collegeId, ...settings })
    .onConflictDoUpdate({
      target: collegeEmailSettings.collegeId,
      set: { ...settings, updatedAt: sql`now()` },
    });
}
