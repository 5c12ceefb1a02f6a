import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialSchema, type Material } from '@lms/contract/material.schema';
import {
  createClass,
  createClassOperator,
  createClassWorld,
  createMaterial,
  createMeeting,
  createUser,
  type ClassWorld,
  type UserRef,
} from '../../testing/factories.ts';
import { bearerHeaders, multipartBody, signIn, signInEach, signToken } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { manyRowsWorkbook, zipBomb } from '../../testing/hostile-files.ts';

const fixture = (name: string) => readFileSync(new URL(`../../db/seed/files/${name}`, import.meta.url));
const pdf = fixture('materi-pendahuluan.pdf');
const webm = fixture('video-pengantar.webm');
const zip = fixture('contoh-kode.zip');
const docx = fixture('ringkasan-normalisasi.docx');

let t: TestApp;
let world: ClassWorld;
let otherWorld: ClassWorld;
let operator: UserRef;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  world = await createClassWorld(t.database);
  otherWorld = await createClassWorld(t.database);
  operator = await createClassOperator(t.database, world.collegeId);
  Object.assign(
    tokens,
    await signInEach(t.app, {
      dosen: world.teacher,
      mahasiswa: world.student,
      operator,
      asing: otherWorld.teacher,
    }),
  );
});
afterAll(async () => t.close());

const as = (who: string) => bearerHeaders(tokens[who]!);
const inFuture = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

function materialForm(
  fields: Record<string, string>,
  file?: { name: string; content: Buffer; type?: string },
) {
  return multipartBody(
    {
      id_pertemuan: world.meetingId,
      judul: 'Pengantar',
      deskripsi: '<p>Bacaan pertemuan pertama.</p>',
      jenis_materi: 'modul',
      tipe_file: 'ebook',
      tampil_sekarang: 'true',
      is_syarat_hadir: 'true',
      deadline: inFuture(60 * 24),
      ...fields,
    },
    file && {
      field: 'file',
      name: file.name,
      type: file.type ?? 'application/octet-stream',
      content: file.content,
    },
  );
}

async function post(who: string, body: ReturnType<typeof multipartBody>) {
  return t.app.inject({
    method: 'POST',
    url: '/v2/lms/materi',
    headers: { ...as(who), ...body.headers },
    payload: body.payload,
  });
}

async function act(who: string, id: string, action: string, payload?: object) {
  return t.app.inject({
    method: 'PUT',
    url: `/v2/lms/materi/${id}/${action}`,
    headers: as(who),
    ...(payload ? { payload } : {}),
  });
}

async function factOf(materialId: string) {
  const [row] = await t.database.query<{
    completed: boolean;
    timing: string | null;
    downloaded_at: Date | null;
    opened_at: Date | null;
    watched_percent: number | null;
    read_seconds: number | null;
  }>(
    `select f.completed, f.timing, f.downloaded_at, f.opened_at, f.watched_percent, f.read_seconds
       from activity_facts f join activities a on a.college_id = f.college_id and a.id = f.activity_id
      where a.college_id = $1 and a.kind = 'materi' and a.content_id = $2 and f.mahasiswa_id = $3`,
    [world.collegeId, materialId, world.student.userId],
  );
  return row;
}

