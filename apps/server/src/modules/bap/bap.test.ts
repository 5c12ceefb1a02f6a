import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bapMessages } from '@lms/contract/bap.rules';
import { bapMeetingReportJob } from './bap-meeting-report.job.ts';
import { programSignatoryResponseSchema } from '@lms/contract/bap.schema';
import {
  createClass,
  createClassWorld,
  createCourse,
  createMeeting,
  createUser,
  factoryPeriod,
  type ClassWorld,
  type UserRef,
} from '../../testing/factories.ts';
import { pdfPages, pdfText } from '../../testing/pdf-text.ts';
import { bearerHeaders, signIn } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let world: ClassWorld;
let otherWorld: ClassWorld;
const users: Record<string, UserRef> = {};
const tokens: Record<string, string> = {};
let classId: string;
let otherCourseId: string;
const names = {
  utama: 'Ratna Utami',
  kedua: 'Bagus Kedua',
  asisten: 'Citra Asisten',
  ani: 'Ani Peserta',
  budi: 'Budi Peserta',
  kepala: 'Prof. Kepala Prodi',
};
const day = 24 * 3_600_000;
const meetingIds: Record<string, string> = {};

async function setValidation(on: boolean) {
  await t.database.query(`update colleges set settings = $1 where id = $2`, [
    JSON.stringify({ pengaturan_kelas: { validasi_kehadiran_dosen: on } }),
    world.collegeId,
  ]);
  t.app.invalidateCollegeCache();
}

async function lecturerAttendance(meetingId: string, dosenId: string, isHadir: boolean, isValid: boolean) {
  await t.database.query(
    `insert into lecturer_attendance (college_id, pertemuan_id, dosen_id, is_hadir, mulai_kuliah, selesai_kuliah, is_valid, updated_by)
     values ($1, $2, $3, $4, $5, $6, $7, $3)`,
    [
      world.collegeId,
      meetingId,
      dosenId,
      isHadir,
      isHadir ? new Date(Date.UTC(2026, 8, 1, 1, 5)) : null,
      isHadir ? new Date(Date.UTC(2026, 8, 1, 2, 40)) : null,
      isValid,
    ],
  );
}

async function mark(meetingId: string, mahasiswaId: string, presensi: string, source: string, by: string) {
  await t.database.query(
    `insert into student_attendance (college_id, pertemuan_id, mahasiswa_id, presensi, source, updated_by)
     values ($1, $2, $3, $4, $5, $6)`,
    [world.collegeId, meetingId, mahasiswaId, presensi, source, by],
  );
}

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  world = await createClassWorld(t.database);
  otherWorld = await createClassWorld(t.database);
  const c = world.collegeId;
  users.utama = await createUser(t.database, { collegeId: c, role: 'dosen', nama: names.utama });
  users.kedua = await createUser(t.database, { collegeId: c, role: 'dosen', nama: names.kedua });
  users.asisten = await createUser(t.database, { collegeId: c, role: 'dosen', nama: names.asisten });
  users.lain = await createUser(t.database, { collegeId: c, role: 'dosen' });
  users.ani = await createUser(t.database, {
    collegeId: c,
    role: 'mahasiswa',
    nama: names.ani,
    student: { nim: '2026000001' },
  });
  users.budi = await createUser(t.database, {
    collegeId: c,
    role: 'mahasiswa',
    nama: names.budi,
    student: { nim: '2026000002' },
  });
  users.operator = await createUser(t.database, {
    collegeId: c,
    role: 'operator',
    permissions: { kelas_kuliah: 'write', data_master: 'write' },
  });
  users.pembaca = await createUser(t.database, {
    collegeId: c,
    role: 'operator',
    permissions: { kelas_kuliah: 'read' },
  });
  users.asing = await createUser(t.database, {
    collegeId: otherWorld.collegeId,
    role: 'operator',
    permissions: { kelas_kuliah: 'write', data_master: 'write' },
  });
  const kelas = await createClass(t.database, {
    collegeId: c,
    courseId: world.courseId,
    teachers: [users.utama.userId, users.kedua.userId, { dosenId: users.asisten.userId, peran: 'asisten' }],
    studentIds: [users.ani.userId, users.budi.userId],
  });
  classId = kelas.classId;
  const past = (days: number) => new Date(Date.now() - days * day);
  const m1 = await createMeeting(t.database, {
    collegeId: c,
    classId,
    judul: 'Judul Satu',
    waktuMulai: past(14),
  });
  const m2 = await createMeeting(t.database, {
    collegeId: c,
    classId,
    judul: 'Judul Dua',
    jenis: 'offline',
    waktuMulai: past(7),
  });
  meetingIds.satu = m1.meetingId;
  meetingIds.dua = m2.meetingId;
  meetingIds.tiga = (
    await createMeeting(t.database, {
      collegeId: c,
      classId,
      judul: 'Judul Tiga',
      waktuMulai: new Date(Date.now() + 7 * day),
    })
  ).meetingId;
  // Meeting 1: the main teacher attended and was validated, the second one not validated; meeting 2 the
  // other way round.
  await lecturerAttendance(m1.meetingId, users.utama.userId, true, true);
  await lecturerAttendance(m1.meetingId, users.kedua.userId, true, false);
  await lecturerAttendance(m2.meetingId, users.utama.userId, true, false);
  await lecturerAttendance(m2.meetingId, users.kedua.userId, true, true);
  await mark(m1.meetingId, users.ani.userId, 'H', 'manual', users.utama.userId);
  await mark(m1.meetingId, users.budi.userId, 'I', 'manual', users.utama.userId);
  await mark(m2.meetingId, users.ani.userId, 'H', 'qr', users.ani.userId);
  // A class of another course taught by someone else, for the period's zip.
  otherCourseId = (await createCourse(t.database, { collegeId: c, prodiId: world.prodiId })).courseId;
  await createClass(t.database, { collegeId: c, courseId: otherCourseId, teachers: [users.lain.userId] });
  await setValidation(true);
  for (const [name, user] of Object.entries(users)) tokens[name] = (await signIn(t.app, user)).access_token;
}, 120_000);
afterAll(async () => t.close());

