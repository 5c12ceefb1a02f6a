import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStableUuid } from '../db/seed/seeded-random.ts';
import { secondCollegeAccounts, secondCollegeId } from '../db/seed/second-college.seed.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { bearerHeaders, signIn } from '../testing/requests.ts';

// The seed's second college shares course and class ids with the demo university (IF2101, IF2102,
// SI2101); KM1001 exists only there, IF3101 only in the demo. Every route family must answer another
// college's ids with 404 (or leave them out of lists), and read a shared id within the caller's college.

const demo = 'demo';
const samudra = secondCollegeId;
const sharedClass = '20261_01_IF2101';
const samudraOnlyClass = '20261_01_KM1001';
const demoOnlyClass = '20261_01_IF3101';
const samudraMeeting = createStableUuid(`${samudra}:pertemuan:${sharedClass}:1`);
const demoMeeting = createStableUuid(`${demo}:pertemuan:${sharedClass}:1`);
const samudraAnnouncement = createStableUuid(`${samudra}:pengumuman:0`);
const demoAnnouncement = createStableUuid(`${demo}:pengumuman:0`);
const samudraHelp = createStableUuid(`${samudra}:bantuan:0`);
const demoHelp = createStableUuid(`${demo}:bantuan:0`);

/** Names that only the second college's rows carry; a demo caller must never see them. */
const samudraMarkers = [
  'Samudra',
  'Kewirausahaan Maritim',
  'Sistem Basis Data',
  'Nurul Hidayah',
  'Rahmat Hidayat',
  'Hendra Saputra',
  'Gedung Bahari',
  'Sesi Pagi',
  'Bukit Besar',
];
/** Names that only the demo university's rows carry; a second-college caller must never see them. */
const demoMarkers = [
  'Nusantara Digital',
  'Budi Santoso',
  'Rizky Aditya Pratama',
  'Siti Rahmawati',
  'Analisis dan Perancangan Sistem',
  'Gedung A R.101',
  'Kampus Dago',
];

let t: TestApp;
const tokens: Record<string, { token: string; college: string }> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  for (const u of ['operator', 'dosen', 'mahasiswa']) {
    tokens[u] = { token: (await signIn(t.app, u)).access_token, college: demo };
  }
  for (const [role, u] of Object.entries(secondCollegeAccounts)) {
    tokens[`${role}2`] = {
      token: (await signIn(t.app, u, { collegeId: samudra })).access_token,
      college: samudra,
    };
  }
});
afterAll(async () => {
  await t?.close();
});

const demoCallers = ['operator', 'dosen', 'mahasiswa'];
const samudraCallers = ['operator2', 'dosen2', 'mahasiswa2'];

function call(who: string, url: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE' = 'GET', payload?: object) {
  const { token, college } = tokens[who]!;
  return t.app.inject({ method, url, headers: bearerHeaders(token, college), payload });
}

/** An instant `days` from now, for time-range queries (the seed follows the clock). */
function around(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString();
}

/** Asserts the answer is a 404 for every caller. */
async function expectNotFound(
  callers: string[],
  url: string,
  method: 'GET' | 'PUT' | 'DELETE' = 'GET',
  payload?: object,
) {
  for (const who of callers) {
    const res = await call(who, url, method, payload);
    expect(res.statusCode, `${who} ${method} ${url}`).toBe(404);
  }
}

/** Asserts the answer (any status) mentions none of the other college's names. */
async function expectNoneOf(callers: string[], url: string, markers: string[]) {
  for (const who of callers) {
    const res = await call(who, url);
    expect(res.statusCode, `${who} GET ${url}: ${res.body.slice(0, 200)}`).toBe(200);
    for (const m of markers) expect(res.body, `${who} GET ${url} shows ${m}`).not.toContain(m);
  }
}

