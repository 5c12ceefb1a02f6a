import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatActivityChange, readActivityChanges } from '@lms/contract/activity-log.rules';
import { activityLogPageSchema, type ActivityLogEntry } from '@lms/contract/activity-log.schema';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, multipartBody, signInAll, tinyPng } from '../../testing/requests.ts';
import { sharedClassId } from '../../testing/demo-world.ts';

// Operators' writes are audited with what changed, old → new (docs/api/directory-and-log-filters.md):
// class data, class head, teacher roles, meetings, Konfigurasi, grade integration, program signatory,
// help pages, RPS, evaluation plans and syllabi, announcements and news.

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  Object.assign(tokens, await signInAll(t.app, ['dosen', 'operator', 'operator.lihat']));
});
afterAll(async () => t.close());

const put = (who: string, url: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, headers: bearerHeaders(tokens[who]!), payload: payload as object });
const get = (who: string, url: string) => t.app.inject({ url, headers: bearerHeaders(tokens[who]!) });
const send = (who: string, method: 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearerHeaders(tokens[who]!), payload: payload as object });

/** The newest entries of a kind, as the operators' log answers them. */
async function entriesOf(jenis: string): Promise<ActivityLogEntry[]> {
  const res = await get('operator.lihat', `/v2/lms/log_aktivitas?jenis=${jenis}&per_page=100`);
  expect(res.statusCode).toBe(200);
  return activityLogPageSchema.parse(res.json()).data;
}

/** How many entries of a kind exist (refused and no-change writes must add none). */
async function countOf(jenis: string): Promise<number> {
  const [row] = await t.database.query<{ n: number }>(
    `select count(*)::int as n from activity_logs where college_id = 'demo' and jenis = $1`,
    [jenis],
  );
  return row!.n;
}

const shown = (entry: ActivityLogEntry) => readActivityChanges(entry.context).map(formatActivityChange);

describe('class writes', () => {
  it('Ubah Data Kelas records the operator, the class and each changed field old → new', async () => {
    const before = (await get('operator', `/v2/lms/kelas_kuliah/${sharedClassId}`)).json().data;
    const kapasitas = before.kapasitas + 5;
    const res = await put('operator', `/v2/lms/kelas_kuliah/${sharedClassId}`, {
      kapasitas,
      mode_kuliah: before.mode_kuliah === 'online' ? 'campuran' : 'online',
      lingkup: before.lingkup,
    });
    expect(res.statusCode).toBe(200);
    const [entry] = await entriesOf('ubah_kelas');
    expect(entry).toMatchObject({
      jenis_label: 'Ubah Data Kelas',
      pengguna: { username: 'operator' },
      context: { id_kelas: sharedClassId, periode: 20261 },
    });
    expect(entry!.detail).toContain('Mengubah data kelas');
    const perubahan = readActivityChanges(entry!.context);
    // Only what changed: the scope was sent as it was and is not listed.
    expect(perubahan.map((c) => c.field)).toEqual(['mode_kuliah', 'kapasitas']);
    expect(perubahan[1]).toEqual({
      field: 'kapasitas',
      label: 'Kapasitas',
      lama: before.kapasitas,
      baru: kapasitas,
    });
    expect(shown(entry!)).toContain(`Kapasitas: ${before.kapasitas} → ${kapasitas}`);
    expect(shown(entry!)[0]).toMatch(/^Mode Kuliah: (Online|Offline|Campuran) → (Online|Campuran)$/);
  });

  it('a refused write (reader, lecturer) and a save that changes nothing record nothing', async () => {
    const n = await countOf('ubah_kelas');
    const detail = (await get('operator', `/v2/lms/kelas_kuliah/${sharedClassId}`)).json().data;
    expect(
      (await put('operator.lihat', `/v2/lms/kelas_kuliah/${sharedClassId}`, { kapasitas: 99 })).statusCode,
    ).toBe(403);
    // The lecturer may change the banner colour only; the class data is refused.
    expect((await put('dosen', `/v2/lms/kelas_kuliah/${sharedClassId}`, { kapasitas: 99 })).statusCode).toBe(
      403,
    );
    // A refused value (below the enrolment) is not saved and not logged.
    expect(
      (await put('operator', `/v2/lms/kelas_kuliah/${sharedClassId}`, { kapasitas: 0 })).statusCode,
    ).toBe(400);
    const same = await put('operator', `/v2/lms/kelas_kuliah/${sharedClassId}`, {
      kapasitas: detail.kapasitas,
    });
    expect(same.statusCode).toBe(200);
    // A lecturer's own banner colour is not an operator's write.
    const colour = await put('dosen', `/v2/lms/kelas_kuliah/${sharedClassId}`, {
      banner_color_idx: (detail.banner_color_idx + 1) % 7,
    });
    expect(colour.statusCode).toBe(200);
    expect(await countOf('ubah_kelas')).toBe(n);
  });

  it('Ubah Ketua Kelas and Ubah Jabatan name the student and the teacher', async () => {
    const detail = (await get('operator', `/v2/lms/kelas_kuliah/${sharedClassId}`)).json().data;
    const student = detail.peserta.find((p: { nim: string }) => p.nim !== detail.ketua_kelas_nim);
    expect(
      (await put('operator', `/v2/lms/kelas_kuliah/${sharedClassId}/ketua_kelas`, { nim: student.nim }))
        .statusCode,
    ).toBe(200);
    const [head] = await entriesOf('ubah_ketua_kelas');
    expect(readActivityChanges(head!.context)).toEqual([
      expect.objectContaining({ field: 'ketua_kelas', baru: `${student.nim} ${student.nama}` }),
    ]);

    const teacher = detail.pengajar.find((p: { is_utama: boolean }) => !p.is_utama) ?? detail.pengajar[0];
    const peran = teacher.peran === 'asisten' ? 'dosen' : 'asisten';
    const refused = await put(
      'operator.lihat',
      `/v2/lms/kelas_kuliah/${sharedClassId}/pengajar/${teacher.id}`,
      {
        peran,
      },
    );
    expect(refused.statusCode).toBe(403);
    expect(await countOf('ubah_jabatan_pengajar')).toBe(0);
    expect(
      (await put('operator', `/v2/lms/kelas_kuliah/${sharedClassId}/pengajar/${teacher.id}`, { peran }))
        .statusCode,
    ).toBe(200);
    const [role] = await entriesOf('ubah_jabatan_pengajar');
    expect(shown(role!)).toEqual([
      `Jabatan ${teacher.nama}: ${teacher.jabatan} → ${peran === 'asisten' ? 'Asisten' : 'Dosen'}`,
    ]);
  });
});

