import { describe, expect, it } from 'vitest';
import { collegeSettingsSchema, readCollegeSettings } from './college-settings.schema.ts';

const row = { settings: {}, timeZone: 'Asia/Jakarta', urlSikadLegacy: null, colorMode: 'light' };

describe('college settings', () => {
  it('fills every default of spec 1 §3 and §9', () => {
    const settings = collegeSettingsSchema.parse({});
    expect(settings.pengaturan_sistem.time_zone).toBe('Asia/Jakarta');
    expect(settings.pengaturan_kelas.syarat_kehadiran_online_mahasiswa).toEqual({
      terlambat_vidcon_menit: 15,
      video_persen: 50,
      audio_persen: 50,
      ebook_detik: 60,
      presentase_progress_minimal_persen: 80,
    });
    expect(settings.pengaturan_kelas.akses_resume_ujian.tampilkan_soal).toBe(true);
    expect(settings.pengaturan_kelas.ubah_jadwal_pertemuan).toEqual({ online: true, offline: true });
    expect(settings.pengaturan_sistem.ukuran_max_file.foto_profil).toBe(2);
    expect(settings.aturan_qr_code.status).toBe(false);
    expect(settings.pembatasan_akses.kehadiran_ujian).toEqual({
      aktif: false,
      persen_minimal: 75,
      berlaku_untuk: ['uts', 'uas'],
    });
  });

  it('refuses bad values on write', () => {
    for (const bad of [
      { pengaturan_sistem: { time_zone: 'Europe/Paris' } },
      { pengaturan_sistem: { ukuran_max_file: { materi: 0 } } },
      { pengaturan_sistem: { url_sikad_legacy: 'javascript:alert(1)' } },
      { pengaturan_kelas: { syarat_kehadiran_online_mahasiswa: { video_persen: 101 } } },
      { pembatasan_akses: { kehadiran_ujian: { berlaku_untuk: ['kuis'] } } },
    ]) {
      expect(collegeSettingsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(
      collegeSettingsSchema.parse({ pengaturan_sistem: { url_sikad_legacy: '' } }).pengaturan_sistem
        .url_sikad_legacy,
    ).toBeNull();
  });

  it('reads stored settings leniently, with the columns winning', () => {
    const settings = readCollegeSettings({
      settings: {
        pengaturan_sistem: {
          time_zone: 'Asia/Jayapura',
          ukuran_max_file: { materi: 'banyak', soal_ujian: 5 },
        },
        pengaturan_kelas: { ubah_jadwal_pertemuan: { online: false } },
      },
      timeZone: 'Asia/Makassar',
      urlSikadLegacy: 'https://siakad.example.ac.id',
      colorMode: 'ungu',
    });
    expect(settings.pengaturan_sistem.time_zone).toBe('Asia/Makassar');
    expect(settings.pengaturan_sistem.ukuran_max_file.materi).toBe(20);
    expect(settings.pengaturan_sistem.ukuran_max_file.soal_ujian).toBe(5);
    expect(settings.pengaturan_sistem.color_mode).toBe('light');
    expect(settings.pengaturan_sistem.url_sikad_legacy).toBe('https://siakad.example.ac.id');
    expect(settings.pengaturan_kelas.ubah_jadwal_pertemuan).toEqual({ online: false, offline: true });
    expect(
      readCollegeSettings({ ...row, settings: null }).pengaturan_sistem.ukuran_max_file.banner_kelas,
    ).toBe(2);
  });

  it('parses a row once while its fields stay the same, and answers a frozen object', () => {
    const college = { ...row, settings: { aturan_qr_code: { status: true } } };
    const first = readCollegeSettings(college);
    expect(readCollegeSettings(college)).toBe(first);
    expect(Object.isFrozen(first.pengaturan_kelas.syarat_kehadiran_online_mahasiswa)).toBe(true);
    expect(() => {
      (first.aturan_qr_code as { status: boolean }).status = false;
    }).toThrow(TypeError);
    college.settings = { aturan_qr_code: { status: false } };
    expect(readCollegeSettings(college).aturan_qr_code.status).toBe(false);
    college.timeZone = 'Asia/Jayapura';
    expect(readCollegeSettings(college).pengaturan_sistem.time_zone).toBe('Asia/Jayapura');
    // An equal row read from the database again is another object: parsed on its own.
    expect(readCollegeSettings({ ...college })).not.toBe(readCollegeSettings(college));
  });
});

describe('startOfLocalDate', () => {
  it('starts a local day at its zone midnight', async () => {
    const { startOfLocalDate } = await import('./college-settings.rules.ts');
    expect(startOfLocalDate('2026-09-01', 'Asia/Jakarta').toISOString()).toBe('2026-08-31T17:00:00.000Z');
    expect(startOfLocalDate('2026-09-01', 'Asia/Jayapura').toISOString()).toBe('2026-08-31T15:00:00.000Z');
  });
});
