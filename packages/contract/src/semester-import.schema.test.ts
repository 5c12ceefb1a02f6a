import { describe, expect, it } from 'vitest';
import {
  readSiakadSync,
  semesterImportMessages,
  siakadSyncInputSchema,
  siakadSyncHours,
} from './semester-import.schema.ts';

describe('Sinkron otomatis dari SIAKAD', () => {
  it('accepts on or off at a whole hour of the day', () => {
    for (const jam of [0, 2, 23])
      expect(siakadSyncInputSchema.parse({ aktif: true, jam })).toEqual({ aktif: true, jam });
    expect(siakadSyncInputSchema.parse({ aktif: false, jam: 7 })).toEqual({ aktif: false, jam: 7 });
    expect(siakadSyncHours).toHaveLength(24);
  });

  it('refuses another hour or a flag that is not a boolean, in Indonesian', () => {
    for (const jam of [-1, 24, 1.5, '2', null]) {
      const result = siakadSyncInputSchema.safeParse({ aktif: true, jam });
      expect(result.success, String(jam)).toBe(false);
      expect(result.error!.issues[0]!.message).toBe(semesterImportMessages.syncHourInvalid);
    }
    const flag = siakadSyncInputSchema.safeParse({ aktif: 'ya', jam: 2 });
    expect(flag.error!.issues[0]!.message).toBe(semesterImportMessages.syncFlagInvalid);
    expect(siakadSyncInputSchema.safeParse({ jam: 2 }).success).toBe(false);
  });

  it('reads a missing or malformed stored setting as off', () => {
    expect(readSiakadSync({})).toEqual({ aktif: false, jam: 2, diatur_oleh: null });
    expect(readSiakadSync(null)).toEqual({ aktif: false, jam: 2, diatur_oleh: null });
    expect(readSiakadSync({ sinkron_siakad: { aktif: 'ya', jam: 99, diatur_oleh: 'x' } })).toEqual({
      aktif: false,
      jam: 2,
      diatur_oleh: null,
    });
    const by = '0b8a5c1e-2f1d-4c8e-9a57-3e6f1b2c4d5e';
    expect(readSiakadSync({ sinkron_siakad: { aktif: true, jam: 5, diatur_oleh: by } })).toEqual({
      aktif: true,
      jam: 5,
      diatur_oleh: by,
    });
  });
});