describe('Ubah Konfigurasi', () => {
  it('records which settings changed, old → new, and nothing for a save without change', async () => {
    const current = (await get('operator', '/v2/lms/pengaturan')).json().data;
    const next = structuredClone(current);
    next.pengaturan_kelas.syarat_kehadiran_online_mahasiswa.video_persen = 80;
    next.aturan_qr_code.status = !current.aturan_qr_code.status;
    next.pembatasan_akses.kehadiran_ujian.berlaku_untuk = ['uas'];
    expect((await put('operator', '/v2/lms/pengaturan', next)).statusCode).toBe(200);
    const [entry] = await entriesOf('ubah_konfigurasi');
    expect(entry!.detail).toBe('Mengubah konfigurasi perguruan tinggi');
    expect(readActivityChanges(entry!.context).map((c) => c.field)).toEqual([
      'pengaturan_kelas.syarat_kehadiran_online_mahasiswa.video_persen',
      'aturan_qr_code.status',
      'pembatasan_akses.kehadiran_ujian.berlaku_untuk',
    ]);
    expect(shown(entry!)).toEqual([
      `Kehadiran online mahasiswa: video ditonton (%): ${current.pengaturan_kelas.syarat_kehadiran_online_mahasiswa.video_persen} → 80`,
      `Presensi dengan kode QR: ${current.aturan_qr_code.status ? 'Ya → Tidak' : 'Tidak → Ya'}`,
      'Syarat kehadiran berlaku untuk: UTS, UAS → UAS',
    ]);

    const n = await countOf('ubah_konfigurasi');
    expect((await put('operator', '/v2/lms/pengaturan', next)).statusCode).toBe(200);
    expect((await put('operator.lihat', '/v2/lms/pengaturan', current)).statusCode).toBe(403);
    expect(await countOf('ubah_konfigurasi')).toBe(n);
  });

  it('never stores the SIAKAD key of the grade integration: only “(diubah)”', async () => {
    const secret = 'kunci-rahasia-siakad-0123456789-abcdef';
    const res = await put('operator', '/v2/lms/pengaturan/integrasi_nilai', {
      pelaku: 'operator',
      siakad: { jenis: 'demo', url: null, batas_waktu_ms: 10_000, kunci_rahasia: secret },
    });
    expect(res.statusCode).toBe(200);
    const [entry] = await entriesOf('ubah_konfigurasi');
    expect(entry!.detail).toBe('Mengubah pengaturan integrasi nilai');
    expect(shown(entry!)).toEqual([
      'Pelaku integrasi nilai: Dosen → Operator',
      'Kunci rahasia Siakad: (diubah)',
    ]);
    const [stored] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from activity_logs where context::text like $1`,
      [`%${secret}%`],
    );
    expect(stored!.n).toBe(0);
    // A caller without write on konfigurasi changes and records nothing.
    const n = await countOf('ubah_konfigurasi');
    const refused = await put('operator.lihat', '/v2/lms/pengaturan/integrasi_nilai', {
      pelaku: 'dosen',
      siakad: { jenis: 'demo', url: null, batas_waktu_ms: 10_000, kunci_rahasia: `${secret}-2` },
    });
    expect(refused.statusCode).toBe(403);
    expect(await countOf('ubah_konfigurasi')).toBe(n);
    // The export carries no key either.
    const xlsx = await get('operator.lihat', '/v2/lms/log_aktivitas/export_excel?jenis=ubah_konfigurasi');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.includes(Buffer.from(secret))).toBe(false);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Log Aktivitas')!;
    const column = (sheet.getRow(1).values as unknown[]).indexOf('Perubahan');
    expect(sheet.getRow(2).getCell(column).value).toBe(
      'Pelaku integrasi nilai: Dosen → Operator\nKunci rahasia Siakad: (diubah)',
    );
  });
});

describe('meetings and the program signatory', () => {
  it('Ubah Data Pertemuan by an operator records the changes; a lecturer’s edit is not audited', async () => {
    const [meeting] = await t.database.query<{ id: string; judul: string }>(
      `select id, judul from meetings where college_id = 'demo' and kelas_id = $1 order by nomor limit 1`,
      [sharedClassId],
    );
    const res = await put('operator', `/v2/lms/pertemuan/${meeting!.id}`, { judul: 'Judul diaudit' });
    expect(res.statusCode).toBe(200);
    const [entry] = await entriesOf('ubah_pertemuan');
    expect(entry!.context).toMatchObject({ id_kelas: sharedClassId, id_pertemuan: meeting!.id });
    expect(shown(entry!)).toEqual([`Judul: ${meeting!.judul} → Judul diaudit`]);
    const n = await countOf('ubah_pertemuan');
    expect((await put('dosen', `/v2/lms/pertemuan/${meeting!.id}`, { judul: 'Oleh dosen' })).statusCode).toBe(
      200,
    );
    expect((await put('operator.lihat', `/v2/lms/pertemuan/${meeting!.id}`, { judul: 'X' })).statusCode).toBe(
      403,
    );
    expect(await countOf('ubah_pertemuan')).toBe(n);
  });

  it('Ubah Penandatangan BAP Prodi records the old and new signatory', async () => {
    const [prodi] = await t.database.query<{ id: string }>(
      `select id from study_programs where college_id = 'demo' order by id limit 1`,
    );
    const url = `/v1/penandatangan_prodi/${prodi!.id}`;
    const before = (await get('operator', url)).json().data;
    expect((await put('operator.lihat', url, { nama: 'Dr. Penolak' })).statusCode).toBe(403);
    expect(await countOf('ubah_penandatangan_prodi')).toBe(0);
    const res = await put('operator', url, { nama: 'Dr. Baru, M.Kom.', nidn: '0011223344' });
    expect(res.statusCode).toBe(200);
    const [entry] = await entriesOf('ubah_penandatangan_prodi');
    expect(entry!.context).toMatchObject({ id_prodi: prodi!.id });
    expect(readActivityChanges(entry!.context)).toContainEqual({
      field: 'nama',
      label: 'Nama',
      lama: before?.nama ?? null,
      baru: 'Dr. Baru, M.Kom.',
    });
  });
});

describe('help pages', () => {
  it('Tambah, Ubah and Hapus Bantuan record the fields, the body only as “(diubah)”', async () => {
    const page = {
      kategori: 'Nilai',
      judul: 'Kapan nilai terbit?',
      isi: '<p>Setelah dikirim.</p>',
      urutan: 2,
    };
    expect((await send('operator.lihat', 'POST', '/v2/lms/bantuan', page)).statusCode).toBe(403);
    expect(await countOf('tambah_bantuan')).toBe(0);
    const created = await send('operator', 'POST', '/v2/lms/bantuan', page);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    const [added] = await entriesOf('tambah_bantuan');
    expect(added).toMatchObject({
      jenis_label: 'Tambah Bantuan',
      detail: 'Menambahkan bantuan Nilai: Kapan nilai terbit?',
      context: { id_bantuan: id },
    });
    expect(shown(added!)).toEqual([
      'Kategori: — → Nilai',
      'Judul: — → Kapan nilai terbit?',
      'Isi: (diubah)',
      'Urutan: — → 2',
    ]);

    const edited = { ...page, judul: 'Kapan nilai akhir terbit?', isi: '<p>Setelah dosen mengirim.</p>' };
    expect((await put('operator', `/v2/lms/bantuan/${id}`, edited)).statusCode).toBe(200);
    const [changed] = await entriesOf('ubah_bantuan');
    expect(shown(changed!)).toEqual([
      'Judul: Kapan nilai terbit? → Kapan nilai akhir terbit?',
      'Isi: (diubah)',
    ]);
    // The same save again, and a reader's refused save, record nothing.
    const n = await countOf('ubah_bantuan');
    expect((await put('operator', `/v2/lms/bantuan/${id}`, edited)).statusCode).toBe(200);
    expect((await put('operator.lihat', `/v2/lms/bantuan/${id}`, page)).statusCode).toBe(403);
    expect(await countOf('ubah_bantuan')).toBe(n);

    expect((await send('operator.lihat', 'DELETE', `/v2/lms/bantuan/${id}`)).statusCode).toBe(403);
    expect(await countOf('hapus_bantuan')).toBe(0);
    expect((await send('operator', 'DELETE', `/v2/lms/bantuan/${id}`)).statusCode).toBe(204);
    const [removed] = await entriesOf('hapus_bantuan');
    expect(shown(removed!)).toContain('Judul: Kapan nilai akhir terbit? → —');
    expect((await send('operator', 'DELETE', `/v2/lms/bantuan/${id}`)).statusCode).toBe(404);
    expect(await countOf('hapus_bantuan')).toBe(1);
    // The pages' HTML never reaches the log.
    const [html] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from activity_logs where context::text like '%<p>%'`,
    );
    expect(html!.n).toBe(0);
  });
});

