import { describe, expect, it } from 'vitest';
import { canActForStudent, canReadArea, canWriteArea } from './permission.rules.ts';
import { operatorPermissionsSchema } from './permission.schema.ts';

describe('operator permissions', () => {
  it('reads with read or write, writes with write only', () => {
    expect(canReadArea({ laporan: 'read' }, 'laporan')).toBe(true);
    expect(canReadArea({ laporan: 'write' }, 'laporan')).toBe(true);
    expect(canReadArea({ laporan: 'no_access' }, 'laporan')).toBe(false);
    expect(canReadArea(undefined, 'laporan')).toBe(false);
    expect(canWriteArea({ laporan: 'read' }, 'laporan')).toBe(false);
    expect(canWriteArea({ laporan: 'write' }, 'laporan')).toBe(true);
  });
  it('never allows write on bantuan', () => {
    expect(operatorPermissionsSchema.safeParse({ bantuan: 'write' }).success).toBe(false);
    expect(operatorPermissionsSchema.safeParse({ bantuan: 'read' }).success).toBe(true);
  });
  it('lets only operators with write on kelas_kuliah act for a student', () => {
    expect(canActForStudent('operator', { kelas_kuliah: 'write' })).toBe(true);
    expect(canActForStudent('operator', { kelas_kuliah: 'read' })).toBe(false);
    expect(canActForStudent('dosen', { kelas_kuliah: 'write' })).toBe(false);
  });
});
