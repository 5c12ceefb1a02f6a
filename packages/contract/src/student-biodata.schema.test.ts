import { describe, expect, it } from 'vitest';
import { buildStudentBiodataSchema } from './student-biodata.schema.ts';

const valid = {
  nik: '3273012345678901',
  tempat_lahir: 'Bandung',
  tanggal_lahir: '2005-04-01',
  alamat: 'Jl. Merdeka No. 1',
  telepon: '081234567890',
  email: 'siti@example.ac.id',
  nama_ayah: 'Budi',
  tanggal_lahir_ayah: '1970-01-01',
  nama_ibu: '',
  tanggal_lahir_ibu: null,
};

function fieldErrors(input: unknown): Record<string, string> {
  const result = buildStudentBiodataSchema('2026-11-29').safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('student biodata schema', () => {
  it('accepts valid biodata and stores empty optional text as null', () => {
    const parsed = buildStudentBiodataSchema('2026-11-29').parse(valid);
    expect(parsed.nama_ibu).toBeNull();
    expect(parsed.tanggal_lahir_ibu).toBeNull();
  });

  it('names each broken field with an Indonesian message', () => {
    const errors = fieldErrors({
      ...valid,
      nik: '12345',
      telepon: '81234567890',
      email: 'bukan-email',
      tanggal_lahir: '2012-01-01',
      tanggal_lahir_ayah: '2000-01-01',
    });
    expect(errors.nik).toMatch(/NIK .*minimal 16/);
    expect(errors.telepon).toMatch(/diawali 0/);
    expect(errors.email).toBe('Alamat email tidak valid.');
    expect(errors.tanggal_lahir).toMatch(/minimal 15 tahun.*2011-11-29/);
    expect(errors.tanggal_lahir_ayah).toMatch(/minimal 30 tahun.*1996-11-29/);
  });

  it('refuses an impossible date', () => {
    expect(fieldErrors({ ...valid, tanggal_lahir: '2005-02-30' }).tanggal_lahir).toMatch(/YYYY-MM-DD/);
  });
});
