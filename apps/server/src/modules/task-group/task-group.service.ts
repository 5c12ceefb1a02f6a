import {
  addMember,
  formRandomGroups,
  groupTexts,
  makeLeader,
  normalizeLeader,
  removeMember,
  type GroupRole,
} from '@lms/contract/task-group.rules';
import type { ClassGroups, GroupForm, GroupForming, TaskGroup } from '@lms/contract/task-group.schema';
import { inTransaction, type Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, badRequest, assertAllowed } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import type { LoadedResource } from '../../platform/resource-access.ts';
import { classResource, loadReadableClass } from '../class/class.api.ts';
import { presentClassGroups, presentGroup } from './task-group.presenter.ts';
import {
  deleteGroupMember,
  deleteGroups,
  findClassGroups,
  findClassStudents,
  findGroupById,
  findGroupHandIns,
  findGroupMembers,
  findGroupOfStudent,
  insertGroupMember,
  insertGroups,
  renameGroup as renameGroupRow,
  setGroupLeader,
  type GroupRow,
} from './task-group.repository.ts';

/** Groups with members and who handed in for each, presented. */
async function presentGroups(db: Db, collegeId: string, groups: GroupRow[]): Promise<TaskGroup[]> {
  const ids = groups.map((g) => g.id);
  const [members, handIns] = await Promise.all([
    findGroupMembers(db, collegeId, ids),
    findGroupHandIns(db, collegeId, ids),
  ]);
  return groups.map((g) =>
    presentGroup(
      g,
      members.filter((m) => m.kelompokId === g.id),
      new Set(handIns.filter((h) => h.kelompokId === g.id).map((h) => h.mahasiswaId)),
    ),
  );
}

/** GET /v2/lms/kelas_kuliah/{id}/kelompok: the class's groups (students and lecturers of the class). */
export async function getClassGroups(db: Db, actor: Actor, kelasId: string): Promise<ClassGroups> {
  const cls = await loadReadableClass(db, actor, kelasId);
  const [groups, students] = await Promise.all([
    findClassGroups(db, actor.collegeId, cls.row.id),
    findClassStudents(db, actor.collegeId, cls.row.id),
  ]);
  return presentClassGroups(
    await presentGroups(db, actor.collegeId, groups),
    students,
    cls.access.ubah_pertemuan,
  );
}

/** The task-group area's answer for a group its college does not hold. */
export const groupNotFound = () => new AppError(404, 'kelompok_not_found');

/**
 * A group with whether the actor reads its class and may change it (the class's lecturers, operators
 * with write); null when unknown in the college. The task-group resource's loader.
 */
export async function loadGroupResource(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
): Promise<LoadedResource<GroupRow> | null> {
  const group = await findGroupById(db, actor.collegeId, id);
  if (!group) return null;
  const cls = await classResource.load(db, actor, college, group.kelasId);
  if (!cls) return null;
  return { row: group, canRead: cls.canRead, canWrite: cls.row.access.ubah_pertemuan };
}

/** GET /v2/lms/kelompok/{id}. */
export async function getGroup(db: Db, actor: Actor, group: GroupRow): Promise<TaskGroup> {
  const [presented] = await presentGroups(db, actor.collegeId, [group]);
  return presented!;
}

/** A group after a change: read again, its class still readable by the actor. */
async function readGroupAgain(db: Db, actor: Actor, id: string): Promise<TaskGroup> {
  const group = await findGroupById(db, actor.collegeId, id);
  if (!group) throw groupNotFound();
  await loadReadableClass(db, actor, group.kelasId);
  return getGroup(db, actor, group);
}

/**
 * Resolves the forms' nims to enrolled students of the class: each at most once across the forms, and
 * not in a group already (unless that group is being replaced).
 */
async function resolveMembers(
  db: Db,
  collegeId: string,
  kelasId: string,
  forms: GroupForm[],
  replacing: boolean,
): Promise<Array<{ nama: string; anggota: Array<{ id: string; jabatan: GroupRole }> }>> {
  const [students, groups] = await Promise.all([
    findClassStudents(db, collegeId, kelasId),
    replacing ? Promise.resolve([]) : findClassGroups(db, collegeId, kelasId),
  ]);
  const byNim = new Map(students.map((s) => [s.nim, s] as const));
  const taken = new Set(
    (
      await findGroupMembers(
        db,
        collegeId,
        groups.map((g) => g.id),
      )
    ).map((m) => m.mahasiswaId),
  );
  return forms.map((form) => ({
    nama: form.nama,
    anggota: normalizeLeader(
      form.anggota.map(({ mahasiswa }) => {
        const student = byNim.get(mahasiswa.nim);
        if (!student)
          throw badRequest('kelompok_tidak_valid', `${mahasiswa.nim}: ${groupTexts.memberNotInClass}`);
        if (taken.has(student.id))
          throw new AppError(409, 'kelompok_tidak_valid', groupTexts.memberInOtherGroup(student.nama));
        taken.add(student.id);
        return { id: student.id, jabatan: 'anggota' as GroupRole };
      }),
    ),
  }));
}

