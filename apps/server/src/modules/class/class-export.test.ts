import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, signInAll } from '../../testing/requests.ts';
import { createClassWorld, type ClassWorld } from '../../testing/factories.ts';
import { sharedClassId } from '../../testing/demo-world.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let other: ClassWorld;

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  Object.assign(tokens, await signInAll(t.app, ['mahasiswa', 'dosen', 'operator', 'operator.lihat']));
  other = await createClassWorld(t.database);
});
afterAll(async () => {
  await t.close();
});

const url = (classId: string, search = '') =>
  `/v2/lms/kelas_kuliah/${classId}/peserta/export_excel${search ? `?search=${encodeURIComponent(search)}` : ''}`;
const get = (u: string | null, path: string) =>
  t.app.inject({ url: path, headers: u ? bearerHeaders(tokens[u]!) : {} });

async function sheetRows(body: Buffer, name: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.getWorksheet(name)!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v)));
  });
  return rows;
}

/** A class of the current period that `dosen` does not teach. */
async function classNotTaught(): Promise<string> {
  const [row] = await t.database.query<{ id: string }>(
    `select c.id from classes c where c.college_id = 'demo' and c.periode = 20261
       and not exists (select 1 from class_teachers ct join users u on u.id = ct.dosen_id
                       where ct.college_id = c.college_id and ct.kelas_id = c.id and u.username = 'dosen')
     order by c.id limit 1`,
  );
  return row!.id;
}

describe('GET /v2/lms/kelas_kuliah/{id}/peserta/export_excel', () => {
  it('gives the class lecturer every student and teacher of the class, as on the page', async () => {
    const res = await get('dosen', url(sharedClassId));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="anggota-kelas-IF2102-01-\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8/,
    );
    const detail = (await get('dosen', `/v2/lms/kelas_kuliah/${sharedClassId}`)).json().data;
    const students = await sheetRows(res.rawPayload, 'Mahasiswa');
    expect(students[0]).toEqual(['No', 'NIM', 'Nama', 'Prodi', 'Angkatan', 'Jabatan']);
    expect(students.length - 1).toBe(detail.peserta.length);
    expect(
      students
        .map((r) => r[1])
        .slice(1)
        .sort(),
    ).toEqual(detail.peserta.map((p: { nim: string }) => p.nim).sort());
    const head = students.find((r) => r[1] === detail.ketua_kelas_nim);
    expect(head?.[5]).toBe('Ketua Kelas');
    const teachers = await sheetRows(res.rawPayload, 'Pengajar');
    expect(teachers.length - 1).toBe(detail.pengajar.length);
  });

  it('exports only the students the search finds (nim or name), for operators who may read classes', async () => {
    const byName = await get('operator.lihat', url(sharedClassId, 'rizky aditya'));
    expect(byName.statusCode).toBe(200);
    expect((await sheetRows(byName.rawPayload, 'Mahasiswa')).slice(1).map((r) => r[1])).toEqual([
      '2024010001',
    ]);
    const byNim = await get('operator', url(sharedClassId, '2024010001'));
    expect((await sheetRows(byNim.rawPayload, 'Mahasiswa')).slice(1).map((r) => r[2])).toEqual([
      'Rizky Aditya Pratama',
    ]);
    expect((await get('operator', url(sharedClassId, 'x'.repeat(101)))).statusCode).toBe(400);
  });

  it('refuses students, lecturers of other classes, anonymous callers and other colleges', async () => {
    expect((await get('mahasiswa', url(sharedClassId))).statusCode).toBe(403);
    expect((await get('dosen', url(await classNotTaught()))).statusCode).toBe(403);
    expect((await get(null, url(sharedClassId))).statusCode).toBe(401);
    const foreign = await get('operator', url(other.classId));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().status.code).toBe('class_not_found');
  });
});
