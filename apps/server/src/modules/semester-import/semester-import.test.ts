import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { semesterImportListed, semesterImportMessages } from '@lms/contract/semester-import.schema';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, multipartBody, signInAll } from '../../testing/requests.ts';
import { createTask } from '../../testing/factories.ts';
import { parseSemesterWorkbook, readTime } from './semester-import.parser.ts';
import { applySemesterImport, readSemesterImport } from './semester-import.service.ts';
import { semesterSheets } from './semester-sheets.ts';
import { buildSemesterTemplate } from './semester-template.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const base = '/v2/lms/muat_semester';
const classId = '20291_A_UJMK1';

type Sheets = Record<string, (string | number | Date)[][]>;

/** A workbook as an operator fills the template: the sheets named, headers on row 1. */
async function workbook(sheets: Sheets): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  for (const def of semesterSheets) {
    const rows = sheets[def.name];
    if (!rows) continue;
    const ws = book.addWorksheet(def.name);
    ws.addRow(def.columns.map((c) => c.header));
    for (const row of rows) ws.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

function semester(overrides: Partial<Sheets> = {}): Sheets {
  return {
    Periode: [[20291, '2029/2030 Ganjil', '2029-08-01', '2030-01-31']],
    'Program Studi': [['UJPRODI', 'UJP', 'Prodi Uji Muat', 'S1']],
    'Mata Kuliah': [['UJMK1', 'UJ101', 'Pemrograman Muat', 3, 1, 'UJPRODI']],
    Dosen: [['UJD001', 'Dosen Muat Satu', 'dosen.muat@kampus.ac.id', 'UJPRODI']],
    Mahasiswa: [
      ['UJM001', 'Mahasiswa Muat Satu', '', 'UJPRODI', 2029],
      ['UJM002', 'Mahasiswa Muat Dua', '', 'UJPRODI', 2029],
    ],
    Kelas: [[classId, 20291, 'UJMK1', 'A', 40, 'offline', 'Senin', '08:00', '09:40', 'R-Muat-1']],
    Pengajar: [[classId, 'UJD001', 'koordinator', 'Ya']],
    Peserta: [
      [classId, 'UJM001'],
      [classId, 'UJM002'],
    ],
    ...overrides,
  } as Sheets;
}

async function upload(file: Buffer, who = 'operator') {
  const body = multipartBody(
    {},
    { field: 'file', name: 'semester.xlsx', type: 'application/octet-stream', content: file },
  );
  return t.app.inject({
    method: 'POST',
    url: base,
    headers: { ...bearerHeaders(tokens[who]!), ...body.headers },
    payload: body.payload,
  });
}

/** Uploads and runs the read job as a worker would; answers the preview. */
async function preview(sheets: Sheets) {
  const res = await upload(await workbook(sheets));
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json().data.id as string;
  await readSemesterImport(t.database.db, 'demo', id);
  const latest = await t.app.inject({
    method: 'GET',
    url: `${base}/terakhir`,
    headers: bearerHeaders(tokens.operator!),
  });
  expect(latest.json().data.id).toBe(id);
  return latest.json().data;
}

async function apply(id: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${base}/${id}/terapkan`,
    headers: bearerHeaders(tokens.operator!),
  });
  expect(res.statusCode, res.body).toBe(200);
  await applySemesterImport(t.database.db, 'demo', id);
  const latest = await t.app.inject({
    method: 'GET',
    url: `${base}/terakhir`,
    headers: bearerHeaders(tokens.operator!),
  });
  return latest.json().data;
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.database.query<{ n: string }>(sql, params))[0]!.n);

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  Object.assign(tokens, await signInAll(t.app, ['operator', 'operator.lihat']));
});
afterAll(async () => t.close());

describe('the semester workbook', () => {
  it('reads times and lists each problem by sheet, row and column', async () => {
    expect(readTime('7.30')).toBe('07:30:00');
    expect(readTime('25:00')).toBeNull();
    const parsed = await parseSemesterWorkbook(
      await workbook(
        semester({
          Mahasiswa: [['UJM001', '', '', 'UJPRODI', 2029]],
          Kelas: [['20291_B_UJMK1', 20291, 'UJMK1', 'A', 40, 'offline', 'Senen', '08:00', '07:00', '']],
          Peserta: [
            [classId, 'UJM001'],
            [classId, 'UJM001'],
          ],
        }),
      ),
      semesterImportListed,
    );
    if (!parsed.ok) throw new Error(parsed.pesan);
    expect(parsed.problems).toEqual(
      expect.arrayContaining([
        { lembar: 'Mahasiswa', baris: 2, kolom: 'Nama', pesan: 'Wajib diisi.' },
        { lembar: 'Kelas', baris: 2, kolom: 'ID Kelas', pesan: 'ID kelas harus 20291_A_UJMK1.' },
        {
          lembar: 'Kelas',
          baris: 2,
          kolom: 'Hari',
          pesan: 'Hari harus Senin, Selasa, Rabu, Kamis, Jumat, Sabtu atau Minggu.',
        },
        { lembar: 'Kelas', baris: 2, kolom: 'Jam Selesai', pesan: 'Jam selesai harus setelah jam mulai.' },
        { lembar: 'Peserta', baris: 3, kolom: 'ID Kelas', pesan: 'Duplikat dari baris 2.' },
      ]),
    );
    expect(parsed.problemCount).toBe(parsed.problems.length);
  });

  it('reads dates, times and numbers that Excel stores as numbers, and names in XML escapes', async () => {
    const parsed = await parseSemesterWorkbook(
      await workbook(
        semester({
          Periode: [
            [20291, 'Ganjil & <Uji>', new Date(Date.UTC(2029, 7, 1)), new Date(Date.UTC(2030, 0, 31))],
          ],
          Kelas: [[classId, 20291, 'UJMK1', 'A', 40, 'online', 'Jumat', 0.3125, 0.375, 'R "Satu"']],
        }),
      ),
      semesterImportListed,
    );
    if (!parsed.ok) throw new Error(parsed.pesan);
    expect(parsed.problems).toEqual([]);
    expect(parsed.rows.periode[0]).toMatchObject({
      label: 'Ganjil & <Uji>',
      tanggalMulai: '2029-08-01',
      tanggalSelesai: '2030-01-31',
    });
    expect(parsed.rows.kelas[0]!.jadwal).toEqual({
      hari: 5,
      jamMulai: '07:30:00',
      jamSelesai: '09:00:00',
      ruangan: 'R "Satu"',
    });
  });

  it('refuses an empty template and a file that is not a workbook', async () => {
    expect(await parseSemesterWorkbook(await buildSemesterTemplate(), 10)).toEqual({
      ok: false,
      pesan: semesterImportMessages.empty,
    });
    expect(await parseSemesterWorkbook(Buffer.from('NIM\n1\n'), 10)).toEqual({
      ok: false,
      pesan: semesterImportMessages.unreadable,
    });
  });
});

describe('loading a semester', () => {
  let firstId = '';

  it('is refused to an operator who may only read, who still sees the template', async () => {
    expect((await upload(await workbook(semester()), 'operator.lihat')).statusCode).toBe(403);
    const template = await t.app.inject({
      method: 'GET',
      url: `${base}/template`,
      headers: bearerHeaders(tokens['operator.lihat']!),
    });
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');
  });

  it('previews without changing anything, then applies and records who applied it', async () => {
    const before = await count(`select count(*) n from classes where college_id = 'demo'`);
    const p = await preview(semester());
    firstId = p.id;
    expect(p.pesan).toBeNull();
    expect(p.status).toBe('pratinjau');
    expect(p.ringkasan.kelas).toEqual({ baru: 1, berubah: 0, sama: 0, dihapus: 0 });
    expect(p.ringkasan.peserta).toEqual({ baru: 2, berubah: 0, sama: 0, dihapus: 0 });
    expect(p.masalah).toEqual([]);
    expect(await count(`select count(*) n from classes where college_id = 'demo'`)).toBe(before);

    const done = await apply(p.id);
    expect(done.status).toBe('diterapkan');
    expect(done.progres.selesai).toBe(done.progres.total);
    expect(
      await count(`select count(*) n from class_students where college_id = 'demo' and kelas_id = $1`, [
        classId,
      ]),
    ).toBe(2);
    const [slot] = await t.database.query<{ hari: number; jam_mulai: string; nama: string }>(
      `select s.hari, s.jam_mulai, r.nama from class_schedules s join rooms r on r.id = s.ruangan_id
        where s.college_id = 'demo' and s.kelas_id = $1`,
      [classId],
    );
    expect(slot).toEqual({ hari: 1, jam_mulai: '08:00:00', nama: 'R-Muat-1' });
    // Its 16 meetings, weekly at the slot from the period's first Monday, taught by its teacher.
    const made = await t.database.query<{
      nomor: number;
      kategori: string;
      waktu_mulai: Date;
      taught: string;
    }>(
      `select m.nomor, m.kategori, m.waktu_mulai,
              (select count(*) from meeting_teachers mt where mt.college_id = m.college_id and mt.pertemuan_id = m.id) taught
         from meetings m where m.college_id = 'demo' and m.kelas_id = $1 order by m.nomor`,
      [classId],
    );
    expect(made).toHaveLength(16);
    expect(new Date(made[0]!.waktu_mulai)).toEqual(new Date('2029-08-06T01:00:00Z'));
    expect(made.map((m) => m.kategori).filter((k) => k !== 'kuliah')).toEqual(['uts', 'uas']);
    expect(made.every((m) => Number(m.taught) === 1)).toBe(true);
    expect(
      await count(
        `select count(*) n from class_teachers ct join lecturers l on l.user_id = ct.dosen_id
          where ct.college_id = 'demo' and ct.kelas_id = $1 and l.nidn = 'UJD001' and ct.is_utama`,
        [classId],
      ),
    ).toBe(1);
    const logged = await t.database.query<{ detail: string }>(
      `select detail from activity_logs where college_id = 'demo' and jenis = 'muat_semester'`,
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]!.detail).toContain('Kelas: 1 baru, 0 berubah, 0 dihapus');
  });

  it('changes nothing when the same file is loaded again', async () => {
    const checksum = () =>
      t.database.query(
        `select (select json_agg(c order by c.id) from classes c where c.college_id = 'demo' and c.id = $1) k,
                (select count(*) from class_students where college_id = 'demo') s,
                (select count(*) from users where college_id = 'demo') u,
                (select count(*) from rooms where college_id = 'demo') r,
                (select count(*) from meetings where college_id = 'demo' and kelas_id = $1) m`,
        [classId],
      );
    const before = await checksum();
    const p = await preview(semester());
    for (const counts of Object.values(p.ringkasan) as { baru: number; berubah: number; dihapus: number }[])
      expect(counts.baru + counts.berubah + counts.dihapus).toBe(0);
    expect(p.ringkasan.peserta.sama).toBe(2);
    expect((await apply(p.id)).status).toBe('diterapkan');
    expect(await checksum()).toEqual(before);
    // A preview already applied is not applied twice.
    const again = await t.app.inject({
      method: 'POST',
      url: `${base}/${firstId}/terapkan`,
      headers: bearerHeaders(tokens.operator!),
    });
    expect(again.statusCode).toBe(409);
  });

  it('shows a dropped student before removing them, and keeps their work and score', async () => {
    const [student] = await t.database.query<{ user_id: string }>(
      `select user_id from students where college_id = 'demo' and nim = 'UJM002'`,
    );
    const [meeting] = await t.database.query<{ id: string }>(
      `select id from meetings where college_id = 'demo' and kelas_id = $1 and nomor = 1`,
      [classId],
    );
    const task = await createTask(t.database, { collegeId: 'demo', meetingId: meeting!.id });
    await t.database.query(
      `insert into task_submissions (college_id, tugas_id, mahasiswa_id, submitted_at, nilai) values ('demo', $1, $2, now(), 88)`,
      [task.taskId, student!.user_id],
    );
    const p = await preview(semester({ Peserta: [[classId, 'UJM001']] }));
    expect(p.ringkasan.peserta).toEqual({ baru: 0, berubah: 0, sama: 1, dihapus: 1 });
    expect(p.penghapusan).toEqual([
      { entitas: 'peserta', kelas: classId, kunci: 'UJM002', nama: 'Mahasiswa Muat Dua' },
    ]);
    expect((await apply(p.id)).status).toBe('diterapkan');
    expect(
      await count(`select count(*) n from class_students where college_id = 'demo' and kelas_id = $1`, [
        classId,
      ]),
    ).toBe(1);
    expect(
      await count(
        `select count(*) n from task_submissions where college_id = 'demo' and mahasiswa_id = $1 and nilai = 88`,
        [student!.user_id],
      ),
    ).toBe(1);
  });

  it('refuses a preview whose data changed since it was made', async () => {
    const p = await preview(
      semester({ 'Mata Kuliah': [['UJMK1', 'UJ101', 'Pemrograman Muat Lanjut', 3, 1, 'UJPRODI']] }),
    );
    expect(p.ringkasan.mata_kuliah.berubah).toBe(1);
    await t.database.query(
      `update courses set nama = 'Diubah Orang Lain' where college_id = 'demo' and id = 'UJMK1'`,
    );
    const done = await apply(p.id);
    expect(done.status).toBe('gagal');
    expect(done.pesan).toBe(semesterImportMessages.stale);
    expect(
      (
        await t.database.query<{ nama: string }>(
          `select nama from courses where college_id = 'demo' and id = 'UJMK1'`,
        )
      )[0]!.nama,
    ).toBe('Diubah Orang Lain');
  });

  it('refuses a file whose rows name what does not exist, listing where', async () => {
    const p = await preview(semester({ Peserta: [[classId, 'TIDAKADA']] }));
    expect(p.status).toBe('ditolak');
    expect(p.masalah).toEqual([
      { lembar: 'Peserta', baris: 2, kolom: 'NIM', pesan: 'Mahasiswa dengan NIM TIDAKADA tidak dikenal.' },
    ]);
    const apply = await t.app.inject({
      method: 'POST',
      url: `${base}/${p.id}/terapkan`,
      headers: bearerHeaders(tokens.operator!),
    });
    expect(apply.statusCode).toBe(409);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `${base}/${p.id}/batal`,
      headers: bearerHeaders(tokens.operator!),
    });
    expect(cancel.json().data.status).toBe('dibatalkan');
  });

  it('refuses a programme id another college of the server holds, naming the row', async () => {
    // Programme ids are global: applying would fail on the other college's row.
    await t.database.query(
      `insert into study_programs (id, college_id, kode, nama, jenjang) values ('UJLAIN', 'samudra', 'UJL', 'Prodi Kampus Lain', 'S1')`,
    );
    const p = await preview(
      semester({
        'Program Studi': [
          ['UJPRODI', 'UJP', 'Prodi Uji Muat', 'S1'],
          ['UJLAIN', 'UJL', 'Prodi Kampus Lain', 'S1'],
        ],
      }),
    );
    expect(p.status).toBe('ditolak');
    expect(p.masalah).toEqual([
      {
        lembar: 'Program Studi',
        baris: 3,
        kolom: 'ID Prodi',
        pesan: 'ID program studi UJLAIN sudah dipakai kampus lain di server ini.',
      },
    ]);
    expect(
      await count(`select count(*) n from study_programs where id = 'UJLAIN' and college_id = 'samudra'`),
    ).toBe(1);
  });

  it('makes the loaded period that holds today the current one', async () => {
    // As in a college that started empty: no current period until a load brings the one holding today.
    await t.database.query(`update periods set is_current = false where college_id = 'demo'`);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const p = await preview(
      semester({
        Periode: [
          [20291, '2029/2030 Ganjil', '2029-08-01', '2030-01-31'],
          [20393, 'Periode Berjalan Uji', day(-1), day(100)],
        ],
      }),
    );
    expect((await apply(p.id)).status).toBe('diterapkan');
    expect(
      await t.database.query(`select kode from periods where college_id = 'demo' and is_current`),
    ).toEqual([{ kode: 20393 }]);
  });
});
