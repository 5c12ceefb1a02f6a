import { canDeleteMember } from '@lms/contract/task-group.rules';
import type { ClassGroups, TaskGroup } from '@lms/contract/task-group.schema';
import { avatarUrl } from '../../platform/file-storage.ts';
import type { ClassStudentRow, GroupMemberRow, GroupRow } from './task-group.repository.ts';

/** A group with its members; `handedInBy` are the members who handed in for it (canDelete false). */
export function presentGroup(
  group: GroupRow,
  members: GroupMemberRow[],
  handedInBy: ReadonlySet<string>,
): TaskGroup {
  return {
    id: group.id,
    id_kelas_kuliah: group.kelasId,
    nama: group.nama,
    anggota: members.map((m) => ({
      mahasiswa: {
        id: m.mahasiswaId,
        nama: m.nama,
        nim: m.nim,
        avatar_url: avatarUrl(m.avatarKey, group.collegeId),
      },
      jabatan: m.jabatan,
      canDelete: canDeleteMember(m.mahasiswaId, handedInBy),
    })),
    sudah_mengumpulkan: handedInBy.size > 0,
  };
}

/** The class's groups screen: groups, students without a group, and whether the caller may change them. */
export function presentClassGroups(
  groups: TaskGroup[],
  students: ClassStudentRow[],
  canWrite: boolean,
): ClassGroups {
  const grouped = new Set(groups.flatMap((g) => g.anggota.map((a) => a.mahasiswa.id)));
  return {
    kelompok: groups,
    tanpa_kelompok: students.filter((s) => !grouped.has(s.id)),
    akses: { ubah: canWrite },
  };
}
