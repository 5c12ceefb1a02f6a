import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { colleges } from '../../db/schema/college.schema.ts';
import { lecturers, refreshTokens, students, users } from '../../db/schema/identity.schema.ts';
import { studyPrograms } from '../../db/schema/study-program.schema.ts';

/** A user of the college with the rights and secrets the settings use cases check. */
export async function findAccountUser(db: Db, collegeId: string, userId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.collegeId, collegeId), eq(users.id, userId)));
  return row;
}
export type AccountUser = NonNullable<Awaited<ReturnType<typeof findAccountUser>>>;

/** The user's Data Diri: the user, their student or lecturer record, and that record's study program. */
export async function findProfile(db: Db, collegeId: string, userId: string) {
  const [row] = await db
    .select({
      user: users,
      student: {
        nim: students.nim,
        angkatan: students.angkatan,
        status: students.status,
        prodiId: students.prodiId,
      },
      lecturer: {
        nidn: lecturers.nidn,
        gelarDepan: lecturers.gelarDepan,
        gelarAkademik: lecturers.gelarAkademik,
        jabatan: lecturers.jabatan,
      },
      prodi: { nama: studyPrograms.nama, jenjang: studyPrograms.jenjang },
    })
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .leftJoin(lecturers, eq(lecturers.userId, users.id))
    .leftJoin(
      studyPrograms,
      // Students and lecturers each have at most one record; the program is that record's.
      or(eq(studyPrograms.id, students.prodiId), eq(studyPrograms.id, lecturers.prodiId)),
    )
    .where(and(eq(users.collegeId, collegeId), eq(users.id, userId)));
  return row;
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

/** A user of a college: the whole key, so an update cannot reach another college's row. */
type UserKey = { collegeId: string; userId: string };

function isUser(user: UserKey) {
  return and(eq(users.collegeId, user.collegeId), eq(users.id, user.userId));
}

/** Changes contact details. */
export async function updateContact(
  db: Db,
  user: UserKey,
  contact: { email: string | null; telepon: string | null },
): Promise<void> {
  await db.update(users).set(contact).where(isUser(user));
}

/** Stores a new password hash and revokes every other live sign-in of the user. */
export async function updatePasswordRevokingOthers(
  db: Db,
  user: UserKey,
  passwordHash: string,
  keepFamilyId: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(isUser(user));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(refreshTokens.collegeId, user.collegeId),
          eq(refreshTokens.userId, user.userId),
          ne(refreshTokens.familyId, keepFamilyId),
          isNull(refreshTokens.revokedAt),
        ),
      );
  });
}

/** Sets (or clears) the user's photo key; answers the previous key. */
export async function replaceAvatarKey(db: Db, user: UserKey, key: string | null): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ key: users.avatarKey })
      .from(users)
      .where(isUser(user))
      .for('update');
    await tx.update(users).set({ avatarKey: key }).where(isUser(user));
    return previous?.key ?? null;
  });
}

/** Writes the college's settings: the three columns and the jsonb rest. */
export async function updateCollegeSettings(
  db: Db,
  collegeId: string,
  values: {
    timeZone: string;
    urlSikadLegacy: string | null;
    colorMode: string;
    settings: Record<string, unknown>;
  },
): Promise<void> {
  await db.update(colleges).set(values).where(eq(colleges.id, collegeId));
}
