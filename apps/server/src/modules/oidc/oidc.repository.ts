import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { inTransaction, type Db } from '../../db/database.ts';
import { lecturers, students, users } from '../../db/schema/identity.schema.ts';
import { collegeOidcSettings, oidcSignIns } from '../../db/schema/oidc.schema.ts';
import { studyPrograms } from '../../db/schema/study-program.schema.ts';

export type OidcSettingsRow = typeof collegeOidcSettings.$inferSelect;
export type OidcSettingsWrite = Omit<typeof collegeOidcSettings.$inferInsert, 'collegeId' | 'updatedAt'>;
export type OidcSignInRow = typeof oidcSignIns.$inferSelect;
export type NewOidcSignIn = Omit<typeof oidcSignIns.$inferInsert, 'id' | 'usedAt' | 'createdAt'>;

/** The college's OpenID provider settings, if it saved any. */
export async function findOidcSettings(db: Db, collegeId: string): Promise<OidcSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(collegeOidcSettings)
    .where(eq(collegeOidcSettings.collegeId, collegeId));
  return row;
}

/** Sets (or replaces) the college's provider settings; `clientSecret` undefined keeps the stored one. */
export async function upsertOidcSettings(
  db: Db,
  collegeId: string,
  settings: OidcSettingsWrite,
): Promise<void> {
  await db
    .insert(collegeOidcSettings)
    .values({ collegeId, ...settings })
    .onConflictDoUpdate({
      target: collegeOidcSettings.collegeId,
      set: { ...settings, updatedAt: sql`now()` },
    });
}

/** Whether the college has this study programme. */
export async function studyProgramExists(db: Db, collegeId: string, prodiId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: studyPrograms.id })
    .from(studyPrograms)
    .where(and(eq(studyPrograms.collegeId, collegeId), eq(studyPrograms.id, prodiId)));
  return !!row;
}

/** Stores a sign-in leaving for the provider; expired ones of the college are removed on the way. */
export async function insertOidcSignIn(db: Db, row: NewOidcSignIn): Promise<void> {
  await db
    .delete(oidcSignIns)
    .where(and(eq(oidcSignIns.collegeId, row.collegeId), lt(oidcSignIns.expiresAt, new Date())));
  await db.insert(oidcSignIns).values(row);
}

/**
 * Spends the open, unexpired sign-in of this state (one statement, so a replayed or racing callback
 * finds nothing); undefined when there is none.
 */
export async function spendOidcSignIn(
  db: Db,
  collegeId: string,
  stateHash: string,
  now: Date,
): Promise<OidcSignInRow | undefined> {
  const [row] = await db
    .update(oidcSignIns)
    .set({ usedAt: now })
    .where(
      and(
        eq(oidcSignIns.collegeId, collegeId),
        eq(oidcSignIns.stateHash, stateHash),
        isNull(oidcSignIns.usedAt),
        gt(oidcSignIns.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export interface MatchedUser {
  id: string;
  isActive: boolean;
}

const matchedColumns = { id: users.id, isActive: users.isActive };

/** The users of the college whose NIM (students) or NIDN (lecturers) is this value. */
export async function findUsersByNimOrNidn(db: Db, collegeId: string, value: string): Promise<MatchedUser[]> {
  const byNim = await db
    .select(matchedColumns)
    .from(users)
    .innerJoin(students, eq(students.userId, users.id))
    .where(and(eq(users.collegeId, collegeId), eq(students.collegeId, collegeId), eq(students.nim, value)));
  const byNidn = await db
    .select(matchedColumns)
    .from(users)
    .innerJoin(lecturers, eq(lecturers.userId, users.id))
    .where(
      and(eq(users.collegeId, collegeId), eq(lecturers.collegeId, collegeId), eq(lecturers.nidn, value)),
    );
  return [...byNim, ...byNidn];
}

/** The users of the college with this email, case-insensitively. */
export async function findUsersByEmail(db: Db, collegeId: string, email: string): Promise<MatchedUser[]> {
  return db
    .select(matchedColumns)
    .from(users)
    .where(and(eq(users.collegeId, collegeId), sql`lower(${users.email}) = lower(${email})`))
    .limit(2);
}

/** Whether a username is taken in the college (case-insensitively, as the unique index has it). */
export async function usernameTaken(db: Db, collegeId: string, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.collegeId, collegeId), sql`lower(${users.username}) = lower(${username})`));
  return !!row;
}

/** Creates a student account (user and academic record) in one transaction; answers its id. */
export async function insertStudentAccount(
  db: Db,
  account: {
    collegeId: string;
    username: string;
    nim: string;
    nama: string;
    email: string | null;
    passwordHash: string;
    prodiId: string;
    angkatan: number;
  },
): Promise<string> {
  return inTransaction(db, async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        collegeId: account.collegeId,
        username: account.username,
        passwordHash: account.passwordHash,
        role: 'mahasiswa',
        nama: account.nama,
        email: account.email,
      })
      .returning({ id: users.id });
    await tx.insert(students).values({
      userId: user!.id,
      collegeId: account.collegeId,
      nim: account.nim,
      prodiId: account.prodiId,
      angkatan: account.angkatan,
    });
    return user!.id;
  });
}
