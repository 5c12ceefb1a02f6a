import { describe, expect, it } from 'vitest';
import { activeMenuPath, menuForUser, offersActAsStudent, pageTitle, siakadSsoHref } from './menus.ts';

const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe('menus per role (spec 1 §2)', () => {
  it('gives students exactly their six items', () => {
    expect(labels(menuForUser({ role: 'mahasiswa', permissions: null }))).toEqual([
      'Beranda',
      'Kelas Kuliah',
      'Kehadiran',
      'Nilai',
      'Berita',
      'Pengaturan',
    ]);
  });

  it('gives lecturers Jadwal, Bank Soal, Pengumuman, Berita and Bantuan', () => {
    expect(labels(menuForUser({ role: 'dosen', permissions: null }))).toEqual([
      'Beranda',
      'Kelas Kuliah',
      'Jadwal',
      'Kehadiran',
      'Nilai',
      'Bank Soal',
      'Pengumuman',
      'Berita',
      'Pengaturan',
      'Bantuan',
    ]);
  });

  it('shows operators only the areas they may read', () => {
    const all = menuForUser({
      role: 'operator',
      permissions: {
        kelas_kuliah: 'write',
        bank_soal: 'read',
        pengumuman: 'write',
        konfigurasi: 'read',
        bantuan: 'read',
      },
    });
    expect(labels(all)).toContain('Konfigurasi');
    expect(labels(all)).toContain('Berita');
    const narrow = menuForUser({
      role: 'operator',
      permissions: { kelas_kuliah: 'no_access', bank_soal: 'read', konfigurasi: 'no_access' },
    });
    expect(labels(narrow)).toEqual(['Beranda', 'Bank Soal', 'Pengaturan']);
  });

  it('shows Pengguna to operators who read data_master or data_sistem', () => {
    for (const permissions of [{ data_master: 'read' as const }, { data_sistem: 'write' as const }]) {
      expect(labels(menuForUser({ role: 'operator', permissions }))).toContain('Pengguna');
    }
    const none = menuForUser({
      role: 'operator',
      permissions: { data_master: 'no_access', laporan: 'read' },
    });
    expect(labels(none)).not.toContain('Pengguna');
  });

  it('marks the item of the current route, including its sub-pages', () => {
    const items = menuForUser({ role: 'mahasiswa', permissions: null });
    expect(activeMenuPath(items, '/kelas/12/profil')).toBe('/kelas');
    expect(activeMenuPath(items, '/kehadiran')).toBe('/kehadiran');
    expect(activeMenuPath(items, '/kelasx')).toBeUndefined();
  });
});

describe('profile dropdown', () => {
  it('builds the SIAKAD link as spec 1 §2 says', () => {
    expect(siakadSsoHref('mahasiswa')).toBe('/sso?app=siakad&legacy=false&role=mahasiswa&path=');
    expect(siakadSsoHref('dosen')).toBe('/sso?app=siakad&legacy=true&role=dosen&path=%2Fpesan%2Findex.php');
  });

  it('offers Login Akun Lain only to operators with write on kelas_kuliah, not while acting', () => {
    const operator = { role: 'operator' as const, permissions: { kelas_kuliah: 'write' as const } };
    expect(offersActAsStudent({ ...operator, acting_operator: null })).toBe(true);
    expect(
      offersActAsStudent({ role: 'operator', permissions: { kelas_kuliah: 'read' }, acting_operator: null }),
    ).toBe(false);
    expect(offersActAsStudent({ role: 'dosen', permissions: null, acting_operator: null })).toBe(false);
  });
});

describe('page title', () => {
  it('prefixes LMS Mahasiswa with the capitalised first path segment', () => {
    expect(pageTitle('/')).toBe('LMS Mahasiswa');
    expect(pageTitle('/beranda')).toBe('Beranda - LMS Mahasiswa');
    expect(pageTitle('/kelas/12/profil')).toBe('Kelas - LMS Mahasiswa');
  });
});
