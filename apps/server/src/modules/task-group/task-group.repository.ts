import { and, asc, eq, inArray, isNotNull, max } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { classStudents } from '../../db/schema/class.schema.ts';
import { students, users } from '../../db/schema/identity.schema.ts';
import { taskGroupMembers, taskGroups, taskSubmissions } from '../../db/schema/task.schema.ts';

/** One group of the college. */
export async function findGroupById(db: Db, collegeId: string, id: string) {
  const [row] = await db
    .select()
    .from(taskGroups)
    .where(and(eq(taskGroups.collegeId, collegeId), eq(taskGroups.id, id)));
  return row;
}
export type GroupRow = NonNullable<Awaited<ReturnType<typeof findGroupById>>>;

/** A class's groups by creation. */
export function findClassGroups(db: Db, collegeId: string, kelasId: string) {
  return db
    .select()
    .from(taskGroups)
    .where(and(eq(taskGroups.collegeId, collegeId), eq(taskGroups.kelasId, kelasId)))
    .orderBy(asc(taskGroups.position), asc(taskGroups.createdAt), asc(taskGroups.id));
}

const memberColumns = {
  kelompokId: taskGroupMembers.kelompokId,
  mahasiswaId: taskGroupMembers.mahasiswaId,
  jabatan: taskGroupMembers.jabatan,
  position: taskGroupMembers.position,
  nim: students.nim,
  nama: users.nama,
  avatarKey: users.avatarKey,
};

/** Members of the given groups in the order they joined. */
export function findGroupMembers(db: Db, collegeId: string, groupIds: string[]) {
  if (groupIds.length === 0) return Promise.resolve([]);
  return db
    .select(memberColumns)
    .from(taskGroupMembers)
    .innerJoin(users, eq(users.id, taskGroupMembers.mahasiswaId))
    .innerJoin(students, eq(students.userId, taskGroupMembers.mahasiswaId))
    .where(and(eq(taskGroupMembers.collegeId, collegeId), inArray(taskGroupMembers.kelompokId, groupIds)))
    .orderBy(asc(taskGroupMembers.position), asc(students.nim));
}
export type GroupMemberRow = Awaited<ReturnType<typeof findGroupMembers>>[number];

/** The group a student belongs to in a class, if any. */
export async function findGroupOfStudent(db: Db, collegeId: string, kelasId: string, mahasiswaId: string) {
  const [row] = await db
    .select({ id: taskGroups.id, nama: taskGroups.nama })
    .from(taskGroupMembers)
    .innerJoin(taskGroups, eq(taskGroups.id, taskGroupMembers.kelompokId))
    .where(
      and(
        eq(taskGroupMembers.collegeId, collegeId),
        eq(taskGroupMembers.kelasId, kelasId),
        eq(taskGroupMembers.mahasiswaId, mahasiswaId),
      ),
    );
  return row;
}

/** Enrolled students of a class (id, nim, nama), by nim. */
export function findClassStudents(db: Db, collegeId: string, kelasId: string) {
  return db
    .select({ id: students.userId, nim: students.nim, nama: users.nama })
    .from(classStudents)
    .innerJoin(students, eq(students.userId, classStudents.mahasiswaId))
    .innerJoin(users, eq(users.id, classStudents.mahasiswaId))
    .where(and(eq(classStudents.collegeId, collegeId), eq(classStudents.kelasId, kelasId)))
    .orderBy(asc(students.nim));
}
export type ClassStudentRow = Awaited<ReturnType<typeof findClassStudents>>[number];

/** Who handed in for each of the given groups (any task): the member ids, by group. */
export async function findGroupHandIns(db: Db, collegeId: string, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return db
    .selectDistinct({ kelompokId: taskSubmissions.kelompokId, mahasiswaId: taskSubmissions.mahasiswaId })
    .from(taskSubmissions)
    .where(
      and(
        eq(taskSubmissions.collegeId, collegeId),
        isNotNull(taskSubmissions.kelompokId),
        inArray(taskSubmissions.kelompokId, groupIds),
      ),
    );
}

