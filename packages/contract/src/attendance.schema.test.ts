import { describe, expect, it } from 'vitest';
import {
  attendanceExportQuerySchema,
  attendanceListQuerySchema,
  recalculationInputSchema,
} from './attendance.schema.ts';

describe('the attendance list filters', () => {
  it('takes programme, class, lecturer and local dates, bounded', () => {
    const parsed = attendanceListQuerySchema.parse({
      periode: '20261',
      id_prodi: 'prodi-1',
      id_kelas_kuliah: '20261_01_IF2102',
      id_dosen: '6f1c3c1e-8d2a-4d4b-9a53-0f3f1c2b7a10',
      tanggal_mulai: '2026-09-01',
      tanggal_selesai: '2026-09-30',
    });
    expect(parsed).toMatchObject({ page: 1, per_page: 10, periode: 20261, tanggal_selesai: '2026-09-30' });
    for (const bad of [
      { tanggal_mulai: '2026-09-30', tanggal_selesai: '2026-09-01' },
      { tanggal_mulai: '01/09/2026' },
      { id_dosen: 'dosen' },
      { id_prodi: 'x'.repeat(101) },
      { periode: '1' },
      { search: 'x'.repeat(101) },
    ]) {
      expect(attendanceListQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    const order = attendanceExportQuerySchema.safeParse({
      tanggal_mulai: '2026-09-02',
      tanggal_selesai: '2026-09-01',
    });
    expect(order.success).toBe(false);
    expect(order.error?.issues[0]?.message).toBe('Tanggal selesai tidak boleh sebelum tanggal mulai.');
  });

  it("a recalculation takes the list's scope filters only", () => {
    expect(
      recalculationInputSchema.parse({ periode: 20261, id_prodi: 'prodi-1', status: 'selesai' }),
    ).toEqual({
      periode: 20261,
      id_prodi: 'prodi-1',
    });
  });
});