/** POST /v2/lms/kelas_kuliah/{id}/kelompok: one group (spec 1 §6 group form); the first member leads. */
export async function createGroup(
  db: Db,
  actor: Actor,
  kelasId: string,
  form: GroupForm,
): Promise<TaskGroup> {
  const cls = await loadReadableClass(db, actor, kelasId);
  assertAllowed(cls.access.ubah_pertemuan);
  const [id] = await inTransaction(db, async (tx) =>
    insertGroups(
      tx,
      actor.collegeId,
      cls.row.id,
      await resolveMembers(tx, actor.collegeId, cls.row.id, [form], false),
    ),
  );
  return readGroupAgain(db, actor, id!);
}

/**
 * POST /v2/lms/kelas_kuliah/{id}/kelompok/bentuk: the whole class in one step, randomly (groups of about
 * `anggota_per_kelompok`, every enrolled student placed) or by a manual list. Existing groups stay unless
 * `ganti`, which replaces them; a group that handed in is never replaced.
 */
export async function formClassGroups(
  db: Db,
  actor: Actor,
  kelasId: string,
  input: GroupForming,
  random: () => number = Math.random,
): Promise<ClassGroups> {
  const cls = await loadReadableClass(db, actor, kelasId);
  assertAllowed(cls.access.ubah_pertemuan);
  await inTransaction(db, async (tx) => {
    const existing = await findClassGroups(tx, actor.collegeId, cls.row.id);
    if (existing.length && !input.ganti)
      throw new AppError(409, 'kelompok_tidak_valid', groupTexts.groupsExist);
    if (existing.length) {
      const handIns = await findGroupHandIns(
        tx,
        actor.collegeId,
        existing.map((g) => g.id),
      );
      if (handIns.length) throw new AppError(409, 'kelompok_tidak_valid', groupTexts.groupsHandedIn);
      await deleteGroups(
        tx,
        actor.collegeId,
        existing.map((g) => g.id),
      );
    }
    let forms: GroupForm[];
    if (input.cara === 'acak') {
      const students = await findClassStudents(tx, actor.collegeId, cls.row.id);
      forms = formRandomGroups(students, input.anggota_per_kelompok, random).map((g) => ({
        nama: g.nama,
        anggota: g.anggota.map((s) => ({ mahasiswa: { nim: s.nim } })),
      }));
    } else {
      forms = input.kelompok;
    }
    await insertGroups(
      tx,
      actor.collegeId,
      cls.row.id,
      await resolveMembers(tx, actor.collegeId, cls.row.id, forms, true),
    );
  });
  return getClassGroups(db, actor, kelasId);
}

/** PUT /v2/lms/kelompok/{id}: rename. */
export async function renameGroup(db: Db, actor: Actor, group: GroupRow, nama: string): Promise<TaskGroup> {
  const { id } = group;
  if (!(await renameGroupRow(db, actor.collegeId, id, nama))) throw new AppError(404, 'kelompok_not_found');
  return readGroupAgain(db, actor, id);
}

/** DELETE /v2/lms/kelompok/{id}: refused once the group handed in (its hand-ins name it). */
export async function removeGroup(db: Db, actor: Actor, group: GroupRow): Promise<void> {
  const { id } = group;
  await inTransaction(db, async (tx) => {
    if ((await findGroupHandIns(tx, actor.collegeId, [id])).length)
      throw new AppError(409, 'kelompok_tidak_valid', groupTexts.groupHandedIn);
    if (!(await deleteGroups(tx, actor.collegeId, [id]))) throw new AppError(404, 'kelompok_not_found');
  });
}

/** The group's members as the contract's rules see them. */
async function memberRefs(db: Db, collegeId: string, id: string) {
  const members = await findGroupMembers(db, collegeId, [id]);
  return members.map((m) => ({ id: m.mahasiswaId, jabatan: m.jabatan, nim: m.nim, nama: m.nama }));
}