const get = (who: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearerHeaders(tokens[who]!) });
const pdf = (who: string, query = '', kelas = classId) =>
  get(who, `/v2/lms/kelas_kuliah/${kelas}/bap/unduh?${query}`);

describe('a class BAP (PDF)', () => {
  it('holds the class report of every meeting held, with lecturers, counts, page numbers', async () => {
    const res = await pdf('utama');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="BAP - .+\.pdf"/);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('BERITA ACARA PERKULIAHAN');
    expect(text).toContain('Laporan Kelas');
    expect(text).toContain('Judul Satu');
    expect(text).toContain('Judul Dua');
    expect(text).not.toContain('Judul Tiga');
    expect(text).toContain(names.utama);
    expect(text).toContain(names.asisten);
    expect(text).toMatch(/1 dari 2/); // meeting 1: Ani present (Budi has Izin)
    expect(text).toContain('tervalidasi');
    expect(text).toContain('Halaman 1 dari');
    expect(text).not.toContain(names.ani); // no detail asked for
  });

  it('Laporan Saya holds only the meetings the lecturer attended and an operator validated', async () => {
    const mine = await pdfText((await pdf('utama', 'laporan_saya=true')).rawPayload);
    expect(mine).toContain(`Laporan Saya: ${names.utama}`);
    expect(mine).toContain('Judul Satu');
    expect(mine).not.toContain('Judul Dua');
    const theirs = await pdfText((await pdf('kedua', 'laporan_saya=true')).rawPayload);
    expect(theirs).toContain('Judul Dua');
    expect(theirs).not.toContain('Judul Satu');
    // The assistant attended nothing: an empty report, not an error.
    const none = await pdfText((await pdf('asisten', 'laporan_saya=true')).rawPayload);
    expect(none).toContain('Belum ada pertemuan yang dilaksanakan');
  });

  it('Laporan Saya takes attendance alone when the college does not validate', async () => {
    await setValidation(false);
    try {
      const mine = await pdfText((await pdf('utama', 'laporan_saya=true')).rawPayload);
      expect(mine).toContain('Judul Satu');
      expect(mine).toContain('Judul Dua');
    } finally {
      await setValidation(true);
    }
  });

  it('the meeting detail lists every student with their mark and how it was given', async () => {
    const res = await pdf('utama', 'include_laporan_kelas=false&include_laporan_pertemuan_detail=true');
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Laporan Detail Pertemuan');
    expect(text).not.toContain('Kehadiran Dosen');
    expect(text).toContain('Pertemuan 1: Judul Satu');
    expect(text).toContain('2026000001');
    expect(text).toContain(names.budi);
    expect(text).toContain('Izin');
    expect(text).toContain(`Manual oleh ${names.utama}`);
    expect(text).toContain('QR Code');
    expect(text).toContain('Belum ada presensi'); // Budi in the offline meeting 2
  });

  it('signs with the program signatory and the lecturers, or not at all', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: `/v1/penandatangan_prodi/${world.prodiId}`,
      headers: bearerHeaders(tokens.operator!),
      payload: { nama: names.kepala, nip: '197001012000121001' },
    });
    expect(put.statusCode).toBe(200);
    const lecturer = await pdfText((await pdf('utama')).rawPayload);
    expect(lecturer).toContain('Mengetahui');
    expect(lecturer).toContain(names.kepala);
    expect(lecturer).toContain('NIP 197001012000121001');
    // A lecturer's class report: the teaching lecturers sign.
    expect(lecturer).toContain(names.kedua);
    const own = await pdfText((await pdf('kedua', 'laporan_saya=true')).rawPayload);
    expect(own.slice(own.indexOf('Mengetahui'))).toContain(names.kedua);
    expect(own.slice(own.indexOf('Mengetahui'))).not.toContain(names.utama);
    const unsigned = await pdfText((await pdf('utama', 'include_tanda_tangan=false')).rawPayload);
    expect(unsigned).not.toContain('Mengetahui');
  });

  it('an operator chooses a teacher: their meetings, signed by the head and the main lecturer', async () => {
    const res = await pdf('pembaca', `id_pengajar=${users.kedua!.userId}`);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Laporan Pengajar: ${names.kedua}`);
    expect(text).toContain('Judul Dua');
    expect(text).not.toContain('Judul Satu');
    const signatures = text.slice(text.indexOf('Mengetahui'));
    expect(signatures).toContain('Dosen Pengajar Utama');
    expect(signatures).toContain(names.utama);
    expect(signatures).not.toContain(names.kedua);
    // The whole class without a teacher.
    const whole = await pdfText((await pdf('operator')).rawPayload);
    expect(whole).toContain('Judul Satu');
    expect(whole).toContain('Judul Dua');
  });

  it('refuses other lecturers, students, another college and reports that are not the caller’s', async () => {
    expect((await pdf('lain')).statusCode).toBe(403);
    expect((await pdf('ani')).statusCode).toBe(403);
    const foreign = await t.app.inject({
      url: `/v2/lms/kelas_kuliah/${classId}/bap/unduh`,
      headers: bearerHeaders(tokens.asing!, otherWorld.collegeId),
    });
    expect(foreign.statusCode).toBe(404);
    const other = await pdf('utama', `id_pengajar=${users.kedua!.userId}`);
    expect(other.statusCode).toBe(403);
    expect(other.json().status.message).toBe(bapMessages.otherLecturerReport);
    expect((await pdf('utama', `id_pengajar=${users.utama!.userId}`)).statusCode).toBe(200);
    const operatorOwn = await pdf('operator', 'laporan_saya=true');
    expect(operatorOwn.statusCode).toBe(403);
    expect(operatorOwn.json().status.message).toBe(bapMessages.ownReportLecturerOnly);
    expect((await pdf('operator', `id_pengajar=${users.lain!.userId}`)).statusCode).toBe(404);
    const nothing = await pdf('utama', 'include_laporan_kelas=false&include_laporan_pertemuan_detail=false');
    expect(nothing.statusCode).toBe(400);
    expect(nothing.body).toContain(bapMessages.noReportPart);
  });
});

async function zipEntries(body: Buffer) {
  const zip = await JSZip.loadAsync(body);
  const entries: Record<string, Buffer> = {};
  for (const file of Object.values(zip.files)) entries[file.name] = await file.async('nodebuffer');
  return entries;
}

describe('the period zip (Unduh Semua BAP)', () => {
  it('holds one PDF per class of the filter, named BAP - {periode}.zip', async () => {
    const res = await get(
      'operator',
      `/v2/lms/kelas_kuliah/bap/unduh?periode=${factoryPeriod}&id_mata_kuliah=${world.courseId}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`filename="BAP - ${factoryPeriod}.zip"`);
    const entries = await zipEntries(res.rawPayload);
    // The world's own class and ours share the course; the other course's class is filtered out.
    expect(Object.keys(entries)).toHaveLength(2);
    const texts = await Promise.all(Object.values(entries).map((b) => pdfText(b)));
    expect(texts.some((x) => x.includes('Judul Satu') && x.includes(names.utama))).toBe(true);
    const all = await get('operator', `/v2/lms/kelas_kuliah/bap/unduh?periode=${factoryPeriod}`);
    expect(Object.keys(await zipEntries(all.rawPayload))).toHaveLength(3);
  });

  it('gives a lecturer only their classes, and Laporan Saya only their meetings', async () => {
    const res = await get(
      'kedua',
      `/v2/lms/kelas_kuliah/bap/unduh?periode=${factoryPeriod}&laporan_saya=true`,
    );
    expect(res.statusCode).toBe(200);
    const entries = await zipEntries(res.rawPayload);
    expect(Object.keys(entries)).toHaveLength(1);
    const [text] = await Promise.all(Object.values(entries).map((b) => pdfText(b)));
    expect(text).toContain('Judul Dua');
    expect(text).not.toContain('Judul Satu');
    const lain = await zipEntries(
      (await get('lain', `/v2/lms/kelas_kuliah/bap/unduh?periode=${factoryPeriod}`)).rawPayload,
    );
    const [lainText] = await Promise.all(Object.values(lain).map((b) => pdfText(b)));
    expect(Object.keys(lain)).toHaveLength(1);
    expect(lainText).not.toContain('Judul Satu');
  });

  it('needs a period and at least one class; refuses students and operators’ Laporan Saya', async () => {
    const missing = await get('operator', '/v2/lms/kelas_kuliah/bap/unduh');
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain(bapMessages.periodRequired);
    const empty = await get('operator', '/v2/lms/kelas_kuliah/bap/unduh?periode=20991');
    expect(empty.statusCode).toBe(404);
    expect(empty.json().status.message).toBe(bapMessages.noClasses);
    expect((await get('ani', `/v2/lms/kelas_kuliah/bap/unduh?periode=${factoryPeriod}`)).statusCode).toBe(
      403,
    );
    expect(
      (await get('operator', `/v2/lms/kelas_kuliah/bap/unduh?periode=${factoryPeriod}&laporan_saya=true`))
        .statusCode,
    ).toBe(403);
    // Another college's operator sees only their own college's classes.
    const foreign = await t.app.inject({
      url: `/v2/lms/kelas_kuliah/bap/unduh?periode=${factoryPeriod}&id_mata_kuliah=${world.courseId}`,
      headers: bearerHeaders(tokens.asing!, otherWorld.collegeId),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('numbers every page of a long report', async () => {
    const pages = await pdfPages((await pdf('utama', 'include_laporan_pertemuan_detail=true')).rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => expect(page).toContain(`Halaman ${i + 1} dari ${pages.length}`));
  });
});

describe('program signatory (penandatangan prodi)', () => {
  const url = () => `/v1/penandatangan_prodi/${otherWorld.prodiId}`;
  it('is null until set, set by Data Master writers only, and read by lecturers and operators', async () => {
    const foreignProgram = await get('operator', url());
    expect(foreignProgram.statusCode).toBe(404);
    const own = `/v1/penandatangan_prodi/${world.prodiId}`;
    const read = await get('utama', own);
    expect(read.statusCode).toBe(200);
    expect(programSignatoryResponseSchema.parse(read.json()).data?.nama).toBe(names.kepala);
    const put = (who: string, payload: object) =>
      t.app.inject({ method: 'PUT', url: own, headers: bearerHeaders(tokens[who]!), payload });
    expect((await put('pembaca', { nama: 'X' })).statusCode).toBe(403);
    expect((await put('utama', { nama: 'X' })).statusCode).toBe(403);
    const blank = await put('operator', { nama: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain(bapMessages.signatoryNameRequired);
    const saved = await put('operator', { nama: names.kepala, jabatan: 'Kaprodi', nidn: '0011223344' });
    expect(saved.json().data).toMatchObject({ jabatan: 'Kaprodi', nidn: '0011223344', nip: null });
    const foreign = await t.app.inject({
      url: `/v1/penandatangan_prodi/${otherWorld.prodiId}`,
      headers: bearerHeaders(tokens.asing!, otherWorld.collegeId),
    });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json().data).toBeNull();
    expect((await get('ani', own)).statusCode).toBe(403);
  });
});

describe('a meeting BAP, generated as the meeting ends', () => {
  const meetingPdf = (who: string, meeting: string) =>
    get(who, `/v2/lms/pertemuan/${meetingIds[meeting]}/bap/unduh`);
  const stored = async () =>
    t.database.query<{ pertemuan_id: string }>(
      `select pertemuan_id from meeting_reports where college_id = $1`,
      [world.collegeId],
    );

  it('the job stores each ended meeting once; the meeting page serves it', async () => {
    expect(await stored()).toEqual([]);
    await bapMeetingReportJob(t.app).handler({});
    const rows = (await stored()).map((r) => r.pertemuan_id);
    // Both held meetings of our class and the worlds' meetings that ended; never the coming one.
    expect(rows).toEqual(expect.arrayContaining([meetingIds.satu, meetingIds.dua]));
    expect(rows).not.toContain(meetingIds.tiga);
    await bapMeetingReportJob(t.app).handler({});
    expect((await stored()).length).toBe(rows.length);
    const res = await meetingPdf('kedua', 'satu');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Pertemuan 1.pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Laporan Pertemuan 1');
    expect(text).toContain('Judul Satu');
    expect(text).not.toContain('Judul Dua');
    expect(text).toContain(names.ani);
    expect(text).toContain('Mengetahui');
  });

  it('is drawn again when attendance changes after the meeting ended, and served stored otherwise', async () => {
    const keyOf = async () =>
      (
        await t.database.query<{ file_key: string; content_hash: string | null }>(
          `select file_key, content_hash from meeting_reports where pertemuan_id = $1`,
          [meetingIds.dua],
        )
      )[0]!;
    const first = await keyOf();
    expect(first.content_hash).toMatch(/^[0-9a-f]{64}$/);
    const before = await meetingPdf('utama', 'dua');
    expect(before.statusCode).toBe(200);
    expect(await pdfText(before.rawPayload)).toContain('Belum ada presensi');
    expect((await keyOf()).file_key).toBe(first.file_key);
    // The lecturer marks Budi Sakit in the ended meeting: the next download holds the new mark.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/v2/lms/kehadiran_mahasiswa/pertemuan/${meetingIds.dua}/mahasiswa/${users.budi!.userId}`,
      headers: bearerHeaders(tokens.utama!),
      payload: { presensi: 'S' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await meetingPdf('utama', 'dua');
    const text = await pdfText(after.rawPayload);
    expect(text).toContain('Sakit');
    expect(text).not.toContain('Belum ada presensi');
    const second = await keyOf();
    expect(second.file_key).not.toBe(first.file_key);
    expect(second.content_hash).not.toBe(first.content_hash);
    // Nothing changed since: the stored copy is served as it is.
    expect((await meetingPdf('pembaca', 'dua')).statusCode).toBe(200);
    expect((await keyOf()).file_key).toBe(second.file_key);
  });

  it('is refused to students, other lecturers and another college; not before the meeting starts', async () => {
    expect((await meetingPdf('ani', 'satu')).statusCode).toBe(403);
    expect((await meetingPdf('lain', 'satu')).statusCode).toBe(403);
    const foreign = await t.app.inject({
      url: `/v2/lms/pertemuan/${meetingIds.satu}/bap/unduh`,
      headers: bearerHeaders(tokens.asing!, otherWorld.collegeId),
    });
    expect(foreign.statusCode).toBe(404);
    const early = await meetingPdf('utama', 'tiga');
    expect(early.statusCode).toBe(409);
    expect(early.json().status.message).toBe(bapMessages.meetingNotHeld);
    expect((await meetingPdf('pembaca', 'dua')).statusCode).toBe(200);
  });
});