describe('RPS, evaluation plan and syllabus', () => {
  const course = 'IF2103';

  it('Ganti RPS records each meeting whose material changed; the same plan again records nothing', async () => {
    const url = `/v2/academic/makul/${course}/rencana-pembelajaran`;
    const first = { data: [{ id_pertemuan: 1, materi: 'Pengantar', materi_inggris: 'Introduction' }] };
    expect((await put('operator', url, first)).statusCode).toBe(200);
    const next = {
      data: [
        { id_pertemuan: 1, materi: 'Pengantar basis data', materi_inggris: 'Introduction' },
        { id_pertemuan: 2, materi: 'Model relasional', materi_inggris: '' },
      ],
    };
    expect((await put('operator', url, next)).statusCode).toBe(200);
    const [entry] = await entriesOf('ubah_rps');
    expect(entry).toMatchObject({ jenis_label: 'Ubah RPS', context: { id_matakuliah: course } });
    expect(entry!.detail).toMatch(/^Mengubah RPS IF2103 /);
    expect(shown(entry!)).toEqual([
      'Pertemuan 1: Pengantar (Introduction) → Pengantar basis data (Introduction)',
      'Pertemuan 2: — → Model relasional',
    ]);
    const n = await countOf('ubah_rps');
    expect((await put('operator', url, next)).statusCode).toBe(200);
    expect((await put('operator.lihat', url, first)).statusCode).toBe(403);
    expect((await put('dosen', url, first)).statusCode).toBe(403);
    expect(await countOf('ubah_rps')).toBe(n);
  });

  it('a new evaluation plan records each component’s weight, old → new', async () => {
    const url = `/v2/academic/makul/${course}/rencana-evaluasi`;
    const plan = (uas: number) => ({
      data: [
        { komponen_nilai: { id: 'uas', nama: 'UAS' }, bobot: uas },
        { komponen_nilai: { id: 'uts', nama: 'UTS' }, bobot: 100 - uas },
      ],
    });
    expect((await put('operator', url, plan(60))).statusCode).toBe(200);
    expect((await put('operator', url, plan(70))).statusCode).toBe(200);
    const [entry] = await entriesOf('ubah_rencana_evaluasi');
    expect(shown(entry!)).toEqual(['Bobot UAS: 60% → 70%', 'Bobot UTS: 40% → 30%']);
    const n = await countOf('ubah_rencana_evaluasi');
    expect((await put('operator', url, plan(70))).statusCode).toBe(200);
    expect((await put('operator.lihat', url, plan(50))).statusCode).toBe(403);
    expect(await countOf('ubah_rencana_evaluasi')).toBe(n);
  });

  it('an operator’s Ubah Silabus records the text only as “(diubah)”; the coordinator’s is not audited', async () => {
    const url = '/v2/academic/matakuliah/IF2102/silabus';
    expect((await put('operator.lihat', url, { teks: 'Ditolak.' })).statusCode).toBe(403);
    expect((await put('dosen', url, { teks: 'Oleh koordinator.' })).statusCode).toBe(200);
    expect(await countOf('ubah_silabus')).toBe(0);
    expect((await put('operator', url, { teks: '<p>Silabus dari operator.</p>' })).statusCode).toBe(200);
    const [entry] = await entriesOf('ubah_silabus');
    expect(entry).toMatchObject({ jenis_label: 'Ubah Silabus', context: { id_matakuliah: 'IF2102' } });
    expect(shown(entry!)).toEqual(['Teks Silabus: (diubah)']);
    expect((await put('operator', url, { teks: '<p>Silabus dari operator.</p>' })).statusCode).toBe(200);
    expect(await countOf('ubah_silabus')).toBe(1);
  });
});