/** POST /v2/lms/kelompok/{id}/anggota: adds an enrolled student without a group (leader of an empty group). */
export async function addGroupMember(db: Db, actor: Actor, group: GroupRow, nim: string): Promise<TaskGroup> {
  const { id } = group;
  await inTransaction(db, async (tx) => {
    const [resolved] = await resolveMembers(
      tx,
      actor.collegeId,
      group.kelasId,
      [{ nama: group.nama, anggota: [{ mahasiswa: { nim } }] }],
      false,
    );
    const student = resolved!.anggota[0]!;
    const members = await memberRefs(tx, actor.collegeId, id);
    const next = addMember(members, { ...student, nim, nama: '' });
    await insertGroupMember(tx, group, student.id, next.find((m) => m.id === student.id)!.jabatan);
  });
  return readGroupAgain(db, actor, id);
}

/**
 * DELETE /v2/lms/kelompok/{id}/anggota/{nim}: Hapus Anggota. Refused for a member who handed in for the
 * group (canDelete false); removing the leader promotes the first remaining member.
 */
export async function removeGroupMember(
  db: Db,
  actor: Actor,
  group: GroupRow,
  nim: string,
): Promise<TaskGroup> {
  const { id } = group;
  await inTransaction(db, async (tx) => {
    const members = await memberRefs(tx, actor.collegeId, id);
    const member = members.find((m) => m.nim === nim);
    if (!member) throw new AppError(404, 'kelompok_not_found', groupTexts.memberNotFound);
    const handIns = await findGroupHandIns(tx, actor.collegeId, [id]);
    if (handIns.some((h) => h.mahasiswaId === member.id))
      throw new AppError(409, 'anggota_tidak_dapat_dihapus', groupTexts.memberHandedIn);
    await deleteGroupMember(tx, actor.collegeId, id, member.id);
    const rest = removeMember(members, member.id);
    const leader = rest.find((m) => m.jabatan === 'ketua');
    if (member.jabatan === 'ketua') await setGroupLeader(tx, actor.collegeId, id, leader?.id ?? null);
  });
  return readGroupAgain(db, actor, id);
}

/** PUT /v2/lms/kelompok/{id}/ketua: Jadikan Ketua Kelompok; every other member becomes anggota. */
export async function makeGroupLeader(
  db: Db,
  actor: Actor,
  group: GroupRow,
  nim: string,
): Promise<TaskGroup> {
  const { id } = group;
  await inTransaction(db, async (tx) => {
    const members = await memberRefs(tx, actor.collegeId, id);
    const member = members.find((m) => m.nim === nim);
    if (!member) throw new AppError(404, 'kelompok_not_found', groupTexts.memberNotFound);
    const leader = makeLeader(members, member.id).find((m) => m.jabatan === 'ketua')!;
    await setGroupLeader(tx, actor.collegeId, id, leader.id);
  });
  return readGroupAgain(db, actor, id);
}

/** A student's group in a class with its members, or undefined (for the task area's group hand-in). */
export async function readStudentGroup(db: Db, collegeId: string, kelasId: string, mahasiswaId: string) {
  const group = await findGroupOfStudent(db, collegeId, kelasId, mahasiswaId);
  if (!group) return undefined;
  const members = await findGroupMembers(db, collegeId, [group.id]);
  return { id: group.id, nama: group.nama, members };
}

/** A class's groups with their members, and its enrolled students (for the task area's hand-in lists). */
export async function readClassGroupsAndStudents(db: Db, collegeId: string, kelasId: string) {
  const [groups, students] = await Promise.all([
    findClassGroups(db, collegeId, kelasId),
    findClassStudents(db, collegeId, kelasId),
  ]);
  const members = await findGroupMembers(
    db,
    collegeId,
    groups.map((g) => g.id),
  );
  return {
    groups: groups.map((g) => ({
      id: g.id,
      nama: g.nama,
      members: members.filter((m) => m.kelompokId === g.id),
    })),
    students,
  };
}

/** A group with its class and members by id (the chat area's `LMS-KELOMPOK-{id}` groups), or undefined. */
export async function readTaskGroup(db: Db, collegeId: string, kelompokId: string) {
  const group = await findGroupById(db, collegeId, kelompokId);
  if (!group) return undefined;
  const members = await findGroupMembers(db, collegeId, [group.id]);
  return { id: group.id, kelasId: group.kelasId, nama: group.nama, members };
}
