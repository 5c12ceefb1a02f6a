import { and, count, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { operatorAreas, type OperatorPermissions } from '@lms/contract/permission.rules';
import type { Role } from '@lms/contract/role.rules';
import type { Db } from '../../db/database.ts';
import { ofCollege } from '../../db/college-scope.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { pageByName } from '../../db/page-by-name.ts';
import { lecturers, refreshTokens, students, users } from '../../db/schema/identity.schema.ts';
import { studyPrograms } from '../../db/schema/study-program.schema.ts';

/** An account of a college, by its user id. */
export interface AccountKey {
  collegeId: string;
  userId: string;
}

const accountColumns = {
  id: users.id,
  collegeId: users.collegeId,
  role: users.role,
  username: users.username,
  nama: users.nama,
  email: users.email,
  telepon: users.telepon,
  isActive: users.isActive,
  createdAt: users.createdAt,
  lastActiveAt: users.lastActiveAt,
  nim: students.nim,
  angkatan: students.angkatan,
  studentStatus: students.status,
  nidn: lecturers.nidn,
  gelarDepan: lecturers.gelarDepan,
  gelarAkademik: lecturers.gelarAkademik,
  jabatan: lecturers.jabatan,
  prodi: { id: studyPrograms.id, nama: studyPrograms.nama, jenjang: studyPrograms.jenjang },
};

/** The users of a college with their student or lecturer record and its study program. */
function selectAccounts(db: Db) {
  return db
    .select(accountColumns)
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .leftJoin(lecturers, eq(lecturers.userId, users.id))
    .leftJoin(
      studyPrograms,
      and(
        eq(studyPrograms.collegeId, users.collegeId),
        eq(studyPrograms.id, sql`coalesce(${students.prodiId}, ${lecturers.prodiId})`),
      ),
    );
}
export type AccountRow = Awaited<ReturnType<ReturnType<typeof selectAccounts>['execute']>>[number];

/** One account of the college, or undefined. */
export async function findAccount(
  db: Db,
  collegeId: string,
  userId: string,
): Promise<AccountRow | undefined> {
  const [row] = await selectAccounts(db).where(ofCollege(users, collegeId, eq(users.id, userId)));
  return row;
}

/**
 * One page of the college's accounts of `roles`, by name: `search` matches part of the name or
 * username, or the start of the NIM or NIDN; `active` filters the active flag.
 */
export async function findAccountPage(
  db: Db,
  collegeId: string,
  query: { search?: string; roles: readonly Role[]; active?: boolean; page: number; perPage: number },
) {
  const search = query.search;
  // NIM and NIDN match from their start (a number is typed from its beginning).
  const numberPrefix = search ? likePattern(search).slice(1) : '';
  const where = ofCollege(
    users,
    collegeId,
    inArray(users.role, [...query.roles]),
    query.active === undefined ? undefined : eq(users.isActive, query.active),
    search
      ? or(
          ilike(users.nama, likePattern(search)),
          ilike(users.username, likePattern(search)),
          ilike(students.nim, numberPrefix),
          ilike(lecturers.nidn, numberPrefix),
        )
      : undefined,
  );
  const rows = await pageByName(selectAccounts(db).where(where).$dynamic(), query);
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .leftJoin(lecturers, eq(lecturers.userId, users.id))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Which of the identifiers other accounts of the college hold already (usernames case-insensitively). */
export async function findTakenIdentifiers(
  db: Db,
  collegeId: string,
  wanted: { username?: string; nim?: string; nidn?: string },
  exceptUserId?: string,
): Promise<{ username: boolean; nim: boolean; nidn: boolean }> {
  /** Whether a row of `table` other than the account's own matches `match`. */
  const heldByOther = async (
    table: typeof users | typeof students | typeof lecturers,
    id: typeof users.id | typeof students.userId | typeof lecturers.userId,
    match: SQL,
  ) => {
    const [row] = await db
      .select({ id })
      .from(table)
      .where(ofCollege(table, collegeId, match, exceptUserId ? ne(id, exceptUserId) : undefined))
      .limit(1);
    return !!row;
  };
  return {
    username:
      !!wanted.username &&
      (await heldByOther(users, users.id, sql`lower(${users.username}) = lower(${wanted.username})`)),
    nim: !!wanted.nim && (await heldByOther(students, students.userId, eq(students.nim, wanted.nim))),
    nidn: !!wanted.nidn && (await heldByOther(lecturers, lecturers.userId, eq(lecturers.nidn, wanted.nidn))),
  };
}

/** Whether the college has the study program. */
export async function studyProgramExists(db: Db, collegeId: string, prodiId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: studyPrograms.id })
    .from(studyPrograms)
    .where(ofCollege(studyPrograms, collegeId, eq(studyPrograms.id, prodiId)))
    .limit(1);
  return !!row;
}

