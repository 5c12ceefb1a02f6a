import { describe, expect, it } from 'vitest';
import { formatActivityChange } from '@lms/contract/activity-log.rules';
import { collegeSettingsSchema } from '@lms/contract/college-settings.schema';
import { collegeSettingFields, listSettingChanges, settingPaths } from './settings.changes.ts';

describe('listSettingChanges', () => {
  it('names every setting with a label, so Ubah Konfigurasi reads in Indonesian', () => {
    const paths = settingPaths(collegeSettingsSchema.parse({}));
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((p) => !(p in collegeSettingFields))).toEqual([]);
  });

  it('lists only the changed settings, values shown by their labels', () => {
    const before = collegeSettingsSchema.parse({});
    const after = structuredClone(before);
    after.pengaturan_sistem.time_zone = 'Asia/Makassar';
    after.pengaturan_sistem.ukuran_max_file.foto_profil = 5;
    after.pengaturan_kelas.validasi_kehadiran_dosen = true;
    expect(listSettingChanges(before, after).map(formatActivityChange)).toEqual([
      'Zona Waktu: WIB → WITA',
      `Batas ukuran unggahan Foto Profil (MB): ${before.pengaturan_sistem.ukuran_max_file.foto_profil} → 5`,
      'Kehadiran dosen divalidasi operator: Tidak → Ya',
    ]);
    expect(listSettingChanges(before, structuredClone(before))).toEqual([]);
  });
});