describe('announcements and news', () => {
  it('Tambah, Ubah and Hapus Pengumuman record the fields, publication time and status, the body as “(diubah)”', async () => {
    const item = {
      judul: 'Libur Semester',
      isi: '<p>Kampus libur.</p>',
      tanggal_publish: '2026-03-02T01:00:00Z',
    };
    expect((await send('operator.lihat', 'POST', '/v2/lms/pengumuman', item)).statusCode).toBe(403);
    expect((await send('dosen', 'POST', '/v2/lms/pengumuman', item)).statusCode).toBe(403);
    expect(await countOf('tambah_pengumuman')).toBe(0);
    const created = await send('operator', 'POST', '/v2/lms/pengumuman', item);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    const [added] = await entriesOf('tambah_pengumuman');
    expect(added).toMatchObject({
      jenis_label: 'Tambah Pengumuman',
      detail: 'Menambahkan pengumuman: Libur Semester',
      pengguna: { username: 'operator' },
      context: { id_pengumuman: id },
    });
    expect(shown(added!)).toEqual([
      'Judul: — → Libur Semester',
      'Isi: (diubah)',
      'Tanggal Terbit: — → 02 Mar 2026 08:00 WIB',
      'Status: — → Terbit',
    ]);

    // Scheduled for later: the time and the status change, the body is the same.
    const later = { ...item, tanggal_publish: '2099-01-05T02:30:00Z' };
    expect((await put('operator', `/v2/lms/pengumuman/${id}`, later)).statusCode).toBe(200);
    const [changed] = await entriesOf('ubah_pengumuman');
    expect(changed!.detail).toBe('Mengubah pengumuman: Libur Semester');
    expect(shown(changed!)).toEqual([
      'Tanggal Terbit: 02 Mar 2026 08:00 WIB → 05 Jan 2099 09:30 WIB',
      'Status: Terbit → Terjadwal',
    ]);
    // The same save again, and refused saves, record nothing.
    const n = await countOf('ubah_pengumuman');
    expect((await put('operator', `/v2/lms/pengumuman/${id}`, later)).statusCode).toBe(200);
    expect((await put('operator.lihat', `/v2/lms/pengumuman/${id}`, item)).statusCode).toBe(403);
    expect(
      (await put('operator', `/v2/lms/pengumuman/${id}`, { ...later, isi: '<script></script>' })).statusCode,
    ).toBe(400);
    expect(await countOf('ubah_pengumuman')).toBe(n);

    expect((await send('operator.lihat', 'DELETE', `/v2/lms/pengumuman/${id}`)).statusCode).toBe(403);
    expect(await countOf('hapus_pengumuman')).toBe(0);
    expect((await send('operator', 'DELETE', `/v2/lms/pengumuman/${id}`)).statusCode).toBe(204);
    const [removed] = await entriesOf('hapus_pengumuman');
    expect(shown(removed!)).toContain('Judul: Libur Semester → —');
    expect(shown(removed!)).toContain('Isi: (dihapus)');
    expect((await send('operator', 'DELETE', `/v2/lms/pengumuman/${id}`)).statusCode).toBe(404);
    expect(await countOf('hapus_pengumuman')).toBe(1);
  });

  it('Tambah, Ubah and Hapus Berita record the summary and the cover only as “(diubah)” / “(dihapus)”', async () => {
    const { payload, headers } = multipartBody(
      {},
      { field: 'file', name: 'sampul.png', type: 'image/png', content: tinyPng() },
    );
    const upload = await t.app.inject({
      method: 'POST',
      url: '/v2/lms/pengumuman/gambar',
      headers: { ...bearerHeaders(tokens['operator']!), ...headers },
      payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const cover = upload.json().data.url as string;
    const news = { judul: 'Wisuda', ringkasan: 'Wisuda periode II.', isi: '<p>Di Auditorium.</p>' };
    expect((await send('operator.lihat', 'POST', '/v2/lms/berita', news)).statusCode).toBe(403);
    expect(await countOf('tambah_berita')).toBe(0);
    const created = await send('operator', 'POST', '/v2/lms/berita', { ...news, gambar_url: cover });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    const [added] = await entriesOf('tambah_berita');
    expect(added).toMatchObject({
      jenis_label: 'Tambah Berita',
      detail: 'Menambahkan berita: Wisuda',
      context: { id_berita: id },
    });
    expect(shown(added!)).toEqual([
      'Judul: — → Wisuda',
      'Ringkasan: — → Wisuda periode II.',
      'Gambar Sampul: (diubah)',
      'Isi: (diubah)',
      expect.stringMatching(/^Tanggal Terbit: — → \d{2} \w{3} \d{4} \d{2}:\d{2} WIB$/),
      'Status: — → Terbit',
    ]);

    const edited = { ...news, ringkasan: 'Wisuda periode II 2026.', isi: '<p>Di Gedung Serbaguna.</p>' };
    expect((await put('operator', `/v2/lms/berita/${id}`, edited)).statusCode).toBe(200);
    const [changed] = await entriesOf('ubah_berita');
    expect(shown(changed!)).toEqual([
      'Ringkasan: Wisuda periode II. → Wisuda periode II 2026.',
      'Isi: (diubah)',
    ]);
    const n = await countOf('ubah_berita');
    expect((await put('operator', `/v2/lms/berita/${id}`, edited)).statusCode).toBe(200);
    expect(
      (await put('operator.lihat', `/v2/lms/berita/${id}`, { ...edited, gambar_url: null })).statusCode,
    ).toBe(403);
    expect(await countOf('ubah_berita')).toBe(n);
    expect((await put('operator', `/v2/lms/berita/${id}`, { ...edited, gambar_url: null })).statusCode).toBe(
      200,
    );
    const [uncovered] = await entriesOf('ubah_berita');
    expect(shown(uncovered!)).toEqual(['Gambar Sampul: (dihapus)']);

    expect((await send('operator', 'DELETE', `/v2/lms/berita/${id}`)).statusCode).toBe(204);
    const [removed] = await entriesOf('hapus_berita');
    expect(removed!.detail).toBe('Menghapus berita: Wisuda');
    // Neither the bodies' HTML nor the cover's address reaches the log.
    const [leaked] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from activity_logs where context::text like '%<p>%' or context::text like $1`,
      [`%${cover}%`],
    );
    expect(leaked!.n).toBe(0);
  });
});
