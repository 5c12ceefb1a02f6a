import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentBiodataMessages } from '@lms/contract/student-biodata.rules';
import { studentBiodataSchema } from '@lms/contract/student-biodata.schema';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, signIn } from '../../testing/requests.ts';

let t: TestApp;
const tokens: Record<string, string> = {};

const valid = {
  nik: '3273012345678901',
  tempat_lahir: 'Bandung',
  tanggal_lahir: '2004-04-01',
  alamat: 'Jl. Merdeka No. 1, Bandung',
  telepon: '081234567890',
  email: 'mahasiswa@example.ac.id',
  nama_ayah: 'Budi Santoso',
  tanggal_lahir_ayah: '1970-02-03',
  nama_ibu: 'Siti Aminah',
  tanggal_lahir_ibu: null,
};

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  for (const who of ['mahasiswa', 'operator', 'dosen']) tokens[who] = (await signIn(t.app, who)).access_token;
});
afterAll(async () => t.close());

function call(who: string, method: 'GET' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: bearerHeaders(tokens[who]!), payload: payload as object });
}

async function allowEditing(on: boolean) {
  const res = await call('operator', 'PUT', '/v2/lms/pengaturan', {
    pengaturan_mahasiswa: { is_edit_mahasiswa: on },
  });
  expect(res.statusCode).toBe(200);
}

describe('student biodata', () => {
  it('is read-only until the college allows students to edit it', async () => {
    const read = await call('mahasiswa', 'GET', '/v2/lms/biodata');
    expect(read.statusCode).toBe(200);
    expect(studentBiodataSchema.parse(read.json().data)).toMatchObject({
      is_edit_mahasiswa: false,
      nik: null,
    });
    const refused = await call('mahasiswa', 'PUT', '/v2/lms/biodata', valid);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().status.message).toBe(studentBiodataMessages.editNotAllowed);
  });

  it('is only for students', async () => {
    expect((await call('dosen', 'GET', '/v2/lms/biodata')).statusCode).toBe(403);
    expect((await call('operator', 'PUT', '/v2/lms/biodata', valid)).statusCode).toBe(403);
  });

  it('answers each broken field in Indonesian and saves nothing', async () => {
    await allowEditing(true);
    async function fieldErrors(body: unknown): Promise<Record<string, string>> {
      const res = await call('mahasiswa', 'PUT', '/v2/lms/biodata', body);
      expect(res.statusCode).toBe(400);
      const fields = res.json().detail.fields as { field: string; message: string }[];
      return Object.fromEntries(fields.map((f) => [f.field.replace(/^body\./, ''), f.message]));
    }
    // Formats first (the route's schema), then the ages on the server's date.
    const formats = await fieldErrors({
      ...valid,
      nik: '32730123',
      telepon: '0812//345678',
      email: 'bukan email',
    });
    expect(formats).toEqual({
      nik: studentBiodataMessages.nik,
      telepon: studentBiodataMessages.phone,
      email: studentBiodataMessages.email,
    });
    const ages = await fieldErrors({
      ...valid,
      tanggal_lahir: '2020-01-01',
      tanggal_lahir_ibu: '2001-01-01',
    });
    expect(Object.keys(ages).sort()).toEqual(['tanggal_lahir', 'tanggal_lahir_ibu']);
    expect(ages.tanggal_lahir).toMatch(/^Usia mahasiswa minimal 15 tahun/);
    expect(ages.tanggal_lahir_ibu).toMatch(/^Usia orang tua minimal 30 tahun/);
    expect((await call('mahasiswa', 'GET', '/v2/lms/biodata')).json().data.nik).toBeNull();
  });

  it('saves valid biodata, with phone and email on the account', async () => {
    const res = await call('mahasiswa', 'PUT', '/v2/lms/biodata', valid);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ...valid, is_edit_mahasiswa: true });
    const profile = await call('mahasiswa', 'GET', '/v2/lms/pengaturan/me');
    expect(profile.json().data).toMatchObject({ email: valid.email, telepon: valid.telepon });
    const changed = await call('mahasiswa', 'PUT', '/v2/lms/biodata', { ...valid, alamat: 'Jl. Baru 2' });
    expect(changed.json().data.alamat).toBe('Jl. Baru 2');
    const record = await call('mahasiswa', 'GET', '/v1/mahasiswa/' + res.json().data.nim);
    expect(record.json().data.is_edit_mahasiswa).toBe(true);
  });

  it('measures ages on the server’s date, whatever the client says', async () => {
    const today = new Date();
    const fourteen = `${today.getUTCFullYear() - 14}-01-01`;
    const res = await call('mahasiswa', 'PUT', '/v2/lms/biodata', { ...valid, tanggal_lahir: fourteen });
    expect(res.statusCode).toBe(400);
    await allowEditing(false);
  });
});
