import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import {
  feeHoldImportLimits,
  feeHoldImportMessages,
  feeHoldImportUnknownListed,
} from '@lms/contract/access-restriction.schema';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, multipartBody, signIn, signInAll, tinyPng } from '../../testing/requests.ts';
import { buildOperatorPermissions, createCollege, createUser } from '../../testing/factories.ts';
import { parseCsv, readFeeHoldTable } from './fee-hold-import.parser.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let otherCollege = '';
const base = '/v2/lms/pembatasan/tunggakan';

function get(url: string, who: string) {
  return t.app.inject({ method: 'GET', url, headers: bearerHeaders(tokens[who]!, collegeOf(who)) });
}

function collegeOf(who: string) {
  return who === 'other' ? otherCollege : undefined;
}

function upload(
  url: string,
  who: string,
  content: Buffer,
  fields: Record<string, string> = {},
  name = 'a.csv',
) {
  const form = multipartBody(fields, { field: 'file', name, type: 'application/octet-stream', content });
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearerHeaders(tokens[who]!, collegeOf(who)), ...form.headers },
    payload: form.payload,
  });
}

async function heldNims(collegeId = 'demo'): Promise<string[]> {
  const rows = await t.database.query<{ nim: string }>(
    `select s.nim from student_fee_holds h join students s on s.user_id = h.user_id
     where h.college_id = $1 order by s.nim`,
    [collegeId],
  );
  return rows.map((r) => r.nim);
}

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Tunggakan');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  Object.assign(
    tokens,
    await signInAll(t.app, ['mahasiswa', 'mahasiswa.tunggakan', 'dosen', 'operator', 'operator.lihat']),
  );
  for (const nim of ['7700000001', '7700000002', '7700000003']) {
    await createUser(t.database, { collegeId: 'demo', role: 'mahasiswa', student: { nim } });
  }
  const college = await createCollege(t.database);
  otherCollege = college.collegeId;
  const other = await createUser(t.database, {
    collegeId: otherCollege,
    role: 'operator',
    permissions: buildOperatorPermissions('write'),
  });
  await createUser(t.database, {
    collegeId: otherCollege,
    role: 'mahasiswa',
    student: { nim: '7700000009' },
  });
  tokens.other = (await signIn(t.app, { username: other.username, collegeId: otherCollege })).access_token;
});
afterAll(async () => t.close());

describe('GET /v2/lms/pembatasan/tunggakan', () => {
  it('lists the college’s students on hold with prodi, date and who set it, searchable and paged', async () => {
    const list = await get(`${base}?per_page=5`, 'operator.lihat');
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.meta).toMatchObject({ page: 1, per_page: 5, total_items: 1 });
    expect(body.data[0]).toMatchObject({ nama: 'Bagas Saputra' });
    expect(body.data[0].prodi).not.toBe('');
    expect(body.data[0].sejak).toMatch(/^\d{4}-/);
    const nim = body.data[0].nim as string;
    expect((await get(`${base}?search=${nim.slice(-4)}`, 'operator')).json().meta.total_items).toBe(1);
    expect((await get(`${base}?search=bagas`, 'operator')).json().meta.total_items).toBe(1);
    expect((await get(`${base}?search=tidak-ada`, 'operator')).json().data).toEqual([]);
    expect((await get(`${base}?search=${'x'.repeat(101)}`, 'operator')).statusCode).toBe(400);
    expect((await get(`${base}?per_page=1000`, 'operator')).statusCode).toBe(400);
  });

  it('refuses students and lecturers, and shows another college only its own holds', async () => {
    expect((await get(base, 'mahasiswa')).statusCode).toBe(403);
    expect((await get(base, 'dosen')).statusCode).toBe(403);
    expect((await get(`${base}/template_impor`, 'mahasiswa')).statusCode).toBe(403);
    expect((await get(base, 'other')).json().meta.total_items).toBe(0);
  });

  it('serves the template, which the import reads back', async () => {
    const template = await get(`${base}/template_impor`, 'operator.lihat');
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-disposition']).toContain('template-tunggakan-biaya.xlsx');
    const preview = await upload(`${base}/impor/pratinjau`, 'operator', template.rawPayload, {}, 't.xlsx');
    expect(preview.statusCode).toBe(400);
    expect(preview.json().status.message).toBe(feeHoldImportMessages.noRows);
  });
});

