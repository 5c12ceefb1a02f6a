/**
 * Groups (kelompok) of a class for group tasks: the leader and member rules of spec 1 §2/§6 and
 * spec 2 §2/§4, and forming a whole class's groups in one step. Pure functions used by server and web.
 */

/** jabatan of a group member (spec 2 §3 Group). */
export const groupRoles = ['ketua', 'anggota'] as const;
export type GroupRole = (typeof groupRoles)[number];

export interface GroupMemberRef {
  /** The student's user id. */
  id: string;
  jabatan: GroupRole;
}

/** The group card's texts (spec 1 §2, spec 2 §2) and the area's messages. */
export const groupTexts = {
  leaderTag: 'Ketua',
  makeLeader: 'Jadikan Ketua Kelompok',
  removeMember: 'Hapus Anggota',
  chatTitle: 'Percakapan',
  close: 'Tutup',
  deleteConfirm: (nama: string) => `Hapus kelompok ${nama}? Anggotanya tidak lagi berkelompok.`,
  removeConfirm: (nama: string) => `Hapus ${nama} dari kelompok?`,
  defaultName: (n: number) => `Kelompok ${n}`,
  namaRequired: 'Nama kelompok wajib diisi',
  memberNotInClass: 'Mahasiswa bukan peserta kelas ini.',
  memberInOtherGroup: (nama: string) => `${nama} sudah tergabung dalam kelompok lain di kelas ini.`,
  memberNotFound: 'Mahasiswa bukan anggota kelompok ini.',
  memberHandedIn: 'Anggota ini sudah mengumpulkan tugas untuk kelompoknya dan tidak dapat dihapus.',
  groupHandedIn: 'Kelompok ini sudah mengumpulkan tugas dan tidak dapat dihapus.',
  sizeInvalid: 'Jumlah anggota per kelompok minimal 2.',
  groupsExist: 'Kelas ini sudah memiliki kelompok. Centang "Ganti kelompok yang ada" untuk membentuk ulang.',
  groupsHandedIn: 'Kelompok yang sudah mengumpulkan tugas tidak dapat dibentuk ulang.',
} as const;

/** A non-empty group always has exactly one leader: the named one, else the first member. */
export function normalizeLeader<T extends GroupMemberRef>(members: readonly T[]): T[] {
  const leader = members.find((m) => m.jabatan === 'ketua') ?? members[0];
  return members.map((m) => ({ ...m, jabatan: m === leader ? 'ketua' : 'anggota' }));
}

/** Jadikan Ketua Kelompok: the member becomes ketua and all others anggota (spec 2 §4). */
export function makeLeader<T extends GroupMemberRef>(members: readonly T[], memberId: string): T[] {
  if (!members.some((m) => m.id === memberId)) return [...members];
  return members.map((m) => ({ ...m, jabatan: m.id === memberId ? 'ketua' : 'anggota' }));
}

/** Hapus Anggota: without the member; removing the leader promotes the first remaining member (spec 2 §4). */
export function removeMember<T extends GroupMemberRef>(members: readonly T[], memberId: string): T[] {
  const rest = members.filter((m) => m.id !== memberId);
  return rest.some((m) => m.jabatan === 'ketua') ? rest : normalizeLeader(rest);
}

/** A new member joins as anggota, or as ketua of an empty group. */
export function addMember<T extends GroupMemberRef>(members: readonly T[], member: T): T[] {
  if (members.some((m) => m.id === member.id)) return [...members];
  return normalizeLeader([...members, { ...member, jabatan: 'anggota' }]);
}

/**
 * The member list item's menu (spec 1 §6, spec 2 §2): the dropdown shows only when enabled and the user
 * can write; remove is hidden when canDelete is false; make-leader is hidden for the current leader.
 */
export function groupMemberMenu(
  member: { jabatan: GroupRole; canDelete: boolean },
  options: { enabled: boolean; canWrite: boolean },
): { dropdown: boolean; makeLeader: boolean; remove: boolean } {
  const dropdown = options.enabled && options.canWrite;
  const makeLeaderShown = dropdown && member.jabatan !== 'ketua';
  const remove = dropdown && member.canDelete;
  return { dropdown: dropdown && (makeLeaderShown || remove), makeLeader: makeLeaderShown, remove };
}

/** canDelete: a member who already handed in for the group stays (their hand-in names them). */
export function canDeleteMember(memberId: string, handedInBy: ReadonlySet<string>): boolean {
  return !handedInBy.has(memberId);
}

/**
 * Random forming of a whole class (issue 11): the students shuffled with `random` (0 ≤ r < 1) and dealt
 * into ⌈n ÷ size⌉ groups whose sizes differ by at most one; the first of each group is its leader.
 */
export function formRandomGroups<T>(
  students: readonly T[],
  size: number,
  random: () => number = Math.random,
): Array<{ nama: string; anggota: T[] }> {
  if (!Number.isInteger(size) || size < 2) throw new Error(groupTexts.sizeInvalid);
  const shuffled = [...students];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  const count = Math.ceil(shuffled.length / size);
  const groups = Array.from({ length: count }, (_, i) => ({
    nama: groupTexts.defaultName(i + 1),
    anggota: [] as T[],
  }));
  shuffled.forEach((student, i) => groups[i % count]!.anggota.push(student));
  return groups;
}