describe('cross-college isolation', () => {
  it('signs in to either college only with that college’s header', async () => {
    const res = await t.app.inject({
      url: '/v2/user_info',
      headers: bearerHeaders(tokens['operator']!.token, samudra),
    });
    expect(res.statusCode).toBe(401);
    await expect(signIn(t.app, secondCollegeAccounts.operator)).rejects.toThrow();
  });

  it('classes: another college’s class ids answer 404; lists leave them out', async () => {
    await expectNotFound(demoCallers, `/v2/lms/kelas_kuliah/${samudraOnlyClass}`);
    await expectNotFound(samudraCallers, `/v2/lms/kelas_kuliah/${demoOnlyClass}`);
    await expectNotFound(['operator'], `/v2/lms/kelas_kuliah/${samudraOnlyClass}/pertemuan`);
    await expectNotFound(['operator'], `/v2/lms/kelas_kuliah/${samudraOnlyClass}/peserta/nim_nama`);
    await expectNotFound(['operator'], `/v2/lms/kelas_kuliah/${samudraOnlyClass}/ketua_kelas`, 'PUT', {
      nim: '2024910001',
    });
    await expectNotFound(['operator2'], `/v2/lms/kelas_kuliah/${demoOnlyClass}/ketua_kelas`, 'PUT', {
      nim: '',
    });
    await expectNoneOf(demoCallers, '/v2/lms/kelas_kuliah?per_page=100', samudraMarkers);
    await expectNoneOf(samudraCallers, '/v2/lms/kelas_kuliah?per_page=100', demoMarkers);
    const list = (await call('operator2', '/v2/lms/kelas_kuliah?per_page=100')).json();
    expect(list.meta.total_items).toBe(4);
  });

  it('classes: the same class id in two colleges reads each college’s own class, teachers and students', async () => {
    const mine = (await call('operator', `/v2/lms/kelas_kuliah/${sharedClass}`)).json().data;
    const theirs = (await call('operator2', `/v2/lms/kelas_kuliah/${sharedClass}`)).json().data;
    expect(mine.mata_kuliah.nama).toBe('Struktur Data');
    expect(theirs.mata_kuliah.nama).toBe('Algoritma dan Struktur Data Lanjut');
    expect(theirs.pengajar).toHaveLength(1);
    expect(theirs.pengajar[0].nama).toContain('Nurul Hidayah');
    for (const m of samudraMarkers) expect(JSON.stringify(mine)).not.toContain(m);
    for (const m of demoMarkers) expect(JSON.stringify(theirs)).not.toContain(m);
    expect(theirs.peserta.map((p: { nim: string }) => p.nim).sort()).toEqual([
      '2024910001',
      '2024910002',
      '2024910003',
      '2024920001',
      '2024920002',
      '2024930001',
    ]);
    expect(mine.peserta.length).toBeGreaterThan(6);
    const myMeetings = (
      await call('operator', `/v2/lms/kelas_kuliah/${sharedClass}/pertemuan?per_page=100`)
    ).json();
    const theirMeetings = (
      await call('operator2', `/v2/lms/kelas_kuliah/${sharedClass}/pertemuan?per_page=100`)
    ).json();
    expect(theirMeetings.meta.total_items).toBe(16);
    expect(myMeetings.meta.total_items).toBe(16);
    const ids = (r: { data: { id: string }[] }) => r.data.map((m) => m.id);
    expect(ids(myMeetings)).not.toContain(samudraMeeting);
    expect(ids(theirMeetings)).toContain(samudraMeeting);
    // Both rows are intact in the database.
    const rows = await t.database.query<{ college_id: string }>(
      `select college_id from classes where id = '${sharedClass}' order by college_id`,
    );
    expect(rows.map((r) => r.college_id)).toEqual([demo, samudra]);
  });

  it('meetings: another college’s meeting answers 404, also to writes', async () => {
    await expectNotFound(demoCallers, `/v2/lms/pertemuan/${samudraMeeting}`);
    await expectNotFound(samudraCallers, `/v2/lms/pertemuan/${demoMeeting}`);
    await expectNotFound(['operator'], `/v2/lms/pertemuan/${samudraMeeting}`, 'PUT', { judul: 'x' });
    await expectNotFound(['dosen2'], `/v2/lms/pertemuan/${demoMeeting}/start`, 'PUT');
    expect((await call('operator2', `/v2/lms/pertemuan/${samudraMeeting}`)).statusCode).toBe(200);
  });

  it('attendance: another college’s meetings and classes answer 404; lists and recaps hold the caller’s own', async () => {
    const base = '/v2/lms/kehadiran_mahasiswa';
    await expectNotFound(['operator', 'dosen'], `${base}/pertemuan/${samudraMeeting}`);
    await expectNotFound(['operator2', 'dosen2'], `${base}/pertemuan/${demoMeeting}`);
    await expectNotFound(['operator'], `${base}/pertemuan/${samudraMeeting}`, 'PUT', {
      data: [{ nim: '2024910001', presensi: 'H' }],
    });
    await expectNotFound(['operator'], `${base}/kelas_kuliah/${samudraOnlyClass}`);
    await expectNotFound(['operator2'], `${base}/kelas_kuliah/${demoOnlyClass}/export_excel`);
    expect(
      (await call('operator', `${base}/pertemuan/${samudraMeeting}/hitung_ulang`, 'POST')).statusCode,
    ).toBe(404);
    await expectNoneOf(['operator'], `${base}?per_page=100`, samudraMarkers);
    await expectNoneOf(['operator2'], `${base}?per_page=100`, demoMarkers);
    await expectNoneOf(['mahasiswa2'], `${base}/me`, demoMarkers);
    // The shared class id: each college's recap is of its own students.
    await expectNoneOf(['operator'], `${base}/kelas_kuliah/${sharedClass}`, samudraMarkers);
    await expectNoneOf(['operator2'], `${base}/kelas_kuliah/${sharedClass}`, demoMarkers);
  });

  it('schedule: timetables, rooms and sessions are the caller’s college’s; clash checks refuse other ids', async () => {
    const range = `waktu_mulai=${around(-14)}&waktu_selesai=${around(14)}&per_page=1000`;
    await expectNoneOf(demoCallers, `/v2/lms/jadwal?${range}`, samudraMarkers);
    await expectNoneOf(samudraCallers, `/v2/lms/jadwal?${range}`, demoMarkers);
    await expectNoneOf(['operator'], '/v2/lms/ruangan', samudraMarkers);
    await expectNoneOf(['operator2'], '/v2/lms/ruangan', demoMarkers);
    await expectNoneOf(['operator'], '/v2/lms/sesi_kuliah', samudraMarkers);
    await expectNoneOf(['operator2'], '/v2/lms/kampus', demoMarkers);
    const clash = await call('operator', '/v2/lms/pertemuan/cek_bentrok', 'PUT', {
      id_kelas_kuliah: samudraOnlyClass,
      waktu_mulai: '2026-12-01T01:00:00Z',
      waktu_selesai: '2026-12-01T03:00:00Z',
      jenis: 'online',
    });
    expect(clash.statusCode).toBe(404);
  });

  it('academic: another college’s course, syllabus and plans answer 404; a shared course id reads its own', async () => {
    for (const path of ['', '/silabus']) {
      await expectNotFound(['operator', 'dosen'], `/v2/academic/matakuliah/KM1001${path}`);
      await expectNotFound(['operator2', 'dosen2'], `/v2/academic/matakuliah/IF3101${path}`);
    }
    for (const plan of ['rencana-pembelajaran', 'rencana-evaluasi']) {
      await expectNotFound(['operator'], `/v2/academic/makul/KM1001/${plan}`);
      await expectNotFound(['operator2'], `/v2/academic/makul/IF3101/${plan}`);
    }
    const mine = await call('operator', '/v2/academic/makul/IF2101/rencana-pembelajaran');
    const theirs = await call('operator2', '/v2/academic/makul/IF2101/rencana-pembelajaran');
    expect(mine.json().data).toHaveLength(16);
    expect(theirs.json().data).toHaveLength(2);
    await expectNoneOf(['operator'], '/v1/makul_ref?per_page=100&search=KM', samudraMarkers);
    await expectNoneOf(['operator2'], '/v1/prodi_ref?per_page=100', demoMarkers);
  });

  it('announcements and news: another college’s answer 404 and stay out of lists', async () => {
    await expectNotFound(demoCallers, `/v2/lms/pengumuman/${samudraAnnouncement}`);
    await expectNotFound(samudraCallers, `/v2/lms/pengumuman/${demoAnnouncement}`);
    await expectNotFound(['operator'], `/v2/lms/pengumuman/${samudraAnnouncement}`, 'DELETE');
    await expectNoneOf(demoCallers, '/v2/lms/pengumuman?per_page=100', samudraMarkers);
    await expectNoneOf(samudraCallers, '/v2/lms/pengumuman?per_page=100', demoMarkers);
    await expectNoneOf(samudraCallers, '/v2/lms/berita?per_page=100', demoMarkers);
  });

  it('help: another college’s article answers 404 and stays out of the list', async () => {
    await expectNotFound(demoCallers, `/v2/lms/bantuan/${samudraHelp}`);
    await expectNotFound(samudraCallers, `/v2/lms/bantuan/${demoHelp}`);
    await expectNotFound(['operator'], `/v2/lms/bantuan/${samudraHelp}`, 'DELETE');
    await expectNoneOf(demoCallers, '/v2/lms/bantuan', samudraMarkers);
    const theirs = (await call('mahasiswa2', '/v2/lms/bantuan')).body;
    expect(theirs).toContain('Universitas Samudra Raya');
    for (const m of demoMarkers) expect(theirs).not.toContain(m);
  });

  it('activity log: each college’s operators see their own college’s entries only', async () => {
    await expectNoneOf(['operator'], '/v2/lms/log_aktivitas?per_page=100', samudraMarkers);
    await expectNoneOf(['operator2'], '/v2/lms/log_aktivitas?per_page=100', demoMarkers);
    await expectNoneOf(['mahasiswa2'], '/v2/lms/log_aktivitas/me?per_page=100', demoMarkers);
  });

  it('settings and configuration: each college reads its own', async () => {
    await expectNoneOf(['operator'], '/v2/lms/pengaturan', samudraMarkers);
    await expectNoneOf(['operator2'], '/v2/lms/pengaturan', demoMarkers);
    const theirs = await t.app.inject({ url: '/v1/configuration', headers: { 'college-id': samudra } });
    expect(theirs.body).toContain('Universitas Samudra Raya');
    // Without a header: the default college (the demo university), not an error.
    const fallback = await t.app.inject({ url: '/v1/configuration' });
    expect(fallback.statusCode).toBe(200);
    expect(fallback.body).toContain('Universitas Nusantara Digital');
  });

  it('users and profiles: directories and profiles hold the caller’s college only', async () => {
    for (const url of [
      '/v2/lms/dosen?per_page=100',
      '/v2/lms/mahasiswa?per_page=100',
      '/v1/dosen_ref?per_page=100',
    ]) {
      await expectNoneOf(['operator'], url, samudraMarkers);
      await expectNoneOf(['operator2'], url, demoMarkers);
    }
    await expectNoneOf(samudraCallers, '/v2/lms/profil', demoMarkers);
    await expectNoneOf(samudraCallers, '/v2/user_info', demoMarkers);
  });

  it('students: another college’s nim answers 404', async () => {
    await expectNotFound(['operator'], '/v1/mahasiswa/2024910001');
    await expectNotFound(['operator'], '/v1/mahasiswa/2024910001/biodata_singkat_web');
    const demoNim = (
      await t.database.query<{ nim: string }>(
        `select s.nim from students s join users u on u.id = s.user_id where u.username = 'mahasiswa' and u.college_id = 'demo'`,
      )
    )[0]!.nim;
    await expectNotFound(['operator2'], `/v1/mahasiswa/${demoNim}`);
    await expectNotFound(['operator2'], `/v1/mahasiswa/${demoNim}/tahun_semester`);
  });

  it('dashboard: calendars and statistics count the caller’s college only', async () => {
    const range = `start=${around(-14)}&end=${around(14)}`;
    await expectNoneOf(demoCallers, `/v2/lms/kalender?${range}`, samudraMarkers);
    await expectNoneOf(samudraCallers, `/v2/lms/kalender?${range}`, demoMarkers);
    await expectNoneOf(samudraCallers, '/v2/lms/statistik_beranda', demoMarkers);
  });

  it('period: each college has its own periods', async () => {
    const theirs = (await call('operator2', '/v1/periode_ref?per_page=100')).json();
    const mine = (await call('operator', '/v1/periode_ref?per_page=100')).json();
    expect(theirs.data).toHaveLength(1);
    expect(mine.data.length).toBeGreaterThan(1);
    expect((await call('mahasiswa2', '/v1/semester_akademik_berjalan')).statusCode).toBe(200);
  });
});

describe('tenancy keys', () => {
  it('refuses a child row that points at another college’s parent', async () => {
    const demoStudent = (
      await t.database.query<{ id: string }>(
        `select id from users where username = 'mahasiswa' and college_id = 'demo'`,
      )
    )[0]!.id;
    await expect(
      t.database.exec(
        `insert into class_students (kelas_id, mahasiswa_id, college_id) values ('${samudraOnlyClass}', '${demoStudent}', '${samudra}')`,
      ),
    ).rejects.toThrow();
    await expect(
      t.database.exec(
        `insert into class_students (kelas_id, mahasiswa_id, college_id) values ('${samudraOnlyClass}', '${demoStudent}', '${demo}')`,
      ),
    ).rejects.toThrow();
  });
});
