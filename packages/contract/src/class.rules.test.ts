import { describe, expect, it } from 'vitest';
import {
  bannerMaxBytes,
  classStatusLabels,
  classStatusOfFilter,
  defaultBannerIndex,
  formatTeacherName,
  hasBannerExtension,
  labelOf,
  lectureModeLabels,
  readClassSettings,
  teacherRoleLabels,
} from './class.rules.ts';

describe('class rules', () => {
  it('labels statuses, modes and roles, "-" for anything else', () => {
    expect(labelOf(classStatusLabels, 'akan_dimulai')).toBe('Akan Dimulai');
    expect(labelOf(classStatusLabels, 'berlangsung')).toBe('Sedang Berlangsung');
    expect(labelOf(classStatusLabels, 'selesai')).toBe('Telah Berakhir');
    expect(labelOf(classStatusLabels, 'lain')).toBe('-');
    expect(labelOf(classStatusLabels, null)).toBe('-');
    expect(labelOf(lectureModeLabels, 'campuran')).toBe('Campuran');
    expect(labelOf(teacherRoleLabels, 'koordinator')).toBe('Dosen Koordinator');
  });
  it('maps the execution filter to class statuses', () => {
    expect(classStatusOfFilter('belum_dimulai')).toBe('akan_dimulai');
    expect(classStatusOfFilter('berlangsung')).toBe('berlangsung');
    expect(classStatusOfFilter('selesai')).toBe('selesai');
  });
  it('picks one of seven default banners', () => {
    expect(defaultBannerIndex(9)).toBe(2);
    expect(defaultBannerIndex(-1)).toBe(6);
  });
  it('reads the settings with defaults', () => {
    expect(readClassSettings({})).toEqual({
      bannerMaxMb: 2,
      ubahJadwalPertemuan: { online: true, offline: true },
    });
    expect(readClassSettings(null).bannerMaxMb).toBe(2);
    const s = readClassSettings({
      pengaturan_sistem: { ukuran_max_file: { banner_kelas: '5' } },
      pengaturan_kelas: { ubah_jadwal_pertemuan: { online: false } },
    });
    expect(s).toEqual({ bannerMaxMb: 5, ubahJadwalPertemuan: { online: false, offline: true } });
    expect(bannerMaxBytes(s)).toBe(5_000_000);
    expect(
      readClassSettings({ pengaturan_sistem: { ukuran_max_file: { banner_kelas: 'besar' } } }).bannerMaxMb,
    ).toBe(2);
  });
  it('accepts png, jpg and jpeg banner names only', () => {
    expect(hasBannerExtension('a.PNG')).toBe(true);
    expect(hasBannerExtension('a.jpeg')).toBe(true);
    expect(hasBannerExtension('a.gif')).toBe(false);
    expect(hasBannerExtension('png')).toBe(false);
  });
  it('formats a teacher name with titles', () => {
    expect(
      formatTeacherName({
        gelar_depan: 'Dr.',
        nama_pengajar: 'Budi Santoso',
        gelar_akademik: 'S.Kom., M.Kom.',
      }),
    ).toBe('Dr. Budi Santoso, S.Kom., M.Kom.');
    expect(formatTeacherName({ gelar_depan: null, nama_pengajar: 'Ani', gelar_akademik: null })).toBe('Ani');
  });
});
