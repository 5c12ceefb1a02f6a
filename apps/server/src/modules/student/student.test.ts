import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeStudentsPerPeriodSchema,
  studentRecordSchema,
  studentSemesterSchema,
} from '@lms/contract/student.schema';
import type { OperatorPermissions } from '@lms/contract/permission.rules';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, signInAll, signToken } from '../../testing/requests.ts';
import { buildOperatorPermissions, createClassWorld, createUser } from '../../testing/factories.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let ownNim: string;
let otherCollegeId: string;
/** A student of the current period whom `dosen` does not teach. */
let untaughtNim: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  Object.assign(tokens, await signInAll(t.app, ['mahasiswa', 'dosen', 'operator', 'operator.lihat']));
  otherCollegeId = (await createClassWorld(t.database)).collegeId;
  const [own] = await t.database.query<{ nim: string }>(
    `select s.nim from students s join users u on u.id = s.user_id where u.username = 'mahasiswa'`,
  );
  ownNim = own!.nim;
  const [untaught] = await t.database.query<{ nim: string }>(
    `select s.nim from students s
      where s.college_id = 'demo' and not exists (
        select 1 from class_students cs join class_teachers ct on ct.kelas_id = cs.kelas_id
          join users d on d.id = ct.dosen_id
         where cs.mahasiswa_id = s.user_id and d.username = 'dosen')
      limit 1`,
  );
  untaughtNim = untaught!.nim;
});
afterAll(async () => t.close());

const get = (u: string, url: string, collegeId = 'demo') =>
  t.app.inject({ url, headers: bearerHeaders(tokens[u]!, collegeId) });

/** Adds a demo-college operator with exactly these rights, signed in as `who`. */
async function addOperator(who: string, permissions: OperatorPermissions): Promise<string> {
  const operator = await createUser(t.database, { collegeId: 'demo', role: 'operator', permissions });
  tokens[who] = await signToken(t.app, operator);
  return who;
}

describe('GET /v1/mahasiswa/{nim}', () => {
  it('answers the student their own record', async () => {
    const res = await get('mahasiswa', `/v1/mahasiswa/${ownNim}`);
    expect(res.statusCode).toBe(200);
    const record = studentRecordSchema.parse(res.json().data);
    expect(record).toMatchObject({ nim: ownNim, nama: 'Rizky Aditya Pratama', is_edit_mahasiswa: false });
    expect(record.tingkat).toBeGreaterThanOrEqual(1);
    expect(record.id_prodi).toBe(record.prodi.id);
  });

  it('hides other students from a student, and untaught students from a lecturer, as not found', async () => {
    expect((await get('mahasiswa', `/v1/mahasiswa/${untaughtNim}`)).statusCode).toBe(404);
    expect((await get('mahasiswa', '/v1/mahasiswa/0000000000')).statusCode).toBe(404);
    expect((await get('dosen', `/v1/mahasiswa/${untaughtNim}`)).statusCode).toBe(404);
  });

  it('answers a lecturer about a student they teach', async () => {
    const res = await get('dosen', `/v1/mahasiswa/${ownNim}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.nim).toBe(ownNim);
  });

  it('answers operators with read; refuses one without it', async () => {
    expect((await get('operator', `/v1/mahasiswa/${untaughtNim}`)).statusCode).toBe(200);
    expect((await get('operator.lihat', `/v1/mahasiswa/${untaughtNim}`)).statusCode).toBe(200);
    const withoutRead = await addOperator(
      'operator.tanpa-baca',
      buildOperatorPermissions('read', { kelas_kuliah: 'no_access', data_master: 'no_access' }),
    );
    expect((await get(withoutRead, `/v1/mahasiswa/${untaughtNim}`)).statusCode).toBe(403);
    expect((await get('operator', '/v1/mahasiswa/0000000000')).statusCode).toBe(404);
  });

  it('refuses anonymous callers and tokens of another college', async () => {
    const anonymous = await t.app.inject({
      url: `/v1/mahasiswa/${ownNim}`,
      headers: { 'college-id': 'demo' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await get('operator', `/v1/mahasiswa/${ownNim}`, otherCollegeId)).statusCode).toBe(401);
  });
});

describe('GET /v1/mahasiswa/{nim}/biodata_singkat_web', () => {
  it('answers name and photo to whoever may see the student', async () => {
    const res = await get('mahasiswa', `/v1/mahasiswa/${ownNim}/biodata_singkat_web`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ nama: 'Rizky Aditya Pratama', foto_content_url: null });
    expect((await get('mahasiswa', `/v1/mahasiswa/${untaughtNim}/biodata_singkat_web`)).statusCode).toBe(404);
  });
});

describe('GET /v1/mahasiswa/{nim}/tahun_semester', () => {
  it('lists the periods the student has classes in and the current one, oldest first', async () => {
    const res = await get('mahasiswa', `/v1/mahasiswa/${ownNim}/tahun_semester`);
    expect(res.statusCode).toBe(200);
    const list = res.json().data.map((s: unknown) => studentSemesterSchema.parse(s));
    expect(list.length).toBeGreaterThan(0);
    expect(list.filter((s: { is_current: boolean }) => s.is_current)).toHaveLength(1);
    const codes = list.map((s: { periode: number }) => s.periode);
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
    const [enrolled] = await t.database.query<{ n: number }>(
      `select count(distinct c.periode)::int as n from class_students cs join classes c on c.id = cs.kelas_id
        join students s on s.user_id = cs.mahasiswa_id where s.nim = '${ownNim}'`,
    );
    expect(list.length).toBeGreaterThanOrEqual(enrolled!.n);
    const first = list[0]!;
    expect(first.value).toBe(10 * (first.tahun - 1) + first.semester);
  });
});

describe('GET /v1/mahasiswa_aktif_per_periode', () => {
  it('counts enrolled students per period for operators with read on laporan', async () => {
    const res = await get('operator.lihat', '/v1/mahasiswa_aktif_per_periode');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.map((r: unknown) => activeStudentsPerPeriodSchema.parse(r));
    const [current] = await t.database.query<{ periode: number; n: number }>(
      `select p.kode as periode, count(distinct cs.mahasiswa_id)::int as n from periods p
         join classes c on c.college_id = p.college_id and c.periode = p.kode
         join class_students cs on cs.college_id = c.college_id and cs.kelas_id = c.id
        where p.college_id = 'demo' and p.is_current group by p.kode`,
    );
    expect(rows.find((r: { periode: number }) => r.periode === current!.periode)?.jumlah_mahasiswa).toBe(
      current!.n,
    );
  });

  it('refuses students, lecturers and operators without read on laporan', async () => {
    expect((await get('mahasiswa', '/v1/mahasiswa_aktif_per_periode')).statusCode).toBe(403);
    expect((await get('dosen', '/v1/mahasiswa_aktif_per_periode')).statusCode).toBe(403);
    const withoutLaporan = await addOperator(
      'operator.tanpa-laporan',
      buildOperatorPermissions('write', { laporan: 'no_access' }),
    );
    expect((await get(withoutLaporan, '/v1/mahasiswa_aktif_per_periode')).statusCode).toBe(403);
  });
});