export interface NewAccount {
  role: Role;
  username: string;
  nama: string;
  email: string | null;
  telepon: string | null;
  passwordHash: string;
  student?: { nim: string; prodiId: string; angkatan: number; status: string };
  lecturer?: {
    nidn: string;
    gelarDepan: string | null;
    gelarAkademik: string | null;
    jabatan: string | null;
    prodiId: string | null;
  };
}

/** A new operator's rights: none until an operator allowed to sets them ("Hak Akses Operator LMS"). */
const noAccessAnywhere = Object.fromEntries(
  operatorAreas.map((area) => [area, 'no_access']),
) as OperatorPermissions;

/** Inserts the user with their student or lecturer record; operators get no rights anywhere. */
export async function insertAccount(db: Db, collegeId: string, account: NewAccount): Promise<string> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        collegeId,
        role: account.role,
        username: account.username,
        nama: account.nama,
        email: account.email,
        telepon: account.telepon,
        passwordHash: account.passwordHash,
        operatorPermissions: account.role === 'operator' ? noAccessAnywhere : null,
      })
      .returning({ id: users.id });
    const userId = user!.id;
    if (account.student) await tx.insert(students).values({ ...account.student, userId, collegeId });
    if (account.lecturer) await tx.insert(lecturers).values({ ...account.lecturer, userId, collegeId });
    return userId;
  });
}

export interface AccountChanges {
  user: Partial<Pick<typeof users.$inferInsert, 'username' | 'nama' | 'email' | 'telepon'>>;
  student: Partial<Pick<typeof students.$inferInsert, 'nim' | 'prodiId' | 'angkatan' | 'status'>>;
  lecturer: Partial<
    Pick<typeof lecturers.$inferInsert, 'nidn' | 'gelarDepan' | 'gelarAkademik' | 'jabatan' | 'prodiId'>
  >;
}

/** Writes the changed columns of the user and of their student or lecturer record. */
export async function updateAccount(db: Db, key: AccountKey, changes: AccountChanges): Promise<void> {
  await db.transaction(async (tx) => {
    if (Object.keys(changes.user).length) {
      await tx
        .update(users)
        .set(changes.user)
        .where(ofCollege(users, key.collegeId, eq(users.id, key.userId)));
    }
    if (Object.keys(changes.student).length) {
      await tx
        .update(students)
        .set(changes.student)
        .where(ofCollege(students, key.collegeId, eq(students.userId, key.userId)));
    }
    if (Object.keys(changes.lecturer).length) {
      await tx
        .update(lecturers)
        .set(changes.lecturer)
        .where(ofCollege(lecturers, key.collegeId, eq(lecturers.userId, key.userId)));
    }
  });
}

/** Revokes every live sign-in of the account, also an operator's sessions acting for students. */
function revokeSignIns(tx: Pick<Db, 'update'>, key: AccountKey, now: Date) {
  return tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      ofCollege(
        refreshTokens,
        key.collegeId,
        or(eq(refreshTokens.userId, key.userId), eq(refreshTokens.actorUserId, key.userId)),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

/** Sets the active flag; deactivating also revokes every sign-in of the account. */
export async function setAccountActive(db: Db, key: AccountKey, isActive: boolean, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ isActive })
      .where(ofCollege(users, key.collegeId, eq(users.id, key.userId)));
    if (!isActive) await revokeSignIns(tx, key, now);
  });
}

/** Stores a new password hash and revokes every sign-in of the account. */
export async function setPasswordEndingSignIns(
  db: Db,
  key: AccountKey,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash })
      .where(ofCollege(users, key.collegeId, eq(users.id, key.userId)));
    await revokeSignIns(tx, key, now);
  });
}
