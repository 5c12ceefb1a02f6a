import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { authCodes, refreshTokens, students, users } from '../../db/schema/identity.schema.ts';

export type UserRow = typeof users.$inferSelect;
export type AuthCodeRow = typeof authCodes.$inferSelect;
export type NewAuthCode = typeof authCodes.$inferInsert;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type NewRefreshToken = typeof refreshTokens.$inferInsert;

/** A user with the nim when the user is a student. */
export interface UserWithNim extends UserRow {
  nim: string | null;
}

const userWithNimColumns = {
  id: users.id,
  collegeId: users.collegeId,
  username: users.username,
  passwordHash: users.passwordHash,
  role: users.role,
  nama: users.nama,
  email: users.email,
  telepon: users.telepon,
  avatarKey: users.avatarKey,
  isActive: users.isActive,
  operatorPermissions: users.operatorPermissions,
  operatorScope: users.operatorScope,
  createdAt: users.createdAt,
  lastActiveAt: users.lastActiveAt,
  nim: students.nim,
};

/** A user of a college by username, case-insensitively (the unique index is on lower(username)). */
export async function findUserByUsername(
  db: Db,
  collegeId: string,
  username: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.collegeId, collegeId), sql`lower(${users.username}) = lower(${username})`));
  return row;
}

/** A user of a college by id, with the nim when a student. */
export async function findUserWithNimById(
  db: Db,
  collegeId: string,
  userId: string,
): Promise<UserWithNim | undefined> {
  const [row] = await db
    .select(userWithNimColumns)
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .where(and(eq(users.collegeId, collegeId), eq(users.id, userId)));
  return row;
}

/** A student of a college by username or nim (the two usually agree; the demo accounts differ). */
export async function findStudentByUsernameOrNim(
  db: Db,
  collegeId: string,
  usernameOrNim: string,
): Promise<UserWithNim | undefined> {
  const [row] = await db
    .select(userWithNimColumns)
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .where(
      and(
        eq(users.collegeId, collegeId),
        eq(users.role, 'mahasiswa'),
        or(sql`lower(${users.username}) = lower(${usernameOrNim})`, eq(students.nim, usernameOrNim)),
      ),
    )
    .limit(1);
  return row;
}

/** Stores a new authorization code (its hash only). */
export async function insertAuthCode(db: Db, row: NewAuthCode): Promise<void> {
  await db.insert(authCodes).values(row);
}

/** An authorization code of the college by the hash of its value. */
export async function findAuthCode(
  db: Db,
  collegeId: string,
  codeHash: string,
): Promise<AuthCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(authCodes)
    .where(and(eq(authCodes.collegeId, collegeId), eq(authCodes.codeHash, codeHash)));
  return row;
}

/**
 * Marks a code used if it is still unused and unexpired; one statement, so of two racing
 * exchanges exactly one gets the row back.
 */
export async function markAuthCodeUsed(
  db: Db,
  collegeId: string,
  codeHash: string,
  now: Date,
): Promise<AuthCodeRow | undefined> {
  const [row] = await db
    .update(authCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(authCodes.collegeId, collegeId),
        eq(authCodes.codeHash, codeHash),
        isNull(authCodes.usedAt),
        gt(authCodes.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Stores a new refresh token (its hash only). */
export async function insertRefreshToken(db: Db, row: NewRefreshToken): Promise<void> {
  await db.insert(refreshTokens).values(row);
}

/** A refresh token of the college by the hash of its value. */
export async function findRefreshToken(
  db: Db,
  collegeId: string,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(and(eq(refreshTokens.collegeId, collegeId), eq(refreshTokens.tokenHash, tokenHash)));
  return row;
}

/**
 * Marks a refresh token used if it is live (unused, unrevoked, unexpired) and belongs to the
 * college and client; one statement, so of two racing refreshes exactly one gets the row back.
 */
export async function markRefreshTokenUsed(
  db: Db,
  where: { tokenHash: string; collegeId: string; clientId: string },
  now: Date,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(refreshTokens.tokenHash, where.tokenHash),
        eq(refreshTokens.collegeId, where.collegeId),
        eq(refreshTokens.clientId, where.clientId),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Revokes every token of a refresh-token family (a sign-in). */
export async function revokeRefreshFamily(
  db: Db,
  family: { collegeId: string; familyId: string },
  now: Date,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.collegeId, family.collegeId),
        eq(refreshTokens.familyId, family.familyId),
        isNull(refreshTokens.revokedAt),
      ),
    );
}