describe('POST /v2/lms/pembatasan/tunggakan/impor', () => {
  it('previews both modes, then adds the listed holds in one go and logs the import', async () => {
    const before = await heldNims();
    const csv = Buffer.from(
      'NIM;Status;Keterangan\n7700000001;Tunggakan;SPP genap\n7700000002;Lunas;\n"0000000000";;\n',
    );
    const preview = await upload(`${base}/impor/pratinjau`, 'operator', csv);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toEqual({
      jumlah_baris: 3,
      tetap: 0,
      tambah: { ditandai: 1, dihapus: 0 },
      ganti: { ditandai: 1, dihapus: before.length },
      jumlah_tidak_dikenal: 1,
      tidak_dikenal: [{ nim: '0000000000', baris: 4 }],
    });
    expect(await heldNims()).toEqual(before);

    const done = await upload(`${base}/impor`, 'operator', csv, { mode: 'tambah' });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toEqual({ mode: 'tambah', ditandai: 1, dihapus: 0, jumlah_tidak_dikenal: 1 });
    expect(await heldNims()).toEqual([...before, '7700000001'].sort());
    const [log] = await t.database.query<{ detail: string; context: Record<string, unknown> }>(
      `select detail, context from activity_logs where jenis = 'ubah_tunggakan_biaya' order by id desc limit 1`,
    );
    expect(log!.context).toMatchObject({ jumlah_ditandai: 1, jumlah_dihapus: 0, mode: 'tambah' });
    const listed = (await get(`${base}?search=7700000001`, 'operator')).json().data[0];
    expect(listed).toMatchObject({ keterangan: 'SPP genap', ditandai_oleh: expect.any(String) });
  });

  it('names the row of each unknown NIM: its first row, blank rows counted, the first 20 listed', async () => {
    const others = Array.from({ length: 25 }, (_, i) => `${6600000000 + i}`);
    // Rows: 1 header, 2 a student, 3 blank, 4 unknown, 5 the same unknown again, 6–30 more unknowns.
    const csv = Buffer.from(`NIM\n7700000001\n\n2025999999\n2025999999\n${others.join('\n')}\n`);
    const preview = (await upload(`${base}/impor/pratinjau`, 'operator', csv)).json().data;
    expect(preview.jumlah_tidak_dikenal).toBe(26);
    expect(preview.tidak_dikenal).toHaveLength(feeHoldImportUnknownListed);
    expect(preview.tidak_dikenal.slice(0, 3)).toEqual([
      { nim: '2025999999', baris: 4 },
      { nim: '6600000000', baris: 6 },
      { nim: '6600000001', baris: 7 },
    ]);
    const sheet = await xlsx([['NIM'], ['7700000001'], [], ['2025999999']]);
    const fromXlsx = (await upload(`${base}/impor/pratinjau`, 'operator', sheet, {}, 'a.xlsx')).json().data;
    expect(fromXlsx.tidak_dikenal).toEqual([{ nim: '2025999999', baris: 4 }]);
  });

  it('takes an .xlsx as the full list: the listed are held, every other hold is cleared', async () => {
    const file = await xlsx([
      ['NIM', 'Nama'],
      [7700000002, 'B'],
      ['7700000003', 'C'],
    ]);
    const preview = (await upload(`${base}/impor/pratinjau`, 'operator', file, {}, 'a.xlsx')).json().data;
    const before = await heldNims();
    expect(preview.ganti).toEqual({ ditandai: 2, dihapus: before.length });
    const done = await upload(`${base}/impor`, 'operator', file, { mode: 'ganti' }, 'a.xlsx');
    expect(done.json().data).toMatchObject({ ditandai: 2, dihapus: before.length });
    expect(await heldNims()).toEqual(['7700000002', '7700000003']);
    // Importing the same list again changes nothing.
    const again = await upload(`${base}/impor`, 'operator', file, { mode: 'ganti' }, 'a.xlsx');
    expect(again.json().data).toMatchObject({ ditandai: 0, dihapus: 0 });
  });

  it('refuses read-only operators, students and lecturers; another college cannot touch this one', async () => {
    const csv = Buffer.from('NIM\n7700000001\n');
    const before = await heldNims();
    for (const who of ['operator.lihat', 'mahasiswa', 'mahasiswa.tunggakan', 'dosen']) {
      expect((await upload(`${base}/impor`, who, csv, { mode: 'ganti' })).statusCode).toBe(403);
      expect((await upload(`${base}/impor/pratinjau`, who, csv)).statusCode).toBe(403);
    }
    const other = await upload(`${base}/impor`, 'other', csv, { mode: 'ganti' });
    expect(other.statusCode).toBe(200);
    expect(other.json().data).toMatchObject({ ditandai: 0, dihapus: 0, jumlah_tidak_dikenal: 1 });
    expect(await heldNims()).toEqual(before);
    expect((await upload(`${base}/impor`, 'operator', csv, { mode: 'semua' })).statusCode).toBe(400);
    expect(await heldNims()).toEqual(before);
  });

  it('refuses hostile files with an Indonesian message and changes nothing', async () => {
    const before = await heldNims();
    const expectRefused = async (content: Buffer, message: string, status = 400) => {
      const answer = await upload(`${base}/impor`, 'operator', content, { mode: 'ganti' });
      expect(answer.statusCode).toBe(status);
      expect(answer.json().status.message).toBe(message);
    };
    await expectRefused(
      Buffer.alloc(feeHoldImportLimits.maxBytes + 1, 0x31),
      feeHoldImportMessages.tooLarge,
      413,
    );
    const rows = Array.from({ length: feeHoldImportLimits.maxRows + 1 }, (_, i) => String(8800000000 + i));
    await expectRefused(Buffer.from(`NIM\n${rows.join('\n')}\n`), feeHoldImportMessages.tooManyRows);
    await expectRefused(tinyPng(), feeHoldImportMessages.unreadable);
    await expectRefused(
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
      feeHoldImportMessages.xlsUnsupported,
    );
    await expectRefused(Buffer.from('PK\x03\x04 not really a zip'), feeHoldImportMessages.unreadable);
    await expectRefused(Buffer.from('halo dunia\n'), feeHoldImportMessages.noNimColumn);
    await expectRefused(
      Buffer.from('NIM,Status\n7700000001,mungkin\n'),
      'Baris 2: status "mungkin" tidak dikenal. Isi "Tunggakan" atau "Lunas".',
    );
    // A zip bomb: a small file that unpacks past the bound.
    const bomb = new JSZip();
    bomb.file('xl/worksheets/sheet1.xml', ' '.repeat(feeHoldImportLimits.maxUnpackedBytes + 1));
    const bombBytes = await bomb.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bombBytes.length).toBeLessThan(feeHoldImportLimits.maxBytes);
    await expectRefused(bombBytes, feeHoldImportMessages.unpackedTooLarge);
    // An .xlsx with too many rows is refused by counting rows before ExcelJS reads it.
    const many = await xlsx([['NIM'], ...rows.map((r) => [r])]);
    await expectRefused(many, feeHoldImportMessages.tooManyRows);
    const empty = multipartBody({ mode: 'ganti' });
    const noFile = await t.app.inject({
      method: 'POST',
      url: `${base}/impor`,
      headers: { ...bearerHeaders(tokens.operator!), ...empty.headers },
      payload: empty.payload,
    });
    expect(noFile.statusCode).toBe(400);
    expect(await heldNims()).toEqual(before);
  });
});

