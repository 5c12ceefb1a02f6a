import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingDetailSchema } from '@lms/contract/meeting.schema';
import { AppError } from '../../platform/app-error.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, signInAll } from '../../testing/requests.ts';
import type { Actor } from '../../platform/actor.ts';
import { createClassWorld, type ClassWorld } from '../../testing/factories.ts';
import { sharedClassId } from '../../testing/demo-world.ts';
import { assertNotExamRestricted } from './meeting.policy.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let other: ClassWorld;

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  Object.assign(
    tokens,
    await signInAll(t.app, ['mahasiswa', 'mahasiswa.cuti', 'dosen', 'operator', 'operator.lihat']),
  );
  other = await createClassWorld(t.database);
});
afterAll(async () => t.close());

const as = (u: string) => bearerHeaders(tokens[u]!);
const get = (u: string, url: string) => t.app.inject({ url, headers: as(u) });
const put = (u: string, url: string, payload?: object) =>
  t.app.inject({ method: 'PUT', url, headers: as(u), ...(payload ? { payload } : {}) });

async function meetingId(kelasId: string, nomor: number): Promise<string> {
  const [row] = await t.database.query<{ id: string }>(
    `select id from meetings where college_id = 'demo' and kelas_id = $1 and nomor = $2`,
    [kelasId, nomor],
  );
  return row!.id;
}

async function idOf(query: string, params: unknown[] = []): Promise<string> {
  const [row] = await t.database.query<{ id: string }>(query, params);
  return row!.id;
}

const sesi2 = () => idOf(`select id from lecture_sessions where college_id = 'demo' and nama = 'Sesi 2'`);
const aula = () => idOf(`select id from rooms where college_id = 'demo' and nama = 'Aula Utama'`);

