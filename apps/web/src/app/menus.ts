import { accountAreas } from '@lms/contract/account.rules';
import type { UserInfo } from '@lms/contract/auth.schema';
import { canActForStudent, canReadArea, type OperatorArea } from '@lms/contract/permission.rules';

/** Icons a menu item may name; the side menu maps them to components. */
export type MenuIcon =
  | 'home'
  | 'class'
  | 'schedule'
  | 'attendance'
  | 'grade'
  | 'question-bank'
  | 'announcement'
  | 'news'
  | 'configuration'
  | 'settings'
  | 'help'
  | 'users'
  | 'rights'
  | 'import';

/** A side-menu item (spec 1 §2: label, path, icon, children; active follows the route). */
export interface MenuItem {
  label: string;
  path: string;
  icon: MenuIcon;
  children?: MenuItem[];
  /** Operators see the item only with read (or write) on this area (on one of them, for a list). */
  area?: OperatorArea | readonly OperatorArea[];
}

const beranda: MenuItem = { label: 'Beranda', path: '/beranda', icon: 'home' };
const kelas: MenuItem = { label: 'Kelas Kuliah', path: '/kelas', icon: 'class', area: 'kelas_kuliah' };
const jadwal: MenuItem = { label: 'Jadwal', path: '/jadwal', icon: 'schedule', area: 'kelas_kuliah' };
const kehadiran: MenuItem = {
  label: 'Kehadiran',
  path: '/kehadiran',
  icon: 'attendance',
  area: 'kelas_kuliah',
};
const nilai: MenuItem = { label: 'Nilai', path: '/nilai', icon: 'grade', area: 'kelas_kuliah' };
const bankSoal: MenuItem = {
  label: 'Bank Soal',
  path: '/bank-soal',
  icon: 'question-bank',
  area: 'bank_soal',
};
const pengumuman: MenuItem = {
  label: 'Pengumuman',
  path: '/pengumuman',
  icon: 'announcement',
  area: 'pengumuman',
};
const berita: MenuItem = { label: 'Berita', path: '/berita', icon: 'news', area: 'pengumuman' };
const konfigurasi: MenuItem = {
  label: 'Konfigurasi',
  path: '/konfigurasi',
  icon: 'configuration',
  area: 'konfigurasi',
};
const pengguna: MenuItem = { label: 'Pengguna', path: '/pengguna', icon: 'users', area: accountAreas };
const hakAksesOperator: MenuItem = {
  label: 'Hak Akses Operator',
  path: '/hak-akses-operator',
  icon: 'rights',
  area: 'data_sistem',
};
const muatSemester: MenuItem = {
  label: 'Muat Semester',
  path: '/muat-semester',
  icon: 'import',
  area: 'data_master',
};
const pengaturan: MenuItem = { label: 'Pengaturan', path: '/pengaturan', icon: 'settings' };
const bantuan: MenuItem = { label: 'Bantuan', path: '/bantuan', icon: 'help', area: 'bantuan' };

/** Whether an operator with these rights reads the item's area (or one of its areas). */
function readsMenuArea(permissions: UserInfo['permissions'], area: MenuItem['area']): boolean {
  if (!area) return true;
  return (typeof area === 'string' ? [area] : area).some((a) => canReadArea(permissions, a));
}

/** The side menu of a user (spec 1 §2): students' fixed list; lecturers'; operators' by permission. */
export function menuForUser(user: Pick<UserInfo, 'role' | 'permissions'>): MenuItem[] {
  switch (user.role) {
    case 'mahasiswa':
      return [beranda, kelas, kehadiran, nilai, berita, pengaturan];
    case 'dosen':
      return [beranda, kelas, jadwal, kehadiran, nilai, bankSoal, pengumuman, berita, pengaturan, bantuan];
    case 'operator':
      return [
        beranda,
        kelas,
        jadwal,
        kehadiran,
        nilai,
        bankSoal,
        pengumuman,
        berita,
        pengguna,
        konfigurasi,
        muatSemester,
        hakAksesOperator,
        pengaturan,
        bantuan,
      ].filter((item) => readsMenuArea(user.permissions, item.area));
  }
}

/** The menu item a path belongs to: the longest item path that is the path or a parent of it. */
export function activeMenuPath(items: MenuItem[], pathname: string): string | undefined {
  const all = items.flatMap((item) => [item, ...(item.children ?? [])]);
  return all
    .filter((item) => pathname === item.path || pathname.startsWith(`${item.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0]?.path;
}

/** The SIAKAD single sign-on link (spec 1 §2): students go to its home, others to /pesan/index.php. */
export function siakadSsoHref(role: UserInfo['role']): string {
  const student = role === 'mahasiswa';
  const params = new URLSearchParams({
    app: 'siakad',
    legacy: String(!student),
    role,
    path: student ? '' : '/pesan/index.php',
  });
  return `/sso?${params.toString()}`;
}

/** Whether the profile dropdown offers Login Akun Lain (never while already acting). */
export function offersActAsStudent(
  user: Pick<UserInfo, 'role' | 'permissions' | 'acting_operator'>,
): boolean {
  return !user.acting_operator && canActForStudent(user.role, user.permissions);
}

/** Page title (spec 1 §2): 'LMS Mahasiswa', prefixed by the capitalised first path segment. */
export function pageTitle(pathname: string): string {
  const segment = pathname.split('/').filter(Boolean)[0];
  if (!segment) return 'LMS Mahasiswa';
  return `${segment.charAt(0).toUpperCase()}${segment.slice(1)} - LMS Mahasiswa`;
}