describe('POST /v2/lms/materi', () => {
  it('stores a lecturer PDF checked by content, serves it in the page and counts it in the meeting', async () => {
    const res = await post('dosen', materialForm({}, { name: 'Pengantar.pdf', content: pdf }));
    expect(res.statusCode).toBe(200);
    const material = materialSchema.parse(res.json().data);
    expect(material).toMatchObject({
      judul: 'Pengantar',
      tipe_file: 'ebook',
      is_syarat_hadir: true,
      tampil: true,
      file: {
        name: 'Pengantar.pdf',
        extension: 'pdf',
        content_type: 'application/pdf',
        content_length: pdf.length,
      },
      akses: { ubah: true, hapus: true, unduh: true },
      aktivitas: null,
    });
    const file = await t.app.inject({ url: material.file!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^inline/);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const meeting = await t.app.inject({ url: `/v2/lms/pertemuan/${world.meetingId}`, headers: as('dosen') });
    expect(meeting.json().data.count_activity.materi).toBe(1);
  });

  it('answers every missing field with the spec message and the incomplete-form toast', async () => {
    const res = await post(
      'dosen',
      materialForm({ judul: ' ', deskripsi: '<p></p>', jenis_materi: '', tipe_file: '', deadline: '' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toEqual({
      code: 'pengisian_belum_lengkap',
      message: 'Pengisian Data Belum Lengkap!',
    });
    expect(res.json().detail.fields).toEqual([
      { field: 'judul', message: 'Judul wajib diisi!' },
      { field: 'deskripsi', message: 'Deskripsi wajib diisi!' },
      { field: 'jenis_materi', message: 'Jenis wajib dipilih!' },
      { field: 'tipe_file', message: 'Tipe wajib dipilih!' },
      { field: 'deadline', message: 'Batas Waktu Kehadiran wajib dipilih!' },
    ]);
    const later = await post(
      'dosen',
      materialForm({ tampil_sekarang: 'false' }, { name: 'a.pdf', content: pdf }),
    );
    expect(later.json().detail.fields).toEqual([
      { field: 'waktu_mulai_tampil', message: 'Tanggal & Jam Mulai Tampil wajib dipilih!' },
    ]);
    const noMeeting = await post(
      'operator',
      materialForm({ id_pertemuan: '' }, { name: 'a.pdf', content: pdf }),
    );
    expect(noMeeting.json().detail.fields).toEqual([
      { field: 'id_pertemuan', message: 'Pertemuan wajib dipilih!' },
    ]);
  });

  it('refuses a file whose content is not what its extension says, a wrong extension, and an oversize file', async () => {
    const fake = await post('dosen', materialForm({}, { name: 'gambar.pdf', content: zip }));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().status).toEqual({
      code: 'file_tidak_valid',
      message: 'Isi berkas tidak sesuai dengan format .pdf.',
    });
    const exe = await post('dosen', materialForm({}, { name: 'setup.exe', content: pdf }));
    expect(exe.json().status.message).toBe('File type .exe is not allowed');
    const asVideo = await post(
      'dosen',
      materialForm({ tipe_file: 'video' }, { name: 'Pengantar.pdf', content: pdf }),
    );
    expect(asVideo.json().status.message).toBe('File type .pdf is not allowed');

    await t.database.query(
      `update colleges set settings = '{"pengaturan_sistem":{"ukuran_max_file":{"materi":0.0005}}}' where id = $1`,
      [world.collegeId],
    );
    t.app.invalidateCollegeCache();
    const big = await post('dosen', materialForm({}, { name: 'besar.pdf', content: pdf }));
    expect(big.statusCode).toBe(413);
    expect(big.json().status.message).toBe('Ukuran file tidak boleh lebih dari 0.00MB.');
    await t.database.query(`update colleges set settings = '{}' where id = $1`, [world.collegeId]);
    t.app.invalidateCollegeCache();
  });

  it('refuses past show times and deadlines, and keeps attendance off in an offline meeting', async () => {
    const past = await post(
      'dosen',
      materialForm(
        { deadline: new Date(Date.now() - 3_600_000).toISOString() },
        { name: 'a.pdf', content: pdf },
      ),
    );
    expect(past.json().status).toEqual({
      code: 'materi_tidak_valid',
      message: 'Batas Waktu Kehadiran tidak boleh di masa lalu!',
    });
    const beforeShown = await post(
      'dosen',
      materialForm(
        { tampil_sekarang: 'false', waktu_mulai_tampil: inFuture(120), deadline: inFuture(60) },
        { name: 'a.pdf', content: pdf },
      ),
    );
    expect(beforeShown.json().status.message).toBe(
      'Batas Waktu Kehadiran harus setelah Tanggal & Jam Mulai Tampil!',
    );

    const { meetingId } = await createMeeting(t.database, {
      collegeId: world.collegeId,
      classId: world.classId,
      jenis: 'offline',
    });
    const offline = await post(
      'dosen',
      materialForm({ id_pertemuan: meetingId, tipe_file: 'url', file_url: 'example.org/bacaan' }),
    );
    expect(offline.statusCode).toBe(200);
    expect(offline.json().data).toMatchObject({ is_syarat_hadir: false, deadline: null, file: null });
  });

  it('lets only the class lecturers and operators with write add materials', async () => {
    const body = () => materialForm({ tipe_file: 'url', file_url: 'https://example.org' });
    expect((await post('mahasiswa', body())).statusCode).toBe(403);
    expect((await post('asing', body())).statusCode).toBe(404);
    expect((await post('operator', body())).statusCode).toBe(200);
  });
});

describe('what students see and do', () => {
  it('hides a material from students until its show time, by the server clock', async () => {
    const res = await post(
      'dosen',
      materialForm({
        tipe_file: 'url',
        file_url: 'https://example.org',
        tampil_sekarang: 'false',
        waktu_mulai_tampil: inFuture(30),
        deadline: inFuture(90),
      }),
    );
    const id = res.json().data.id as string;
    const list = (who: string) =>
      t.app.inject({ url: `/v2/lms/kelas_kuliah/${world.classId}/materi?per_page=100`, headers: as(who) });
    const ids = async (who: string) => ((await list(who)).json().data as Material[]).map((m) => m.id);
    expect(await ids('dosen')).toContain(id);
    expect(await ids('mahasiswa')).not.toContain(id);
    expect((await t.app.inject({ url: `/v2/lms/materi/${id}`, headers: as('mahasiswa') })).statusCode).toBe(
      404,
    );

    await t.database.query(
      `update materials set tampil_mulai = now() - interval '1 minute' where college_id = $1 and id = $2`,
      [world.collegeId, id],
    );
    expect(await ids('mahasiswa')).toContain(id);
  });

  it('records a download of a file material, and refuses one of a link', async () => {
    const { materialId } = await createMaterial(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      tipeFile: 'archive',
      fileKey: 'k'.repeat(24),
      fileName: 'kode.zip',
      isSyaratHadir: true,
      deadline: new Date(Date.now() + 3_600_000),
    });
    const res = await act('mahasiswa', materialId, 'set_download');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.aktivitas).toMatchObject({
      selesai: true,
      tepat_waktu: true,
      status_download: 'downloaded',
    });
    expect(await factOf(materialId)).toMatchObject({ completed: true, timing: 'on_time' });

    const link = await createMaterial(t.database, { collegeId: world.collegeId, meetingId: world.meetingId });
    const refused = await act('mahasiswa', link.materialId, 'set_download');
    expect(refused.json().status).toEqual({
      code: 'url_tidak_dapat_diunduh',
      message: 'URL tidak dapat didownload!',
    });
    const opened = await act('mahasiswa', link.materialId, 'buka');
    expect(opened.json().data.aktivitas.selesai).toBe(true);
    expect(await factOf(link.materialId)).toMatchObject({ completed: true });
  });

  it('counts Sudah Baca on an ebook only after the reading countdown, started by opening it', async () => {
    const { materialId } = await createMaterial(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
      tipeFile: 'ebook',
      fileKey: 'e'.repeat(24),
      fileName: 'bab1.pdf',
    });
    const early = await act('mahasiswa', materialId, 'sudah_baca');
    expect(early.json()).toMatchObject({
      status: { code: 'materi_belum_dibaca' },
      detail: { detik_tersisa: 60 },
    });
    const opened = await act('mahasiswa', materialId, 'buka');
    expect(opened.json().data.aktivitas).toMatchObject({ selesai: false, detik_baca_tersisa: 60 });
    const stillEarly = await act('mahasiswa', materialId, 'sudah_baca');
    expect(stillEarly.statusCode).toBe(400);
    // Downloading an ebook does not count as reading it (spec 2 §4).
    await act('mahasiswa', materialId, 'set_download');
    expect((await factOf(materialId))!.completed).toBe(false);

    await t.database.query(
      `update material_views set opened_at = opened_at - interval '61 seconds' where college_id = $1 and materi_id = $2`,
      [world.collegeId, materialId],
    );
    const read = await act('mahasiswa', materialId, 'sudah_baca');
    expect(read.statusCode).toBe(200);
    expect(read.json().data.aktivitas).toMatchObject({ selesai: true, detik_baca_tersisa: 0 });
    expect((await factOf(materialId))!.read_seconds).toBeGreaterThanOrEqual(61);
  });

  it('credits playback no faster than the server clock, so a seek to the end is not a watch', async () => {
    const upload = await post(
      'dosen',
      materialForm(
        { tipe_file: 'video', judul: 'Video' },
        { name: 'video.webm', content: webm, type: 'video/webm' },
      ),
    );
    const video = materialSchema.parse(upload.json().data);
    expect(video.durasi_detik).toBeCloseTo(8, 0);
    expect(video.file!.content_type).toBe('video/webm');
    // A player seeks with byte ranges.
    const part = await t.app.inject({ url: video.file!.url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${webm.length}`);
    expect(part.rawPayload.equals(webm.subarray(100, 200))).toBe(true);
    const tail = await t.app.inject({ url: video.file!.url, headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(webm.subarray(webm.length - 10))).toBe(true);
    const outside = await t.app.inject({ url: video.file!.url, headers: { range: `bytes=${webm.length}-` } });
    expect(outside.statusCode).toBe(416);

    await act('mahasiswa', video.id, 'buka');
    const seek = await act('mahasiswa', video.id, 'putar', { detik: 8 });
    expect(seek.json().data.aktivitas.persen_diputar).toBeLessThanOrEqual((100 * (2 + 1)) / 8);
    expect(seek.json().data.aktivitas.selesai).toBe(false);

    // Five seconds of real time pass; a report of five seconds played is credited in full.
    await t.database.query(
      `update material_views set last_report_at = last_report_at - interval '5 seconds' where college_id = $1 and materi_id = $2`,
      [world.collegeId, video.id],
    );
    const played = await act('mahasiswa', video.id, 'putar', { detik: 5 });
    expect(played.json().data.aktivitas).toMatchObject({ selesai: true });
    expect((await factOf(video.id))!.watched_percent).toBeGreaterThanOrEqual(50);
  });

  it('records nothing in an acting session and nothing for lecturers', async () => {
    const link = await createMaterial(t.database, { collegeId: world.collegeId, meetingId: world.meetingId });
    const acting = await signToken(
      t.app,
      {
        userId: world.student.userId,
        collegeId: world.collegeId,
        role: 'mahasiswa',
      },
      { actorUserId: operator.userId },
    );
    const res = await t.app.inject({
      method: 'PUT',
      url: `/v2/lms/materi/${link.materialId}/buka`,
      headers: bearerHeaders(acting),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().status.code).toBe('aktivitas_saat_login_akun_lain');
    expect((await act('dosen', link.materialId, 'buka')).statusCode).toBe(403);
    expect(await factOf(link.materialId)).toBeUndefined();
  });
});

describe('edit, delete and copy', () => {
  it('edits the fields and replaces the file only when a new one is sent', async () => {
    const created = (await post('dosen', materialForm({}, { name: 'Pengantar.pdf', content: pdf }))).json()
      .data as Material;
    const form = materialForm({ judul: 'Pengantar (revisi)' });
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/v2/lms/materi/${created.id}`,
      headers: { ...as('dosen'), ...form.headers },
      payload: form.payload,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      judul: 'Pengantar (revisi)',
      file: { url: created.file!.url },
    });

    const asZip = materialForm({ tipe_file: 'archive' }, { name: 'kode.zip', content: zip });
    const replaced = await t.app.inject({
      method: 'PUT',
      url: `/v2/lms/materi/${created.id}`,
      headers: { ...as('dosen'), ...asZip.headers },
      payload: asZip.payload,
    });
    expect(replaced.json().data.file).toMatchObject({ name: 'kode.zip', extension: 'zip' });
    expect((await t.app.inject({ url: created.file!.url })).statusCode).toBe(404);
    const student = await t.app.inject({
      method: 'PUT',
      url: `/v2/lms/materi/${created.id}`,
      headers: { ...as('mahasiswa'), ...form.headers },
      payload: form.payload,
    });
    expect(student.statusCode).toBe(403);
  });

  it('deletes a material with its activity', async () => {
    const created = (
      await post('dosen', materialForm({ tipe_file: 'url', file_url: 'https://example.org' }))
    ).json().data as Material;
    const before = (
      await t.app.inject({ url: `/v2/lms/pertemuan/${world.meetingId}`, headers: as('dosen') })
    ).json().data.count_activity.materi as number;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/v2/lms/materi/${created.id}`,
      headers: as('dosen'),
    });
    expect(res.statusCode).toBe(200);
    const after = (
      await t.app.inject({ url: `/v2/lms/pertemuan/${world.meetingId}`, headers: as('dosen') })
    ).json().data.count_activity.materi as number;
    expect(after).toBe(before - 1);
    expect(
      (await t.app.inject({ url: `/v2/lms/materi/${created.id}`, headers: as('dosen') })).statusCode,
    ).toBe(404);
  });

  it('copies materials from another class the lecturer teaches, and finds them by title', async () => {
    const second = await createClass(t.database, {
      collegeId: world.collegeId,
      courseId: world.courseId,
      teachers: [world.teacher.userId],
    });
    const { meetingId } = await createMeeting(t.database, {
      collegeId: world.collegeId,
      classId: second.classId,
    });
    const source = await createMaterial(t.database, {
      collegeId: world.collegeId,
      meetingId,
      judul: 'Kode contoh praktikum',
      tipeFile: 'archive',
      fileKey: 'c'.repeat(24),
      fileName: 'praktikum.zip',
    });
    const search = await t.app.inject({
      url: `/v2/lms/materi?search=praktikum&exclude_id_kelas_kuliah=${world.classId}`,
      headers: as('dosen'),
    });
    expect(search.json().data).toEqual([
      expect.objectContaining({
        id: source.materialId,
        judul: 'Kode contoh praktikum',
        pertemuan: { nomor: 1 },
      }),
    ]);
    expect(
      (await t.app.inject({ url: '/v2/lms/materi?search=praktikum', headers: as('asing') })).json().data,
    ).toEqual([]);

    const empty = await t.app.inject({
      method: 'POST',
      url: '/v2/lms/materi/salin',
      headers: as('dosen'),
      payload: { id_pertemuan: world.meetingId, list_id: [], type: 'salin' },
    });
    expect(empty.json().detail.fields).toEqual([{ field: 'body.list_id', message: 'Materi wajib dipilih!' }]);
    const copied = await t.app.inject({
      method: 'POST',
      url: '/v2/lms/materi/salin',
      headers: as('dosen'),
      payload: {
        id_pertemuan: world.meetingId,
        list_id: [source.materialId],
        is_syarat_hadir: true,
        deadline: inFuture(600),
        tampil_sekarang: true,
        type: 'salin',
      },
    });
    expect(copied.statusCode).toBe(200);
    expect(copied.json().data).toEqual([
      expect.objectContaining({
        judul: 'Kode contoh praktikum',
        id_pertemuan: world.meetingId,
        is_syarat_hadir: true,
        file: expect.objectContaining({ name: 'praktikum.zip' }),
      }),
    ]);
    const outsider = await t.app.inject({
      method: 'POST',
      url: '/v2/lms/materi/salin',
      headers: as('asing'),
      payload: { id_pertemuan: otherWorld.meetingId, list_id: [source.materialId] },
    });
    expect(outsider.statusCode).toBe(404);
  });

  it('answers another college 404 for every material route', async () => {
    const { materialId } = await createMaterial(t.database, {
      collegeId: world.collegeId,
      meetingId: world.meetingId,
    });
    const foreign = await createUser(t.database, {
      collegeId: otherWorld.collegeId,
      role: 'operator',
      permissions: { kelas_kuliah: 'write' },
    });
    const token = (await signIn(t.app, foreign)).access_token;
    for (const [method, url] of [
      ['GET', `/v2/lms/materi/${materialId}`],
      ['DELETE', `/v2/lms/materi/${materialId}`],
      ['GET', `/v2/lms/kelas_kuliah/${world.classId}/materi`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearerHeaders(token) });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('GET /v2/lms/materi/{id}/dokumen', () => {
  async function spreadsheet(): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Nilai Kuis');
    sheet.addRows([
      ['NIM', 'Nama', 'Nilai'],
      ['2201001', 'Ani <b>', 85],
      ['2201002', 'Budi', 90],
    ]);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }
  const ebook = async (name: string, content: Buffer) =>
    (await post('dosen', materialForm({ is_syarat_hadir: 'false' }, { name, content }))).json()
      .data as Material;
  const read = (who: string, id: string, headers: Record<string, string> = as(who)) =>
    t.app.inject({ method: 'GET', url: `/v2/lms/materi/${id}/dokumen`, headers });

  it('shows a Word document and a spreadsheet as sanitised HTML, converted once', async () => {
    const word = await ebook('Ringkasan Normalisasi.docx', docx);
    const res = await read('mahasiswa', word.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { html, terpotong } = res.json().data as { html: string; terpotong: boolean };
    expect(html).toContain('<h1>Ringkasan Materi: Normalisasi Basis Data</h1>');
    expect(html).toContain('<strong>Bentuk normal ketiga (3NF): </strong>');
    expect(html).toMatch(/<table>.*<td><p>Sumatera Utara<\/p><\/td>/s);
    expect(terpotong).toBe(false);
    // Kept in the file store beside the file, keyed by its key, and read from there the next time.
    const [row] = await t.database.query<{ key: string }>(
      `select file_key as key from materials where college_id = $1 and id = $2`,
      [world.collegeId, word.id],
    );
    const cached = await t.app.files.get(`${row!.key}_html1`);
    cached!.stream.destroy();
    expect(cached!.file).toMatchObject({ private: true, collegeId: world.collegeId });
    expect((await read('dosen', word.id)).json().data.html).toBe(html);

    const sheet = await ebook('nilai.xlsx', await spreadsheet());
    const table = (await read('operator', sheet.id)).json().data.html as string;
    expect(table).toBe(
      '<h3>Nilai Kuis</h3><table><tbody><tr><td>NIM</td><td>Nama</td><td>Nilai</td></tr>' +
        '<tr><td>2201001</td><td>Ani &lt;b&gt;</td><td>85</td></tr>' +
        '<tr><td>2201002</td><td>Budi</td><td>90</td></tr></tbody></table>',
    );

    // Deleting the material deletes the converted copy with the file.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/v2/lms/materi/${word.id}`, headers: as('dosen') }))
        .statusCode,
    ).toBe(200);
    expect(await t.app.files.get(`${row!.key}_html1`)).toBeUndefined();
  });

  it('keeps zip bombs and huge sheets download-only, measured on what they unpack to', async () => {
    // 110 MB of one character: past the 100 MB cap; with lying sizes, the directory says 1 KB.
    for (const content of [
      await zipBomb(docx, 110_000_000, { entryName: 'word/media/bom.bin' }),
      await zipBomb(docx, 110_000_000, { entryName: 'word/media/bom.bin', lieAboutSizes: true }),
    ]) {
      const book = await ebook('bom.docx', content);
      const res = await read('mahasiswa', book.id);
      expect(res.statusCode).toBe(400);
      expect(res.json().status.code).toBe('dokumen_tidak_dapat_ditampilkan');
    }
    const huge = await ebook('besar.xlsx', await manyRowsWorkbook(30_000, { dimension: 'A1:C2' }));
    expect((await read('mahasiswa', huge.id)).json().status.code).toBe('dokumen_tidak_dapat_ditampilkan');
    // Making and unpacking 330 MB takes 10 s alone and passed 30 s on the loaded CI machine.
  }, 120_000);

  it('keeps other formats download-only with the message', async () => {
    const pdfBook = await ebook('bacaan.pdf', pdf);
    const res = await read('mahasiswa', pdfBook.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toEqual({
      code: 'dokumen_tidak_dapat_ditampilkan',
      message: 'Dokumen ini tidak dapat ditampilkan di halaman. Unduh untuk membacanya.',
    });
  });

  it('answers only those who may read the material', async () => {
    const word = await ebook('ringkasan.docx', docx);
    const outsider = await createUser(t.database, {
      collegeId: world.collegeId,
      role: 'mahasiswa',
      prodiId: world.prodiId,
    });
    const outsiderToken = (await signIn(t.app, outsider)).access_token;
    expect((await read('x', word.id, bearerHeaders(outsiderToken))).statusCode).toBe(403);
    const otherLecturer = await createUser(t.database, {
      collegeId: world.collegeId,
      role: 'dosen',
      prodiId: world.prodiId,
    });
    await createClass(t.database, { collegeId: world.collegeId, teachers: [otherLecturer.userId] });
    const lecturerToken = (await signIn(t.app, otherLecturer)).access_token;
    expect((await read('x', word.id, bearerHeaders(lecturerToken))).statusCode).toBe(403);
    // Another college: its own header finds nothing; ours refuses its token.
    expect((await read('asing', word.id)).statusCode).toBe(404);
    expect((await read('x', word.id, bearerHeaders(tokens.asing!, world.collegeId))).statusCode).toBe(401);
    expect((await read('x', word.id, { 'college-id': world.collegeId })).statusCode).toBe(401);
    // A student sees nothing of a material before its show time.
    const later = (
      await post(
        'dosen',
        materialForm(
          { tampil_sekarang: 'false', waktu_mulai_tampil: inFuture(120), is_syarat_hadir: 'false' },
          { name: 'nanti.docx', content: docx },
        ),
      )
    ).json().data as Material;
    expect((await read('mahasiswa', later.id)).statusCode).toBe(404);
  });
});