describe('GET /v2/lms/pertemuan/{id}', () => {
  it('answers the meeting page data to the class members with access flags', async () => {
    const id = await meetingId(sharedClassId, 3);
    const student = await get('mahasiswa', `/v2/lms/pertemuan/${id}`);
    expect(student.statusCode).toBe(200);
    const data = meetingDetailSchema.parse(student.json().data);
    expect(data).toMatchObject({
      nomor: 3,
      kelas_kuliah: { id: sharedClassId, mata_kuliah: { kode: 'IF2102' } },
      count_activity: { materi: 0, tugas: 0, vidcon: 0, ujian: 0, forum: 0 },
      time_zone: 'Asia/Jakarta',
    });
    expect(data.waktu_mulai).toMatch(/Z$/);
    expect(data.pengajar_kelas.some((p) => p.is_utama && p.nama === 'Budi Santoso')).toBe(true);
    expect(data.akses.ubah).toBe(false);

    const lecturer = (await get('dosen', `/v2/lms/pertemuan/${id}`)).json().data;
    expect(lecturer.akses).toMatchObject({
      ubah: true,
      ubah_jadwal: true,
      ubah_pengajar: true,
      ubah_parameter_kehadiran: false,
    });
    const reader = (await get('operator.lihat', `/v2/lms/pertemuan/${id}`)).json().data;
    expect(reader.akses.ubah).toBe(false);
    const writer = (await get('operator', `/v2/lms/pertemuan/${id}`)).json().data;
    expect(writer.akses).toMatchObject({ ubah: true, ubah_parameter_kehadiran: true, ubah_pengajar: false });
  });

  it('hides meetings of other classes and colleges', async () => {
    const foreign = await idOf(
      `select m.id from meetings m where m.college_id = 'demo' and not exists (
         select 1 from class_students cs join users u on u.id = cs.mahasiswa_id
          where cs.kelas_id = m.kelas_id and u.username = 'mahasiswa') limit 1`,
    );
    expect((await get('mahasiswa', `/v2/lms/pertemuan/${foreign}`)).statusCode).toBe(403);
    // A lecturer who does not teach the class neither reads nor changes its meetings.
    const untaught = await idOf(
      `select m.id from meetings m where m.college_id = 'demo' and not exists (
         select 1 from class_teachers ct join users u on u.id = ct.dosen_id
          where ct.kelas_id = m.kelas_id and u.username = 'dosen') and m.status = 'belum_dimulai' limit 1`,
    );
    expect((await get('dosen', `/v2/lms/pertemuan/${untaught}`)).statusCode).toBe(403);
    for (const [url, payload] of [
      [`/v2/lms/pertemuan/${untaught}`, { judul: 'x' }],
      [`/v2/lms/pertemuan/${untaught}/start`, undefined],
      [`/v2/lms/pertemuan/${untaught}/end`, undefined],
    ] as const) {
      const res = await t.app.inject({ method: 'PUT', url, headers: as('dosen'), payload });
      expect(res.statusCode).toBe(403);
    }
    const otherCollege = await get('operator', `/v2/lms/pertemuan/${other.meetingId}`);
    expect(otherCollege.statusCode).toBe(404);
    expect(otherCollege.json().status.code).toBe('meeting_not_found');
    expect((await get('operator', '/v2/lms/pertemuan/bukan-uuid')).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      url: `/v2/lms/pertemuan/${foreign}`,
      headers: { 'college-id': 'demo' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers pembatasan_ujian_kehadiran for a restricted student on an exam meeting', () => {
    const student: Actor = {
      userId: 'u',
      collegeId: 'demo',
      role: 'mahasiswa',
      permissions: null,
      actorUserId: null,
    };
    const unmet = {
      kehadiran_uts: { memenuhi_syarat: false, kekurangan: ['Kehadiran 60% dari minimal 75%'] },
    };
    let error: unknown;
    try {
      assertNotExamRestricted(student, { kategori: 'uts' }, unmet);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 403, code: 'pembatasan_ujian_kehadiran' });
    expect(() => assertNotExamRestricted(student, { kategori: 'kuliah' }, unmet)).not.toThrow();
    expect(() =>
      assertNotExamRestricted({ ...student, role: 'dosen' }, { kategori: 'uas' }, unmet),
    ).not.toThrow();
    expect(() => assertNotExamRestricted(student, { kategori: 'uas' }, {})).not.toThrow();
    const feesOnly = { tunggakan_biaya: { memenuhi_syarat: false, kekurangan: ['x'] } };
    expect(() => assertNotExamRestricted(student, { kategori: 'uts' }, feesOnly)).not.toThrow();
  });
  it('closes an exam meeting to a student under the attendance minimum set by the college', async () => {
    const uts = await meetingId(sharedClassId, 8);
    const lecture = await meetingId(sharedClassId, 2);
    await t.database.query(
      `update colleges set settings = '{"pembatasan_akses":{"kehadiran_ujian":{"aktif":true,"persen_minimal":100}}}' where id = 'demo'`,
    );
    t.app.invalidateCollegeCache();
    try {
      const res = await get('mahasiswa', `/v2/lms/pertemuan/${uts}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().status.code).toBe('pembatasan_ujian_kehadiran');
      expect(res.json().detail).toEqual({ syarat: 'kehadiran_uts', kekurangan: [expect.any(String)] });
      expect((await get('mahasiswa', `/v2/lms/pertemuan/${lecture}`)).statusCode).toBe(200);
      expect((await get('dosen', `/v2/lms/pertemuan/${uts}`)).statusCode).toBe(200);
    } finally {
      await t.database.query(`update colleges set settings = '{}' where id = 'demo'`);
      t.app.invalidateCollegeCache();
    }
    expect((await get('mahasiswa', `/v2/lms/pertemuan/${uts}`)).statusCode).toBe(200);
  });
});

describe('GET /v2/lms/kelas_kuliah/{id}/pertemuan', () => {
  it('lists a class meetings with total and title search', async () => {
    const all = (await get('mahasiswa', `/v2/lms/kelas_kuliah/${sharedClassId}/pertemuan`)).json();
    expect(all.meta.total_items).toBe(16);
    expect(all.data.map((m: { nomor: number }) => m.nomor).slice(0, 3)).toEqual([1, 2, 3]);
    const uts = (
      await get('operator.lihat', `/v2/lms/kelas_kuliah/${sharedClassId}/pertemuan?search=tengah`)
    ).json();
    expect(uts.data.map((m: { nomor: number }) => m.nomor)).toEqual([8]);
    expect(uts.meta.total_items).toBe(1);
    expect((await get('mahasiswa.cuti', `/v2/lms/kelas_kuliah/${sharedClassId}/pertemuan`)).statusCode).toBe(
      403,
    );
  });
});

describe('PUT /v2/lms/pertemuan/{id}', () => {
  it('saves title and description, with the exact messages for missing or long fields', async () => {
    const id = await meetingId(sharedClassId, 10);
    const ok = await put('dosen', `/v2/lms/pertemuan/${id}`, {
      judul: 'Normalisasi Lanjut',
      deskripsi: 'Bentuk normal.',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ judul: 'Normalisasi Lanjut', deskripsi: 'Bentuk normal.' });

    const missing = await put('dosen', `/v2/lms/pertemuan/${id}`, { judul: ' ', deskripsi: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().status).toEqual({
      code: 'pengisian_belum_lengkap',
      message: 'Pengisian Data Belum Lengkap!',
    });
    expect(missing.json().detail.fields).toEqual([
      { field: 'judul', message: 'Judul wajib diisi!' },
      { field: 'deskripsi', message: 'Deskripsi wajib diisi!' },
    ]);
    const long = await put('dosen', `/v2/lms/pertemuan/${id}`, { deskripsi: 'x'.repeat(301) });
    expect(long.json().status).toEqual({
      code: 'deskripsi_terlalu_panjang',
      message: 'Deskripsi tidak boleh lebih dari 300 karakter',
    });
    expect((await put('dosen', `/v2/lms/pertemuan/${id}`, { deskripsi: 'x'.repeat(300) })).statusCode).toBe(
      200,
    );
    expect((await put('dosen', `/v2/lms/pertemuan/${id}`, { jenis: 'hybrid' })).statusCode).toBe(400);
  });

  it('lets only the class lecturers and operators with write edit', async () => {
    const id = await meetingId(sharedClassId, 11);
    expect((await put('mahasiswa', `/v2/lms/pertemuan/${id}`, { judul: 'x' })).statusCode).toBe(403);
    expect((await put('operator.lihat', `/v2/lms/pertemuan/${id}`, { judul: 'x' })).statusCode).toBe(403);
    expect((await put('operator', `/v2/lms/pertemuan/${id}`, { judul: 'Oleh operator' })).statusCode).toBe(
      200,
    );
    expect((await put('operator', `/v2/lms/pertemuan/${other.meetingId}`, { judul: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('edits the schedule within the session window, with a room for offline meetings', async () => {
    const id = await meetingId(sharedClassId, 12);
    const base = { judul: 'Transaksi', deskripsi: 'Transaksi basis data.', id_sesi: await sesi2() };
    const moved = await put('dosen', `/v2/lms/pertemuan/${id}`, {
      ...base,
      jenis: 'offline',
      waktu_mulai: '2030-01-07T10:30:00+07:00',
      waktu_selesai: '2030-01-07T12:10:00+07:00',
      id_ruangan: await aula(),
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({
      waktu_mulai: '2030-01-07T03:30:00.000Z',
      waktu_selesai: '2030-01-07T05:10:00.000Z',
      jenis: 'offline',
      ruangan: { nama: 'Aula Utama' },
      sesi: { nama: 'Sesi 2' },
      parameter_kehadiran: { unduh_materi: false, hadir_vidcon: false },
    });

    const outside = await put('dosen', `/v2/lms/pertemuan/${id}`, {
      ...base,
      waktu_mulai: '2030-01-07T13:00:00+07:00',
      waktu_selesai: '2030-01-07T14:00:00+07:00',
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().status).toEqual({
      code: 'jadwal_tidak_valid',
      message: 'Waktu mulai harus di antara 10:00 dan 12:30 (Sesi 2)',
    });
    const nextDay = await put('dosen', `/v2/lms/pertemuan/${id}`, {
      ...base,
      waktu_mulai: '2030-01-07T11:00:00+07:00',
      waktu_selesai: '2030-01-08T00:30:00+07:00',
    });
    expect(nextDay.json().detail.fields[0].message).toBe(
      'Waktu selesai paling lambat pukul 23:59:59 di hari yang sama',
    );
    const noRoom = await put('dosen', `/v2/lms/pertemuan/${id}`, {
      ...base,
      jenis: 'offline',
      id_ruangan: '',
    });
    expect(noRoom.json().detail.fields).toEqual([
      { field: 'id_ruangan', message: 'id_ruangan wajib diisi!' },
    ]);
    const noSession = await put('dosen', `/v2/lms/pertemuan/${id}`, { ...base, id_sesi: null });
    expect(noSession.json().status.code).toBe('pengisian_belum_lengkap');

    // Empty jenis becomes online (no room, materials count), empty kategori becomes kuliah.
    const online = await put('operator', `/v2/lms/pertemuan/${id}`, {
      ...base,
      jenis: '',
      kategori: '',
      parameter_kehadiran: { unduh_materi: false, kerjakan_tugas: true },
    });
    expect(online.statusCode).toBe(200);
    expect(online.json().data).toMatchObject({
      jenis: 'online',
      kategori: 'kuliah',
      ruangan: null,
      parameter_kehadiran: { unduh_materi: true, kerjakan_tugas: true },
    });
    // A lecturer's attendance parameters are ignored: hidden from lecturers.
    const lecturer = await put('dosen', `/v2/lms/pertemuan/${id}`, {
      ...base,
      parameter_kehadiran: { kerjakan_tugas: false },
    });
    expect(lecturer.json().data.parameter_kehadiran.kerjakan_tugas).toBe(true);
  });

  it('refuses a room that is out of use or too small', async () => {
    const id = await meetingId(sharedClassId, 13);
    const small = await idOf(`select id from rooms where college_id = 'demo' and nama = 'Gedung B R.302'`);
    await t.database.query(`update rooms set kapasitas = 5 where id = $1`, [small]);
    const res = await put('dosen', `/v2/lms/pertemuan/${id}`, {
      jenis: 'offline',
      id_sesi: await sesi2(),
      waktu_mulai: '2030-02-04T10:00:00+07:00',
      waktu_selesai: '2030-02-04T11:00:00+07:00',
      id_ruangan: small,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status.code).toBe('ruangan_tidak_tersedia');
    expect(res.json().detail.fields[0].message).toBe('Gedung B R.302 Tidak Tersedia');

    // Large enough but out of use.
    const unused = await idOf(`select id from rooms where college_id = 'demo' and nama = 'Aula Utama'`);
    await t.database.query(`update rooms set is_available = false where id = $1`, [unused]);
    const closed = await put('dosen', `/v2/lms/pertemuan/${id}`, {
      jenis: 'offline',
      id_sesi: await sesi2(),
      waktu_mulai: '2030-02-04T10:00:00+07:00',
      waktu_selesai: '2030-02-04T11:00:00+07:00',
      id_ruangan: unused,
    });
    expect(closed.json().detail.fields[0].message).toBe('Aula Utama Tidak Tersedia');
  });

  it('lets the schedule change only for the kind the college allows', async () => {
    const id = await meetingId(sharedClassId, 14);
    await t.database.query(
      `update colleges set settings = '{"pengaturan_kelas":{"ubah_jadwal_pertemuan":{"online":true,"offline":false}}}' where id = 'demo'`,
    );
    t.app.invalidateCollegeCache();
    try {
      const online = (await get('dosen', `/v2/lms/pertemuan/${id}`)).json().data;
      expect(online.jenis).toBe('online');
      expect(online.akses.ubah_jadwal).toBe(true);
      const moved = await put('dosen', `/v2/lms/pertemuan/${id}`, {
        id_sesi: await sesi2(),
        waktu_mulai: '2030-05-06T10:00:00+07:00',
        waktu_selesai: '2030-05-06T11:00:00+07:00',
      });
      expect(moved.json().data.waktu_mulai).toBe('2030-05-06T03:00:00.000Z');
      const offline = await meetingId(sharedClassId, 12);
      await t.database.query(`update meetings set jenis = 'offline' where id = $1`, [offline]);
      expect((await get('dosen', `/v2/lms/pertemuan/${offline}`)).json().data.akses.ubah_jadwal).toBe(false);
    } finally {
      await t.database.query(`update colleges set settings = '{}' where id = 'demo'`);
      t.app.invalidateCollegeCache();
    }
  });

  it('drops schedule fields when the college does not allow schedule edits', async () => {
    const id = await meetingId(sharedClassId, 14);
    const before = (await get('dosen', `/v2/lms/pertemuan/${id}`)).json().data;
    await t.database.query(
      `update colleges set settings = '{"pengaturan_kelas":{"ubah_jadwal_pertemuan":{"online":false,"offline":false}}}' where id = 'demo'`,
    );
    t.app.invalidateCollegeCache();
    try {
      const res = await put('dosen', `/v2/lms/pertemuan/${id}`, {
        judul: 'Tanpa ubah jadwal',
        deskripsi: 'Jadwal tetap.',
        waktu_mulai: '2030-03-04T10:00:00+07:00',
        waktu_selesai: '2030-03-04T11:00:00+07:00',
        id_sesi: null,
        pengajar_kelas: [],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        judul: 'Tanpa ubah jadwal',
        waktu_mulai: before.waktu_mulai,
        waktu_selesai: before.waktu_selesai,
        id_sesi: before.id_sesi,
        akses: { ubah_jadwal: false, ubah_pengajar: false },
      });
    } finally {
      await t.database.query(`update colleges set settings = '{}' where id = 'demo'`);
      t.app.invalidateCollegeCache();
    }
  });

  it('lets only the main teacher tick teachers, and needs at least one', async () => {
    // dosen is the second teacher of the evening class, not its main teacher.
    const k1 = await meetingId('20261_K1_IF2101', 15);
    const detail = (await get('dosen', `/v2/lms/pertemuan/${k1}`)).json().data;
    expect(detail.akses.ubah_pengajar).toBe(false);
    const untick = detail.pengajar_kelas.map((p: { id: string }) => ({ id: p.id, is_pengajar: false }));
    const ignored = await put('dosen', `/v2/lms/pertemuan/${k1}`, { pengajar_kelas: untick });
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json().data.pengajar_kelas.every((p: { is_pengajar: boolean }) => p.is_pengajar)).toBe(
      true,
    );

    const own = await meetingId(sharedClassId, 15);
    const teachers = (await get('dosen', `/v2/lms/pertemuan/${own}`)).json().data.pengajar_kelas;
    const none = await put('dosen', `/v2/lms/pertemuan/${own}`, {
      id_sesi: await sesi2(),
      waktu_mulai: '2030-04-01T10:00:00+07:00',
      waktu_selesai: '2030-04-01T11:00:00+07:00',
      pengajar_kelas: teachers.map((p: { id: string }) => ({ id: p.id, is_pengajar: false })),
    });
    expect(none.json().detail.fields).toEqual([
      { field: 'pengajar_kelas', message: 'Pengajar wajib diisi!' },
    ]);
    const stranger = await put('dosen', `/v2/lms/pertemuan/${own}`, {
      pengajar_kelas: [{ id: '00000000-0000-4000-8000-000000000000', is_pengajar: true }],
    });
    expect(stranger.json().status.code).toBe('pengajar_tidak_valid');

    // Operators with write edit the meeting, but its teachers stay as the main teacher ticked them.
    const byOperator = await put('operator', `/v2/lms/pertemuan/${own}`, {
      pengajar_kelas: teachers.map((p: { id: string }) => ({ id: p.id, is_pengajar: false })),
    });
    expect(byOperator.statusCode).toBe(200);
    expect(byOperator.json().data.pengajar_kelas).toEqual(teachers);
  });
});

describe('PUT /v2/lms/pertemuan/{id}/start and /end', () => {
  it('starts and ends a meeting once each, for its lecturers and operators with write', async () => {
    const id = await meetingId(sharedClassId, 16);
    expect((await put('mahasiswa', `/v2/lms/pertemuan/${id}/start`)).statusCode).toBe(403);
    expect((await put('operator.lihat', `/v2/lms/pertemuan/${id}/start`)).statusCode).toBe(403);
    const early = await put('dosen', `/v2/lms/pertemuan/${id}/end`);
    expect(early.statusCode).toBe(409);
    expect(early.json().status.code).toBe('pertemuan_belum_dimulai');

    const started = await put('dosen', `/v2/lms/pertemuan/${id}/start`);
    expect(started.statusCode).toBe(200);
    expect(started.json().data).toMatchObject({ status: 'berlangsung', selesai_kuliah: null });
    expect(Date.now() - Date.parse(started.json().data.mulai_kuliah)).toBeLessThan(60_000);
    expect((await put('dosen', `/v2/lms/pertemuan/${id}/start`)).json().status.code).toBe(
      'pertemuan_sudah_dimulai',
    );

    const ended = await put('operator', `/v2/lms/pertemuan/${id}/end`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data.status).toBe('selesai');
    expect(ended.json().data.selesai_kuliah).not.toBeNull();
    expect((await put('dosen', `/v2/lms/pertemuan/${id}/end`)).json().status.code).toBe(
      'pertemuan_sudah_selesai',
    );
    expect((await put('operator', `/v2/lms/pertemuan/${other.meetingId}/start`)).statusCode).toBe(404);
  });
});