/** New groups of a class with their members (members already in order, leader marked). */
export async function insertGroups(
  db: Db,
  collegeId: string,
  kelasId: string,
  groups: Array<{ nama: string; anggota: Array<{ id: string; jabatan: 'ketua' | 'anggota' }> }>,
): Promise<string[]> {
  if (groups.length === 0) return [];
  const [last] = await db
    .select({ n: max(taskGroups.position) })
    .from(taskGroups)
    .where(and(eq(taskGroups.collegeId, collegeId), eq(taskGroups.kelasId, kelasId)));
  const first = (last?.n ?? -1) + 1;
  const inserted = await db
    .insert(taskGroups)
    .values(groups.map((g, i) => ({ collegeId, kelasId, nama: g.nama, position: first + i })))
    .returning({ id: taskGroups.id });
  const members = groups.flatMap((g, i) =>
    g.anggota.map((m, position) => ({
      collegeId,
      kelasId,
      kelompokId: inserted[i]!.id,
      mahasiswaId: m.id,
      jabatan: m.jabatan,
      position,
    })),
  );
  if (members.length) await db.insert(taskGroupMembers).values(members);
  return inserted.map((r) => r.id);
}

/** Renames a group; false when it is not the college's. */
export async function renameGroup(db: Db, collegeId: string, id: string, nama: string): Promise<boolean> {
  const rows = await db
    .update(taskGroups)
    .set({ nama })
    .where(and(eq(taskGroups.collegeId, collegeId), eq(taskGroups.id, id)))
    .returning({ id: taskGroups.id });
  return rows.length > 0;
}

/** Deletes groups (members go with them). */
export async function deleteGroups(db: Db, collegeId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .delete(taskGroups)
    .where(and(eq(taskGroups.collegeId, collegeId), inArray(taskGroups.id, ids)))
    .returning({ id: taskGroups.id });
  return rows.length;
}

/** Adds a member at the end of the group; the unique key refuses a student already in a group. */
export async function insertGroupMember(
  db: Db,
  group: { collegeId: string; kelasId: string; id: string },
  mahasiswaId: string,
  jabatan: 'ketua' | 'anggota',
): Promise<void> {
  const [last] = await db
    .select({ n: max(taskGroupMembers.position) })
    .from(taskGroupMembers)
    .where(and(eq(taskGroupMembers.collegeId, group.collegeId), eq(taskGroupMembers.kelompokId, group.id)));
  await db.insert(taskGroupMembers).values({
    collegeId: group.collegeId,
    kelasId: group.kelasId,
    kelompokId: group.id,
    mahasiswaId,
    jabatan,
    position: (last?.n ?? -1) + 1,
  });
}

/** Removes a member; false when they were not in the group. */
export async function deleteGroupMember(
  db: Db,
  collegeId: string,
  kelompokId: string,
  mahasiswaId: string,
): Promise<boolean> {
  const rows = await db
    .delete(taskGroupMembers)
    .where(
      and(
        eq(taskGroupMembers.collegeId, collegeId),
        eq(taskGroupMembers.kelompokId, kelompokId),
        eq(taskGroupMembers.mahasiswaId, mahasiswaId),
      ),
    )
    .returning({ id: taskGroupMembers.mahasiswaId });
  return rows.length > 0;
}

/**
 * Sets the group's leader: every member anggota, then the named one ketua (two statements, because a
 * unique index is checked row by row; call inside a transaction). No leader when `leaderId` is null.
 */
export async function setGroupLeader(
  db: Db,
  collegeId: string,
  kelompokId: string,
  leaderId: string | null,
): Promise<void> {
  const ofGroup = and(eq(taskGroupMembers.collegeId, collegeId), eq(taskGroupMembers.kelompokId, kelompokId));
  await db.update(taskGroupMembers).set({ jabatan: 'anggota' }).where(ofGroup);
  if (leaderId) {
    await db
      .update(taskGroupMembers)
      .set({ jabatan: 'ketua' })
      .where(and(ofGroup, eq(taskGroupMembers.mahasiswaId, leaderId)));
  }
}
