import ExcelJS from 'exceljs';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionBody } from '@lms/contract/exam.rules';
import type { BankDetail } from '@lms/contract/question-bank.schema';
import { questionImportMessages, type ImportFailedDetail } from '@lms/contract/question-import.rules';
import type { ImportDone, ImportPreview } from '@lms/contract/question-import.schema';
import {
  buildOperatorPermissions,
  createClass,
  createClassWorld,
  createUser,
  type ClassWorld,
  type UserRef,
} from '../../testing/factories.ts';
import {
  entityExpansionXml,
  externalEntityXml,
  manyEntriesZip,
  manyRowsWorkbook,
  zipBomb,
} from '../../testing/hostile-files.ts';
import {
  authedRequest,
  multipartBody,
  signToken,
  tinyPng,
  type ApiEnvelope,
} from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { richTextProblems } from '../../testing/xss-corpus.ts';

let t: TestApp;
let dataDir: string;
let world: ClassWorld;
let otherWorld: ClassWorld;
const tokens: Record<string, string> = {};

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

async function token(user: UserRef) {
  return signToken(t.app, user);
}

beforeAll(async () => {
  // A file store of this file's own: the image tests count stored files, which other test files would
  // change under them in the shared one.
  dataDir = mkdtempSync(path.join(tmpdir(), 'lms-question-import-'));
  t = await createTestApp({ rateLimitLoginPerMinute: 1000, dataDir });
  world = await createClassWorld(t.database);
  otherWorld = await createClassWorld(t.database);
  // Another lecturer teaching the same course (sees shown banks, edits none), and one who does not.
  const colleague = await createUser(t.database, {
    collegeId: world.collegeId,
    role: 'dosen',
    prodiId: world.prodiId,
  });
  await createClass(t.database, {
    collegeId: world.collegeId,
    courseId: world.courseId,
    teachers: [colleague.userId],
  });
  const stranger = await createUser(t.database, {
    collegeId: world.collegeId,
    role: 'dosen',
    prodiId: world.prodiId,
  });
  const op = (level: 'write' | 'read' | 'no_access', collegeId = world.collegeId) =>
    createUser(t.database, {
      collegeId,
      role: 'operator',
      permissions: buildOperatorPermissions('read', { bank_soal: level }),
    });
  const users: Record<string, UserRef> = {
    owner: world.teacher,
    colleague,
    stranger,
    student: world.student,
    writer: await op('write'),
    reader: await op('read'),
    outsider: await op('no_access'),
    foreign: await op('write', otherWorld.collegeId),
  };
  for (const [name, user] of Object.entries(users)) tokens[name] = await token(user);
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function createBank(judul: string, ditampilkan = true): Promise<string> {
  const res = await authedRequest<ApiEnvelope<BankDetail>>(t.app, tokens.owner!, {
    method: 'POST',
    url: '/v2/lms/bank_soal',
    payload: { judul, deskripsi: 'Bank untuk uji impor', id_mata_kuliah: world.courseId, ditampilkan },
  });
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

async function bankDetail(id: string): Promise<BankDetail> {
  const res = await authedRequest<ApiEnvelope<BankDetail>>(t.app, tokens.owner!, {
    url: `/v2/lms/bank_soal/${id}`,
  });
  expect(res.statusCode).toBe(200);
  return res.body.data;
}

function upload(
  who: string,
  url: string,
  fields: Record<string, string>,
  file?: { name: string; content: Buffer },
) {
  const form = multipartBody(
    fields,
    file
      ? { field: 'file', name: file.name, type: 'application/octet-stream', content: file.content }
      : undefined,
  );
  return authedRequest<
    ImportDone & ImportPreview & { status: { code: string; message: string }; detail?: ImportFailedDetail }
  >(t.app, tokens[who]!, { method: 'POST', url, payload: form.payload, headers: form.headers });
}

const importExcel = (who: string, bankId: string, jenis: string, content: Buffer, name = 'soal.xlsx') =>
  upload(who, `/v2/lms/bank_soal/${bankId}/soal/import_excel`, { jenis_soal: jenis }, { name, content });
const importText = (who: string, bankId: string, format: string, name: string, content: Buffer) =>
  upload(who, `/v2/lms/bank_soal/${bankId}/soal/import`, { format }, { name, content });
const previewText = (who: string, bankId: string, format: string, name: string, content: Buffer) =>
  upload(who, `/v2/lms/bank_soal/${bankId}/soal/import/preview`, { format }, { name, content });

async function template(kind: string): Promise<ExcelJS.Workbook> {
  const res = await t.app.inject({
    url: `/v2/lms/bank_soal/template_impor/${kind}`,
    headers: { authorization: `Bearer ${tokens.owner}`, 'college-id': world.collegeId },
  });
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book;
}

async function filled(kind: string, rows: string[][]): Promise<Buffer> {
  const book = await template(kind);
  const sheet = book.worksheets[0]!;
  rows.forEach((values, i) => values.forEach((v, c) => v && (sheet.getRow(i + 2).getCell(c + 1).value = v)));
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('templates', () => {
  it('serves one .xlsx template per kind to lecturers and operators, not to students', async () => {
    const res = await t.app.inject({
      url: '/v2/lms/bank_soal/template_impor/benar_salah',
      headers: { authorization: `Bearer ${tokens.reader}`, 'college-id': world.collegeId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('template-impor-soal-benar-salah.xlsx');
    expect((await template('esai')).worksheets[0]!.name).toBe('Soal Esai');
    const student = await authedRequest(t.app, tokens.student!, {
      url: '/v2/lms/bank_soal/template_impor/pilihan',
    });
    expect(student.statusCode).toBe(403);
    const outsider = await authedRequest(t.app, tokens.outsider!, {
      url: '/v2/lms/bank_soal/template_impor/pilihan',
    });
    expect(outsider.statusCode).toBe(403);
    const unknown = await authedRequest(t.app, tokens.owner!, {
      url: '/v2/lms/bank_soal/template_impor/isian',
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('Excel import', () => {
  it('adds every row of a filled template, with the server message for Impor Berhasil', async () => {
    const bankId = await createBank('Impor Excel');
    const file = await filled('pilihan', [
      ['1', 'Ibu kota Indonesia adalah ...', 'Bandung', 'Jakarta', 'Surabaya', '', '', 'B'],
      ['2', 'Planet terbesar adalah ...', 'Bumi', 'Mars', 'Jupiter', 'Venus', '', 'C'],
    ]);
    const res = await importExcel('owner', bankId, 'pilihan', file);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toEqual({ code: 'ok', message: 'Berhasil mengimpor 2 soal.' });
    expect(res.body.data).toEqual({ jumlah_diimpor: 2, dilewati: [] });
    const essay = await importExcel(
      'owner',
      bankId,
      'esai',
      await filled('esai', [['1', 'Jelaskan.', 'Kunci', 'PDF']]),
    );
    expect(essay.statusCode).toBe(200);
    const bank = await bankDetail(bankId);
    expect(bank.jumlah_soal).toBe(3);
    expect(
      bank.list_soal.map((q) => [q.jenis, q.pertanyaan, 'kunci' in q.isi ? q.isi.kunci : undefined]),
    ).toEqual([
      ['pilihan', '<p>Ibu kota Indonesia adalah ...</p>', 1],
      ['pilihan', '<p>Planet terbesar adalah ...</p>', 2],
      ['esay', '<p>Jelaskan.</p>', '<p>Kunci</p>'],
    ]);
  });

  it('serves and reads the templates of short answer, multiple answers and numerical', async () => {
    const bankId = await createBank('Impor Excel jenis baru');
    const download = await t.app.inject({
      url: '/v2/lms/bank_soal/template_impor/pilihan_kompleks',
      headers: { authorization: `Bearer ${tokens.owner}`, 'college-id': world.collegeId },
    });
    expect(download.headers['content-disposition']).toContain('template-impor-soal-pilihan-kompleks.xlsx');
    expect((await template('isian_singkat')).worksheets[0]!.name).toBe('Soal Isian Singkat');
    const rows: Array<[string, string[][]]> = [
      ['isian_singkat', [['1', 'Ibu kota Jawa Barat?', 'Bandung', 'Kota Bandung (50%)', '', '', '', '']]],
      ['pilihan_kompleks', [['1', 'Bilangan prima?', '2', '3', '4', '', '', 'A, B']]],
      ['numerik', [['1', 'Percepatan gravitasi?', '9,8', '0,1', 'm/s2']]],
    ];
    for (const [kind, values] of rows) {
      const res = await importExcel('owner', bankId, kind, await filled(kind, values));
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    }
    expect((await bankDetail(bankId)).list_soal.map((q) => q.isi)).toEqual([
      {
        jenis: 'isian_singkat',
        jawaban: [
          { teks: 'Bandung', nilai: 100 },
          { teks: 'Kota Bandung', nilai: 50 },
        ],
        peka_huruf_besar: false,
      },
      {
        jenis: 'pilihan_kompleks',
        pilihan: ['2', '3', '4'].map((teks) => ({ teks, gambar: null })),
        bobot: [50, 50, -100],
      },
      {
        jenis: 'numerik',
        jawaban: [{ angka: 9.8, toleransi: 0.1, nilai: 100 }],
        satuan: [{ satuan: 'm/s2', pengali: 1 }],
      },
    ]);
  });

  it('imports nothing from a file with bad rows and lists each row and column', async () => {
    const bankId = await createBank('Impor Excel gagal');
    const file = await filled('pilihan', [
      ['1', 'Soal baik', 'a', 'b', 'c', '', '', 'A'],
      ['2', '', 'a', 'b', 'c', '', '', 'A'],
      ['3', 'Kunci salah', 'a', 'b', 'c', '', '', 'Z'],
    ]);
    const res = await importExcel('owner', bankId, 'pilihan', file);
    expect(res.statusCode).toBe(400);
    expect(res.body.status).toEqual({
      code: 'impor_soal_gagal',
      message: questionImportMessages.failedSummary(2),
    });
    expect(res.body.detail!.masalah).toEqual([
      { baris: 3, kolom: 'B (Pertanyaan)', pesan: 'Pertanyaan wajib diisi' },
      {
        baris: 4,
        kolom: 'H (Kunci Jawaban)',
        pesan: 'Kunci jawaban "Z" tidak valid: isi satu huruf pilihan yang terisi (A–C)',
      },
    ]);
    expect((await bankDetail(bankId)).jumlah_soal).toBe(0);
  });

  it('answers .xls, a missing file, a missing kind and a file over 5 MB with clear messages', async () => {
    const bankId = await createBank('Impor Excel pesan');
    const xls = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]);
    const old = await importExcel('owner', bankId, 'pilihan', xls, 'soal.xls');
    expect(old.statusCode).toBe(400);
    expect(old.body.status.message).toBe(questionImportMessages.xlsUnsupported);
    const none = await upload('owner', `/v2/lms/bank_soal/${bankId}/soal/import_excel`, {
      jenis_soal: 'pilihan',
    });
    expect(none.statusCode).toBe(400);
    expect(none.body.status.message).toBe('File belum dipilih');
    const noKind = await importExcel('owner', bankId, '', await filled('pilihan', []));
    expect(noKind.statusCode).toBe(400);
    expect(noKind.body.status.message).toBe('Jenis soal belum dipilih');
    const big = await importText('owner', bankId, 'aiken', 'soal.txt', Buffer.alloc(5_000_001, 0x41));
    expect(big.statusCode).toBe(413);
    expect(big.body.status.message).toBe(questionImportMessages.tooLarge);
  });
});

describe('hostile files', () => {
  // Every one answers the import's 400 with a clear message, read in a worker thread, and adds nothing.
  it('refuses workbooks of too many rows before loading them, however their dimension reads', async () => {
    const bankId = await createBank('Impor baris berlebih');
    for (const content of [
      await manyRowsWorkbook(200_000),
      await manyRowsWorkbook(5000, { dimension: 'A1:C2' }),
    ]) {
      const res = await importExcel('owner', bankId, 'esai', content);
      expect(res.statusCode).toBe(400);
      expect(res.body.status).toEqual({
        code: 'impor_soal_gagal',
        message: questionImportMessages.tooManyRows(1000),
      });
    }
    expect((await bankDetail(bankId)).jumlah_soal).toBe(0);
  });

  it('refuses zip bombs on the bytes they unpack to, and zips of too many entries', async () => {
    const bankId = await createBank('Impor bom zip');
    const base = await filled('pilihan', [
      ['1', 'Ibu kota Indonesia?', 'Jakarta', 'Bandung', '', '', '', 'A'],
    ]);
    const bomb = await zipBomb(base, 60_000_000);
    expect(bomb.length).toBeLessThan(500_000);
    const honest = await importExcel('owner', bankId, 'pilihan', bomb);
    expect(honest.statusCode).toBe(400);
    expect(honest.body.status.message).toBe(questionImportMessages.unpackedTooLarge(50));
    for (const content of [
      await zipBomb(base, 60_000_000, { lieAboutSizes: true }),
      await manyEntriesZip(base, 2000),
      Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(2000, 7)]),
    ]) {
      const res = await importExcel('owner', bankId, 'pilihan', content);
      expect(res.statusCode).toBe(400);
      expect(res.body.status.code).toBe('impor_soal_gagal');
    }
    expect((await bankDetail(bankId)).jumlah_soal).toBe(0);
  });

  it('refuses Moodle XML that declares entities, and broken XML, with the import’s 400', async () => {
    const bankId = await createBank('Impor XML berbahaya');
    for (const xml of [externalEntityXml, entityExpansionXml]) {
      const res = await importText('owner', bankId, 'moodle_xml', 'soal.xml', Buffer.from(xml));
      expect(res.statusCode).toBe(400);
      expect(res.body.status).toEqual({
        code: 'impor_soal_gagal',
        message: questionImportMessages.xmlDeclarationRefused,
      });
    }
    for (const content of [Buffer.from('<quiz><question type="essay">'), Buffer.alloc(4000, 0xff)]) {
      const res = await importText('owner', bankId, 'moodle_xml', 'soal.xml', content);
      expect(res.statusCode).toBe(400);
      expect(res.body.status.code).toBe('impor_soal_gagal');
    }
    expect((await bankDetail(bankId)).jumlah_soal).toBe(0);
  });
});

describe('GIFT, Aiken and Moodle XML import', () => {
  it('imports the mapped types, names the skipped ones, and sanitises rich text', async () => {
    const bankId = await createBank('Impor teks');
    const gift = await importText('owner', bankId, 'gift', 'soal.gift', fixture('soal.gift'));
    expect(gift.statusCode, JSON.stringify(gift.body)).toBe(200);
    expect(gift.body.status.message).toBe(questionImportMessages.done(10, 1));
    expect(gift.body.data.dilewati.map((s) => s.nama)).toEqual([
      'Bagian ini hanya keterangan tanpa jawaban.',
    ]);
    const aiken = await importText('owner', bankId, 'aiken', 'soal.txt', fixture('soal.aiken.txt'));
    expect(aiken.statusCode).toBe(200);
    const xml = await importText('owner', bankId, 'moodle_xml', 'soal.xml', fixture('soal.moodle.xml'));
    expect(xml.statusCode).toBe(200);
    expect(xml.body.data.jumlah_diimpor).toBe(9);
    expect(xml.body.data.dilewati.map((s) => s.jenis)).toEqual(['description']);
    const bank = await bankDetail(bankId);
    expect(bank.jumlah_soal).toBe(22);
    expect(new Set(bank.list_soal.map((q) => q.jenis)).size).toBe(8);
    for (const q of bank.list_soal) expect(richTextProblems(q.pertanyaan)).toEqual([]);
    expect(bank.list_soal.some((q) => q.pertanyaan.includes('alert'))).toBe(false);
  });

  it('imports nothing from a text file none of whose questions can be imported, and lists each with its reason', async () => {
    const bankId = await createBank('Impor teks gagal');
    const res = await importText('owner', bankId, 'moodle_xml', 'soal.xml', fixture('soal-salah.moodle.xml'));
    expect(res.statusCode).toBe(400);
    expect(res.body.status.message).toBe(questionImportMessages.nothingImportable);
    expect(res.body.detail!.dilewati.map((s) => [s.soal, s.baris, s.alasan])).toEqual([
      [1, 3, 'Pilihan jawaban minimal 3'],
      [2, 10, 'Kunci jawaban wajib dipilih'],
      [3, 18, 'Pertanyaan wajib diisi'],
      [4, 22, 'Jenis soal hitungan (calculated) tidak didukung'],
    ]);
    const wrongFormat = await importText('owner', bankId, 'docx', 'soal.txt', fixture('soal.aiken.txt'));
    expect(wrongFormat.statusCode).toBe(400);
    const wrongExtension = await importText('owner', bankId, 'moodle_xml', 'soal.gift', fixture('soal.gift'));
    expect(wrongExtension.body.status.message).toBe('File Moodle XML harus berekstensi .xml');
    expect((await bankDetail(bankId)).jumlah_soal).toBe(0);
  });

  it('never passes the bank’s 100 questions: a file that would imports nothing', async () => {
    const bankId = await createBank('Impor penuh');
    const aiken = (n: number) =>
      Buffer.from(
        Array.from(
          { length: n },
          (_, i) => `Soal nomor ${i + 1}?\nA. satu\nB. dua\nC. tiga\nANSWER: A\n`,
        ).join('\n'),
      );
    expect((await importText('owner', bankId, 'aiken', 'a.txt', aiken(98))).statusCode).toBe(200);
    const over = await importText('owner', bankId, 'aiken', 'b.txt', aiken(3));
    expect(over.statusCode).toBe(400);
    expect(over.body.status.message).toBe(questionImportMessages.tooMany(98, 3, 100));
    expect((await bankDetail(bankId)).jumlah_soal).toBe(98);
    expect((await importText('owner', bankId, 'aiken', 'c.txt', aiken(2))).statusCode).toBe(200);
    expect((await bankDetail(bankId)).jumlah_soal).toBe(100);
  });
});

describe('preview, then import', () => {
  it('previews a Moodle file (what imports, what is skipped and why) without adding, then imports the same', async () => {
    const bankId = await createBank('Pratinjau Moodle');
    const file = fixture('moodle/docs-format.moodle.xml');
    const storedFiles = async () => {
      let n = 0;
      for await (const _ of t.app.files.list()) n += 1;
      return n;
    };
    const filesBefore = await storedFiles();
    const preview = await previewText('owner', bankId, 'moodle_xml', 'soal.xml', file);
    expect(preview.statusCode, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.status.message).toBe(questionImportMessages.previewed(8, 1));
    expect(preview.body.data.soal).toEqual([
      { soal: 1, baris: 8, jenis: 'pilihan', ringkasan: 'Rumus kimia air adalah ...' },
      {
        soal: 2,
        baris: 16,
        jenis: 'benar_salah',
        ringkasan: 'Air mendidih pada 100 derajat Celsius di permukaan laut.',
      },
      { soal: 3, baris: 22, jenis: 'benar_salah', ringkasan: 'Besi adalah logam.' },
      { soal: 4, baris: 28, jenis: 'isian_singkat', ringkasan: 'Lambang unsur natrium adalah ...' },
      { soal: 5, baris: 33, jenis: 'menjodohkan', ringkasan: 'Pasangkan unsur dengan lambangnya.' },
      {
        soal: 6,
        baris: 39,
        jenis: 'pilihan',
        ringkasan: 'Golongan yang ditandai pada gambar adalah ... (1 gambar)',
      },
      { soal: 7, baris: 49, jenis: 'isian_rumpang', ringkasan: 'Air terdiri dari [[1]] dan oksigen.' },
      { soal: 8, baris: 53, jenis: 'esay', ringkasan: 'Jelaskan ikatan kovalen.' },
    ]);
    expect(preview.body.data.dilewati.map((s) => [s.soal, s.baris, s.alasan])).toEqual([
      [9, 60, 'Jenis soal deskripsi (description) tidak didukung'],
    ]);
    // The preview adds no question and stores no image.
    expect((await bankDetail(bankId)).jumlah_soal).toBe(0);
    expect(await storedFiles()).toBe(filesBefore);
    const done = await importText('owner', bankId, 'moodle_xml', 'soal.xml', file);
    expect(done.statusCode).toBe(200);
    expect(done.body.data.jumlah_diimpor).toBe(8);
    expect(done.body.data.dilewati).toHaveLength(1);
    expect(done.body.status.message).toBe('Berhasil mengimpor 8 soal. 1 soal dilewati.');
    const bank = await bankDetail(bankId);
    expect(bank.jumlah_soal).toBe(8);
    // The image is stored and attached to its question, served by GET /v2/files/… with the file's bytes.
    const withImage = bank.list_soal.find((q) => q.pertanyaan.includes('Golongan'))!;
    expect(withImage.soal_files).toEqual([
      expect.objectContaining({ name: 'tabel.png', extension: 'png', content_length: 70 }),
    ]);
    // …and the text shows it where the file did.
    expect(withImage.pertanyaan).toContain(`<img src="${withImage.soal_files![0]!.url}"`);
    const served = await t.app.inject({ url: withImage.soal_files![0]!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const inline = /encoding="base64">([^<]+)</.exec(file.toString('utf8'))![1]!;
    expect(served.rawPayload.equals(Buffer.from(inline, 'base64'))).toBe(true);
    expect(await storedFiles()).toBe(filesBefore + 1);
  });

  it('imports option images as their gambar and skips a fake png with its reason', async () => {
    const bankId = await createBank('Impor gambar pilihan');
    const png = /encoding="base64">([^<]+)</.exec(
      fixture('moodle/docs-format.moodle.xml').toString('utf8'),
    )![1]!;
    const fake = Buffer.from('<html>bukan gambar</html>').toString('base64');
    const xml = Buffer.from(`<?xml version="1.0"?><quiz>
  <question type="multichoice"><name><text>Bergambar</text></name>
    <questiontext format="html"><text>Mana yang merah?</text></questiontext>
    <answer fraction="100"><text><![CDATA[<img src="@@PLUGINFILE@@/merah.png">]]></text>
      <file name="merah.png" path="/" encoding="base64">${png}</file></answer>
    <answer fraction="0"><text>Biru</text></answer>
    <answer fraction="0"><text>Hijau</text></answer>
  </question>
  <question type="multichoice"><name><text>Palsu</text></name>
    <questiontext format="html"><text><![CDATA[Lihat <img src="@@PLUGINFILE@@/palsu.png">]]></text>
      <file name="palsu.png" path="/" encoding="base64">${fake}</file></questiontext>
    <answer fraction="100"><text>A</text></answer>
    <answer fraction="0"><text>B</text></answer>
    <answer fraction="0"><text>C</text></answer>
  </question>
</quiz>`);
    const done = await importText('owner', bankId, 'moodle_xml', 'gambar.xml', xml);
    expect(done.statusCode, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.dilewati.map((s) => [s.soal, s.nama, s.alasan])).toEqual([
      [2, 'Palsu', 'Berkas palsu.png bukan gambar png, jpg atau jpeg'],
    ]);
    const [question] = (await bankDetail(bankId)).list_soal;
    const isi = question!.isi as { pilihan: Array<{ teks: string; gambar: string | null }> };
    expect(isi.pilihan[0]!.gambar).toMatch(/^\/v2\/files\/[A-Za-z0-9_-]+\?college-id=/);
    const served = await t.app.inject({ url: isi.pilihan[0]!.gambar! });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(Buffer.from(png, 'base64'))).toBe(true);
  });

  it('previews Excel all or nothing, an unreadable file as the import’s 400, and a full bank', async () => {
    const bankId = await createBank('Pratinjau Excel');
    const good = await upload(
      'owner',
      `/v2/lms/bank_soal/${bankId}/soal/import/preview`,
      { format: 'excel', jenis_soal: 'pilihan' },
      { name: 'soal.xlsx', content: await filled('pilihan', [['1', 'Soal', 'a', 'b', 'c', '', '', 'B']]) },
    );
    expect(good.statusCode, JSON.stringify(good.body)).toBe(200);
    expect(good.body.data.soal).toEqual([{ soal: 1, baris: null, jenis: 'pilihan', ringkasan: 'Soal' }]);
    const bad = await upload(
      'owner',
      `/v2/lms/bank_soal/${bankId}/soal/import/preview`,
      { format: 'excel', jenis_soal: 'pilihan' },
      { name: 'soal.xlsx', content: await filled('pilihan', [['1', 'Soal', 'a', 'b', 'c', '', '', '']]) },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body.detail!.masalah).toHaveLength(1);
    const broken = await previewText('owner', bankId, 'moodle_xml', 'rusak.xml', fixture('rusak.moodle.xml'));
    expect(broken.statusCode).toBe(400);
    expect(broken.body.detail!.masalah[0]).toMatchObject({
      baris: 7,
      pesan: expect.stringMatching(/^XML tidak valid/),
    });
    const empty = await previewText('owner', bankId, 'gift', 'kosong.gift', Buffer.from('// komentar\n'));
    expect(empty.body.status.message).toBe(questionImportMessages.noQuestions);
    expect((await bankDetail(bankId)).jumlah_soal).toBe(0);
  });

  it('lets the owner and operators with write preview; refuses everyone else', async () => {
    const shown = await createBank('Hak pratinjau', true);
    const file = fixture('moodle/questions.gift.txt');
    const cases: Array<[string, number]> = [
      ['owner', 200],
      ['writer', 200],
      ['colleague', 403],
      ['stranger', 404],
      ['reader', 403],
      ['outsider', 403],
      ['student', 403],
      ['foreign', 404],
    ];
    for (const [who, status] of cases) {
      const res = await previewText(who, shown, 'gift', 'questions.gift', file);
      expect(res.statusCode, who).toBe(status);
      if (status === 200) expect(res.body.data.soal).toHaveLength(8);
    }
    expect((await bankDetail(shown)).jumlah_soal).toBe(0);
  });
});

describe('Moodle XML export', () => {
  it('exports a bank that imports back into another bank unchanged', async () => {
    const source = await createBank('Ekspor / Kimia');
    await importText('owner', source, 'moodle_xml', 'soal.xml', fixture('soal.moodle.xml'));
    await importText('owner', source, 'gift', 'soal.gift', fixture('soal.gift'));
    const res = await t.app.inject({
      url: `/v2/lms/bank_soal/${source}/export/moodle_xml`,
      headers: { authorization: `Bearer ${tokens.owner}`, 'college-id': world.collegeId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.headers['content-disposition']).toContain(
      encodeURIComponent('Bank Soal - Ekspor / Kimia.xml'),
    );
    const target = await createBank('Hasil ekspor');
    const back = await importText('owner', target, 'moodle_xml', 'ekspor.xml', Buffer.from(res.body));
    expect(back.statusCode, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data.dilewati).toEqual([]);
    const shape = (b: BankDetail) => b.list_soal.map((q) => ({ pertanyaan: q.pertanyaan, isi: q.isi }));
    expect(shape(await bankDetail(target))).toEqual(shape(await bankDetail(source)));
  });
});

describe('every kind with images, through the routes', () => {
  const exportOf = (bankId: string, format: 'moodle_xml' | 'gift') =>
    t.app.inject({
      url: `/v2/lms/bank_soal/${bankId}/export/${format}`,
      headers: { authorization: `Bearer ${tokens.owner}`, 'college-id': world.collegeId },
    });
  /** A bank's questions with each stored file's address replaced by its bytes' digest: the same picture. */
  async function shapeWithImages(b: BankDetail) {
    const digest = async (url: string) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      return `gambar:${createHash('sha256').update(res.rawPayload).digest('hex').slice(0, 16)}`;
    };
    const urls = [
      ...new Set(
        b.list_soal.flatMap((q) => [
          ...(q.pertanyaan.match(/\/v2\/files\/[^"]+/g) ?? []),
          ...('pilihan' in q.isi && Array.isArray(q.isi.pilihan)
            ? q.isi.pilihan.flatMap((o) => (typeof o === 'object' && o.gambar ? [o.gambar] : []))
            : []),
        ]),
      ),
    ];
    const names = new Map(await Promise.all(urls.map(async (u) => [u, await digest(u)] as const)));
    const swap = (text: string) => text.replace(/\/v2\/files\/[^"]+/g, (u) => names.get(u) ?? u);
    return b.list_soal.map((q) => ({
      pertanyaan: swap(q.pertanyaan),
      isi: JSON.parse(swap(JSON.stringify(q.isi))) as unknown,
      lampiran: (q.soal_files ?? []).length,
    }));
  }

  it('imports every kind with its pictures, exports Moodle XML and GIFT, and both import back the same', async () => {
    const source = await createBank('Semua jenis');
    const done = await importText(
      'owner',
      source,
      'moodle_xml',
      'semua-jenis.xml',
      fixture('semua-jenis.moodle.xml'),
    );
    expect(done.statusCode, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.jumlah_diimpor).toBe(10);
    const bank = await bankDetail(source);
    const [picture] = bank.list_soal;
    // The question's image: its attachment, shown in its text from the stored file; the option's: its gambar.
    expect(picture!.soal_files).toEqual([
      expect.objectContaining({ name: 'grafik suhu.png', extension: 'png' }),
    ]);
    expect(picture!.pertanyaan).toContain(`<img src="${picture!.soal_files![0]!.url}" alt="grafik"`);
    const option = (picture!.isi as { pilihan: Array<{ gambar: string | null }> }).pilihan[2]!.gambar!;
    for (const url of [picture!.soal_files![0]!.url, option]) {
      const served = await t.app.inject({ url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
    }

    const xml = await exportOf(source, 'moodle_xml');
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain('<file name="grafik suhu.png" path="/" encoding="base64">');
    expect(xml.body).toContain('<question type="cloze">');
    const fromXml = await createBank('Dari Moodle XML');
    const back = await importText('owner', fromXml, 'moodle_xml', 'ekspor.xml', Buffer.from(xml.body));
    expect(back.statusCode, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data.dilewati).toEqual([]);
    const original = await shapeWithImages(bank);
    expect(await shapeWithImages(await bankDetail(fromXml))).toEqual(original);

    const gift = await exportOf(source, 'gift');
    expect(gift.statusCode).toBe(200);
    expect(gift.headers['content-type']).toContain('text/plain');
    expect(gift.headers['content-disposition']).toContain(
      encodeURIComponent('Bank Soal - Semua jenis.gift.txt'),
    );
    // Units and the essay's key are beyond GIFT: the numerical question is named in a comment.
    expect(gift.body).toContain('// Soal 5 (Numerik)');
    expect(gift.body).toContain('// Soal 8 (Isian Rumpang)');
    const fromGift = await createBank('Dari GIFT');
    const giftBack = await importText('owner', fromGift, 'gift', 'ekspor.gift', Buffer.from(gift.body));
    expect(giftBack.statusCode, JSON.stringify(giftBack.body)).toBe(200);
    expect(giftBack.body.data.dilewati).toEqual([]);
    const sayable = original.filter((q) => {
      const isi = q.isi as QuestionBody;
      return (
        isi.jenis !== 'numerik' &&
        isi.jenis !== 'esay' &&
        !(isi.jenis === 'isian_rumpang' && isi.rumpang.length > 1)
      );
    });
    const giftShape = (await shapeWithImages(await bankDetail(fromGift))).filter(
      (q) => (q.isi as QuestionBody).jenis !== 'esay',
    );
    // GIFT names an option's picture by its place; the picture is the same.
    expect(giftShape).toEqual(sayable);
  });

  it('never puts another college’s file into an export, even when a question names it', async () => {
    const foreign = await t.app.files.put(tinyPng(), {
      collegeId: otherWorld.collegeId,
      contentType: 'image/png',
      fileName: 'rahasia.png',
    });
    const bankId = await createBank('Ekspor aman');
    const added = await authedRequest(t.app, tokens.owner!, {
      method: 'POST',
      url: `/v2/lms/bank_soal/${bankId}/soal`,
      payload: {
        pertanyaan: `<p>Lihat <img src="/v2/files/${foreign.key}?college-id=${world.collegeId}"></p>`,
        isi: { jenis: 'pilihan', pilihan: [{ teks: 'a' }, { teks: 'b' }, { teks: 'c' }], kunci: 0 },
      },
    });
    expect(added.statusCode, JSON.stringify(added.body)).toBe(200);
    const base64 = tinyPng().toString('base64');
    for (const format of ['moodle_xml', 'gift'] as const) {
      const res = await exportOf(bankId, format);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(base64);
      expect(res.body.replace(/\\/g, '')).not.toContain(base64);
    }
  });
});

describe('who may import and export', () => {
  it('lets the owner and operators with write import; refuses everyone else', async () => {
    const shown = await createBank('Hak impor (ditampilkan)', true);
    const hidden = await createBank('Hak impor (disembunyikan)', false);
    const file = fixture('soal.aiken.txt');
    const cases: Array<[string, string, number]> = [
      ['owner', shown, 200],
      ['writer', shown, 200],
      ['colleague', shown, 403],
      ['colleague', hidden, 404],
      ['stranger', shown, 404],
      ['reader', shown, 403],
      ['outsider', shown, 403],
      ['student', shown, 403],
      ['foreign', shown, 404],
    ];
    for (const [who, bankId, status] of cases) {
      const res = await importText(who, bankId, 'aiken', 'soal.txt', file);
      expect(res.statusCode, `${who} on ${bankId === shown ? 'shown' : 'hidden'}`).toBe(status);
      const excel = await importExcel(
        who,
        bankId,
        'pilihan',
        await filled('pilihan', [['1', 'S', 'a', 'b', 'c', '', '', 'A']]),
      );
      expect(excel.statusCode, `${who} excel`).toBe(status);
    }
    expect((await bankDetail(shown)).jumlah_soal).toBe(8);
    expect((await bankDetail(hidden)).jumlah_soal).toBe(0);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/v2/lms/bank_soal/${shown}/soal/import`,
      headers: { 'college-id': world.collegeId },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets whoever sees the bank export it; a hidden bank stays invisible to other teachers', async () => {
    const shown = await createBank('Hak ekspor (ditampilkan)', true);
    const hidden = await createBank('Hak ekspor (disembunyikan)', false);
    const cases: Array<[string, string, number]> = [
      ['owner', hidden, 200],
      ['colleague', shown, 200],
      ['colleague', hidden, 404],
      ['stranger', shown, 404],
      ['reader', hidden, 200],
      ['outsider', shown, 403],
      ['student', shown, 403],
      ['foreign', shown, 404],
    ];
    for (const [who, bankId, status] of cases) {
      for (const format of ['moodle_xml', 'gift']) {
        const res = await authedRequest(t.app, tokens[who]!, {
          url: `/v2/lms/bank_soal/${bankId}/export/${format}`,
        });
        expect(res.statusCode, `${format}: ${who} on ${bankId === shown ? 'shown' : 'hidden'}`).toBe(status);
      }
    }
  });
});