describe('reading the file', () => {
  it('reads headerless NIM columns, quoted CSV, and keeps the last row of a repeated NIM', () => {
    expect(readFeeHoldTable([['2024010001'], ['2024010002']])).toEqual({
      ok: true,
      rows: [
        { nim: '2024010001', tunggakan: true, keterangan: '', baris: 1 },
        { nim: '2024010002', tunggakan: true, keterangan: '', baris: 2 },
      ],
    });
    const table = parseCsv('nim,status,keterangan\r\n1,lunas,"a, ""b"""\r\n1,ya,x\r\n', 10);
    expect(table).toEqual([
      ['nim', 'status', 'keterangan'],
      ['1', 'lunas', 'a, "b"'],
      ['1', 'ya', 'x'],
    ]);
    expect(readFeeHoldTable(table as string[][])).toEqual({
      ok: true,
      rows: [{ nim: '1', tunggakan: true, keterangan: 'x', baris: 2 }],
    });
  });

  it('numbers rows as the file does: blank lines count, a quoted line break stays in its row', () => {
    const table = parseCsv('\nNIM;Keterangan\n\n11;"a\nb"\n22;\n', 10);
    expect(readFeeHoldTable(table as (string[] | undefined)[])).toEqual({
      ok: true,
      rows: [
        { nim: '11', tunggakan: true, keterangan: 'a b', baris: 4 },
        { nim: '22', tunggakan: true, keterangan: '', baris: 5 },
      ],
    });
  });
});
