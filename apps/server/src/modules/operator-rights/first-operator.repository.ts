import { eq, sql } from 'drizzle-orm';
import type { OperatorPermissions } from '@lms/contract/permission.rules';
import { ofCollege } from '../../db/college-scope.ts';
import type { Db } from '../../db/database.ts';
import { colleges } from '../../db/schema/college.schema.ts';
import { users } from '../../db/schema/identity.schema.ts';

/** Whether the college exists. */
export async function collegeExists(db: Db, collegeId: string): Promise<boolean> {
  const [row] = await db.select({ id: colleges.id }).from(colleges).where(eq(colleges.id, collegeId));
  return !!row;
}

/** Whether the database holds no college yet. */
export async function noCollegeYet(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: colleges.id }).from(colleges).limit(1);
  return !row;
}

/** Stores a new college with the defaults of its settings. */
export async function insertCollege(
  db: Db,
  college: { id: string; nama: string; isDefault: boolean },
): Promise<void> {
  await db.insert(colleges).values({ ...college, judul: `LMS ${college.nama}` });
}

/** Whether a user of the college has this username (usernames are unique per college, ignoring case). */
export async function usernameTaken(db: Db, collegeId: string, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(ofCollege(users, collegeId, sql`lower(${users.username}) = lower(${username})`));
  return !!row;
}

/** Stores an operator; answers their id. */
export async function insertOperator(
  db: Db,
  operator: {
    collegeId: string;
    username: string;
    nama: string;
    passwordHash: string;
    permissions: OperatorPermissions;
    scope: string;
  },
): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({
      collegeId: operator.collegeId,
      username: operator.username,
      nama: operator.nama,
      passwordHash: operator.passwordHash,
      role: 'operator',
      operatorPermissions: operator.permissions,
      operatorScope: operator.scope,
    })
    .returning({ id: users.id });
  return row!.id;
}
