import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examMessages } from '@lms/contract/exam.rules';
import { examSchema } from '@lms/contract/exam.schema';
import {
  createClass,
  createExam,
  createMeeting,
  createUser,
  type ClassWorld,
} from '../../testing/factories.ts';
import { signIn } from '../../testing/requests.ts';
import type { TestApp } from '../../testing/test-app.ts';
import {
  examTestRequests,
  minutesFromNow as minutes,
  openExamTestWorld,
  type ExamTestWorld,
} from './exam.testing.ts';

let people: ExamTestWorld;
let t: TestApp;
let world: ClassWorld;
let otherWorld: ClassWorld;
let tokens: Record<string, string>;

beforeAll(async () => {
  people = await openExamTestWorld();
  ({ t, world, otherWorld, tokens } = people);
}, 120_000);
afterAll(async () => t.close());

const { send, createOpenExam } = examTestRequests(() => people);

const form = (fields: object = {}) => ({
  id_pertemuan: world.meetingId,
  judul: 'Kuis 1',
  deskripsi: '<p>Kerjakan sendiri.</p>',
  jenis: 'kuis',
  sifat: 'close',
  gunakan_batas_waktu: true,
  durasi: 30,
  waktu_mulai: minutes(-5),
  waktu_selesai: minutes(120),
  ...fields,
});

describe('the exam form', () => {
  it('creates an exam in the meeting, syncs its activity and lists it for the class once it has a question', async () => {
    const res = await send('dosen', 'POST', '/v2/lms/ujian', form());
    expect(res.statusCode).toBe(200);
    const exam = examSchema.parse(res.json().data);
    expect(exam).toMatchObject({
      judul: 'Kuis 1',
      status: 'berlangsung',
      ditampilkan: true,
      jumlah_soal: 0,
      jumlah_pengerjaan: 0,
      akses: { ubah: true },
    });
    const meeting = await send('dosen', 'GET', `/v2/lms/pertemuan/${world.meetingId}`);
    expect(meeting.json().data.count_activity.ujian).toBeGreaterThanOrEqual(1);
    // Shown and running, but without questions it is not the students' yet (issue 45): not in their
    // list, meeting, calendar or detail, and not startable. The lecturer sees it, with no questions.
    const ids = (body: { data: Array<{ id: string }> }) => body.data.map((e) => e.id);
    const range = `start=${encodeURIComponent(minutes(-60))}&end=${encodeURIComponent(minutes(180))}`;
    const studentSees = async () => ({
      list: ids((await send('mahasiswa', 'GET', '/v2/lms/ujian?status=berlangsung&per_page=100')).json()),
      block: ids((await send('mahasiswa', 'GET', `/v2/lms/pertemuan/${world.meetingId}/ujian`)).json()),
      calendar: ids((await send('mahasiswa', 'GET', `/v2/lms/kalender?${range}`)).json()),
      detail: (await send('mahasiswa', 'GET', `/v2/lms/ujian/${exam.id}`)).statusCode,
    });
    const before = await studentSees();
    expect(before.list).not.toContain(exam.id);
    expect(before.block).not.toContain(exam.id);
    expect(before.calendar).not.toContain(`ujian:${exam.id}`);
    expect(before.detail).toBe(404);
    expect((await send('mahasiswa', 'POST', `/v2/lms/ujian/${exam.id}/pengerjaan/start`)).statusCode).toBe(
      404,
    );
    const lecturerBlock = await send('dosen', 'GET', `/v2/lms/pertemuan/${world.meetingId}/ujian`);
    expect(lecturerBlock.json().data.find((e: { id: string }) => e.id === exam.id)).toMatchObject({
      jumlah_soal: 0,
    });
    const group = (
      await send('dosen', 'POST', `/v2/lms/ujian/${exam.id}/kelompok_soal`, { aturan: 'semua' })
    ).json().data;
    const question = await send('dosen', 'POST', `/v2/lms/ujian/${exam.id}/kelompok_soal/${group.id}/soal`, {
      pertanyaan: '<p>Benar?</p>',
      isi: { jenis: 'benar_salah', kunci: true },
    });
    expect(question.statusCode).toBe(200);
    const after = await studentSees();
    expect(after.list).toContain(exam.id);
    expect(after.block).toContain(exam.id);
    expect(after.calendar).toContain(`ujian:${exam.id}`);
    expect(after.detail).toBe(200);
    const list = await send('mahasiswa', 'GET', '/v2/lms/ujian?status=berlangsung&per_page=100');
    expect(list.json().data.find((e: { id: string }) => e.id === exam.id).akses).toMatchObject({
      kerjakan: true,
      ubah: false,
    });
  });

  it('narrows /ujian by periode and id_mata_kuliah', async () => {
    // The same lecturer's class of another course in an older period.
    await t.database.query(
      `insert into periods (college_id, kode, label, tanggal_mulai, tanggal_selesai)
       values ($1, 20252, '2025/2026 Genap', '2026-02-01', '2026-08-01')`,
      [world.collegeId],
    );
    const older = await createClass(t.database, {
      collegeId: world.collegeId,
      periode: 20252,
      teachers: [world.teacher.userId],
    });
    const { meetingId } = await createMeeting(t.database, {
      collegeId: world.collegeId,
      classId: older.classId,
    });
    const olderExam = await createExam(t.database, { collegeId: world.collegeId, meetingId });
    const currentExam = await createOpenExam();
    const ids = async (query: string) =>
      (await send('dosen', 'GET', `/v2/lms/ujian?per_page=100&${query}`))
        .json()
        .data.map((e: { id: string }) => e.id);
    const byOlderCourse = await ids(`id_mata_kuliah=${older.courseId}`);
    expect(byOlderCourse).toEqual([olderExam.examId]);
    const byCourse = await ids(`id_mata_kuliah=${world.courseId}`);
    expect(byCourse).toContain(currentExam.examId);
    expect(byCourse).not.toContain(olderExam.examId);
    expect(await ids('periode=20252')).toEqual([olderExam.examId]);
    const byPeriod = await ids(`periode=${world.periode}`);
    expect(byPeriod).toContain(currentExam.examId);
    expect(byPeriod).not.toContain(olderExam.examId);
    expect(await ids(`periode=20252&id_mata_kuliah=${world.courseId}`)).toEqual([]);
    // The operator's list (every class of the college) takes the same filters.
    const operatorList = await send('operator', 'GET', `/v2/lms/ujian?id_mata_kuliah=${older.courseId}`);
    expect(operatorList.json().data.map((e: { id: string }) => e.id)).toEqual([olderExam.examId]);
  });

  it('answers the checks of spec 3 §5 with their exact texts, in order', async () => {
    const cases: Array<[object, string]> = [
      [{ id_pertemuan: null }, 'Pertemuan wajib diisi'],
      [{ durasi: null }, 'Durasi wajib diisi'],
      [{ durasi: 4 }, 'Durasi tidak boleh kurang dari 5 menit'],
      [{ waktu_mulai: null }, 'Waktu mulai wajib diisi'],
      [{ waktu_selesai: null }, 'Waktu selesai wajib diisi'],
      [
        { waktu_mulai: minutes(0), waktu_selesai: minutes(4) },
        'Rentang waktu tidak boleh kurang dari 5 menit',
      ],
      [
        { waktu_mulai: minutes(0), waktu_selesai: minutes(20) },
        'Rentang waktu tidak boleh kurang dari durasi',
      ],
      [{ jenis: 'remedial' }, examMessages.ujianUtamaRequired],
    ];
    for (const [fields, message] of cases) {
      const res = await send('dosen', 'POST', '/v2/lms/ujian', form(fields));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().status.message).toBe(message);
    }
  });

  it('accepts a remedial only with a main exam of the same meeting', async () => {
    const main = await createOpenExam();
    const other = await createExam(t.database, {
      collegeId: otherWorld.collegeId,
      meetingId: otherWorld.meetingId,
    });
    const refused = await send(
      'dosen',
      'POST',
      '/v2/lms/ujian',
      form({ jenis: 'remedial', id_ujian_utama: other.examId }),
    );
    expect(refused.json().status.message).toBe('Tidak ada ujian di pertemuan ini');
    const res = await send(
      'dosen',
      'POST',
      '/v2/lms/ujian',
      form({ jenis: 'remedial', id_ujian_utama: main.examId, peserta_remedial: ['X-NIM'] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      jenis: 'remedial',
      id_ujian_utama: main.examId,
      peserta_remedial: ['X-NIM'],
    });
    // Not a participant: the student does not see it.
    const seen = await send('mahasiswa', 'GET', `/v2/lms/ujian/${res.json().data.id}`);
    expect(seen.statusCode).toBe(404);
    const mainNow = await send('dosen', 'GET', `/v2/lms/ujian/${main.examId}`);
    expect(mainNow.json().data.has_remedial).toBe(true);
  });

  it('refuses outsiders, students, reading operators and another college', async () => {
    expect((await send('mahasiswa', 'POST', '/v2/lms/ujian', form())).statusCode).toBe(403);
    // Another college's lecturer does not even find the meeting.
    expect((await send('asing', 'POST', '/v2/lms/ujian', form())).statusCode).toBe(404);
    expect((await send('operator_baca', 'POST', '/v2/lms/ujian', form())).statusCode).toBe(403);
    const exam = await createOpenExam();
    expect((await send('mahasiswa_lain', 'GET', `/v2/lms/ujian/${exam.examId}`)).statusCode).toBe(403);
    expect((await send('asing', 'PUT', `/v2/lms/ujian/${exam.examId}`, form())).statusCode).toBe(404);
    expect((await send('mahasiswa_asing', 'GET', `/v2/lms/ujian/${exam.examId}`)).statusCode).toBe(404);
    expect((await send('operator_baca', 'GET', `/v2/lms/ujian/${exam.examId}`)).statusCode).toBe(200);
    expect(
      (await send('operator', 'PUT', `/v2/lms/ujian/${exam.examId}`, form({ judul: 'Diubah' }))).json().data
        .judul,
    ).toBe('Diubah');
  });

  it('locks the start once an attempt exists, and deletes with attempts and remedials', async () => {
    const exam = await createOpenExam({ attemptBy: [world.student.userId] });
    const res = await send(
      'dosen',
      'PUT',
      `/v2/lms/ujian/${exam.examId}`,
      form({ waktu_mulai: minutes(-3) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().status.message).toBe(examMessages.startLocked);
    const remedial = await send(
      'dosen',
      'POST',
      '/v2/lms/ujian',
      form({ jenis: 'remedial', id_ujian_utama: exam.examId }),
    );
    expect(remedial.statusCode).toBe(200);
    expect((await send('dosen', 'DELETE', `/v2/lms/ujian/${exam.examId}`)).statusCode).toBe(200);
    expect((await send('dosen', 'GET', `/v2/lms/ujian/${remedial.json().data.id}`)).statusCode).toBe(404);
    const [left] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from activities where college_id = $1 and kind = 'ujian' and content_id = any($2)`,
      [world.collegeId, [exam.examId, remedial.json().data.id]],
    );
    expect(left!.n).toBe(0);
  });

  it('copies an exam with its questions into a meeting', async () => {
    const source = await createOpenExam();
    const list = await send('dosen', 'GET', `/v2/lms/ujian/salin?search=Kuis`);
    expect(list.statusCode).toBe(200);
    const none = await send('dosen', 'POST', '/v2/lms/ujian/salin', form({ id: null }));
    expect(none.json().status.message).toBe('Pilih ujian terlebih dahulu');
    const res = await send(
      'dosen',
      'POST',
      '/v2/lms/ujian/salin',
      form({ id: source.examId, judul: 'Salinan' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ judul: 'Salinan', jumlah_soal: 3 });
    const keysOf = async (examId: string) =>
      (
        await t.database.query<{ isi: { kunci: unknown } }>(
          'select isi from exam_questions where college_id = $1 and ujian_id = $2 order by urutan',
          [world.collegeId, examId],
        )
      ).map((q) => q.isi.kunci);
    expect((await keysOf(res.json().data.id)).some((k) => k !== null && k !== '')).toBe(true);
    // The operator form's "Salin Kunci Jawaban: Tidak": the questions come without their keys.
    const keyless = await send(
      'dosen',
      'POST',
      '/v2/lms/ujian/salin',
      form({ id: source.examId, judul: 'Salinan tanpa kunci', salin_kunci_jawaban: false }),
    );
    expect(keyless.statusCode).toBe(200);
    expect(keyless.json().data).toMatchObject({ jumlah_soal: 3 });
    expect(await keysOf(keyless.json().data.id)).toEqual(
      (await keysOf(source.examId)).map((k) => (typeof k === 'string' ? '' : null)),
    );
  });
});

describe("the copy form's list_salin_ujian and salin_kunci_jawaban", () => {
  it("lets operators with write copy any class's exam of their college, lecturers only their classes'", async () => {
    // A class of the same college that the world's lecturer does not teach, with an exam.
    const lecturer = await createUser(t.database, { collegeId: world.collegeId, role: 'dosen' });
    const other = await createClass(t.database, { collegeId: world.collegeId, teachers: [lecturer.userId] });
    const { meetingId } = await createMeeting(t.database, {
      collegeId: world.collegeId,
      classId: other.classId,
    });
    const source = await createExam(t.database, {
      collegeId: world.collegeId,
      meetingId,
      judul: 'UTS Paralel',
    });
    const strangerOperator = await createUser(t.database, {
      collegeId: otherWorld.collegeId,
      role: 'operator',
      permissions: { kelas_kuliah: 'write' },
    });
    tokens.operator_asing = (await signIn(t.app, strangerOperator)).access_token;
    const listed = async (who: string) => {
      const res = await send(
        who,
        'GET',
        `/v2/lms/ujian/salin?search=UTS%20Paralel&exclude_id_kelas_kuliah=${world.classId}`,
      );
      return res.statusCode === 200 ? res.json().data.map((e: { id: string }) => e.id) : res.statusCode;
    };
    expect(await listed('operator')).toEqual([source.examId]);
    expect(await listed('dosen')).toEqual([]);
    expect(await listed('operator_asing')).toEqual([]);
    for (const who of ['operator_baca', 'mahasiswa']) expect(await listed(who)).toBe(403);

    const copy = (who: string, fields: object = {}) =>
      send(who, 'POST', '/v2/lms/ujian/salin', form({ id: source.examId, judul: 'Salinan UTS', ...fields }));
    const count = async () =>
      (
        await t.database.query<{ n: number }>('select count(*)::int as n from exams where college_id = $1', [
          world.collegeId,
        ])
      )[0]!.n;
    const before = await count();
    expect((await copy('dosen')).statusCode).toBe(403);
    for (const who of ['operator_baca', 'mahasiswa']) expect((await copy(who)).statusCode).toBe(403);
    expect((await copy('operator_asing')).statusCode).toBe(404);
    expect(await count()).toBe(before);

    // Without keys the copy shows none, whatever the form said; with keys its waktu_tampil_kunci is kept.
    const keyless = await copy('operator', {
      salin_kunci_jawaban: false,
      tampilkan_kunci_jawaban: true,
      waktu_tampil_kunci: minutes(180),
    });
    expect(keyless.statusCode).toBe(200);
    expect(keyless.json().data).toMatchObject({
      id_kelas_kuliah: world.classId,
      jumlah_soal: 3,
      tampilkan_kunci_jawaban: false,
      waktu_tampil_kunci: '0001-01-01T00:00:00Z',
    });
    const keyTime = minutes(180);
    const keyed = await copy('operator', {
      salin_kunci_jawaban: true,
      tampilkan_kunci_jawaban: true,
      waktu_tampil_kunci: keyTime,
    });
    expect(keyed.statusCode).toBe(200);
    expect(keyed.json().data.tampilkan_kunci_jawaban).toBe(true);
    expect(Date.parse(keyed.json().data.waktu_tampil_kunci)).toBe(Date.parse(keyTime));
    const content = await send('dosen', 'GET', `/v2/lms/ujian/${keyed.json().data.id}/kelompok_soal`);
    expect(
      content.json().data.kelompok_soal[0].soal.map((q: { isi: { kunci: unknown } }) => q.isi.kunci),
    ).toEqual([1, true, expect.any(String)]);
  });
});

describe('the preview', () => {
  it('draws a set as a start would (random: its count; sebagian: all), anew each time, storing nothing', async () => {
    const exam = (await send('dosen', 'POST', '/v2/lms/ujian', form({ judul: 'Pratinjau' }))).json().data;
    const addGroup = async (questions: number) => {
      const group = (
        await send('dosen', 'POST', `/v2/lms/ujian/${exam.id}/kelompok_soal`, { aturan: 'semua' })
      ).json().data;
      for (let i = 1; i <= questions; i++)
        await send('dosen', 'POST', `/v2/lms/ujian/${exam.id}/kelompok_soal/${group.id}/soal`, {
          pertanyaan: `<p>Soal ${i}</p>`,
          isi: { jenis: 'benar_salah', kunci: i % 2 === 0 },
        });
      return group.id as string;
    };
    const randomGroup = await addGroup(6);
    const partialGroup = await addGroup(3);
    for (const [groupId, aturan, jumlah_wajib_dijawab] of [
      [randomGroup, 'random', 2],
      [partialGroup, 'sebagian', 1],
    ] as const)
      expect(
        (
          await send('dosen', 'PUT', `/v2/lms/ujian/${exam.id}/kelompok_soal/${groupId}`, {
            aturan,
            jumlah_wajib_dijawab,
          })
        ).statusCode,
      ).toBe(200);
    const url = `/v2/lms/ujian/${exam.id}/pratinjau`;
    const stored = async () =>
      (
        await t.database.query<{ n: number }>(
          `select ((select count(*) from exam_attempts where college_id = $1 and ujian_id = $2)
                + (select count(*) from exam_prepared_sets where college_id = $1 and ujian_id = $2))::int as n`,
          [world.collegeId, exam.id],
        )
      )[0]!.n;
    const draws = new Set<string>();
    for (let i = 0; i < 20 && draws.size < 2; i++) {
      const res = await send(i % 2 ? 'operator' : 'dosen', 'GET', url);
      expect(res.statusCode).toBe(200);
      const { kelompok_soal: groups, jumlah_soal } = res.json().data;
      // The attempt's rule: a random group shows its required count; sebagian shows every question.
      expect(groups.map((g: { soal: unknown[] }) => g.soal.length)).toEqual([2, 3]);
      expect(jumlah_soal).toBe(5);
      expect(groups[0]).toMatchObject({ aturan: 'random', jumlah_wajib_dijawab: 2 });
      // Numbered 1…n in the drawn order, with the keys the editors see.
      const soal = groups.flatMap((g: { soal: Array<{ nomor: number; isi: { kunci: unknown } }> }) => g.soal);
      expect(soal.map((q: { nomor: number }) => q.nomor)).toEqual([1, 2, 3, 4, 5]);
      expect(soal.every((q: { isi: { kunci: unknown } }) => typeof q.isi.kunci === 'boolean')).toBe(true);
      draws.add(groups[0].soal.map((q: { id: string }) => q.id).join());
    }
    expect(draws.size).toBe(2);
    expect(await stored()).toBe(0);
    for (const who of ['mahasiswa', 'operator_baca', 'asing', 'mahasiswa_lain'])
      expect([403, 404]).toContain((await send(who, 'GET', url)).statusCode);
    expect((await send('mahasiswa', 'GET', url)).statusCode).toBe(403);
    expect(await stored()).toBe(0);
  });
});

describe('questions', () => {
  it('adds groups and the three kinds of question with sanitised text, reorders, edits and deletes', async () => {
    const exam = (await send('dosen', 'POST', '/v2/lms/ujian', form())).json().data;
    const group = await send('dosen', 'POST', `/v2/lms/ujian/${exam.id}/kelompok_soal`, { aturan: 'semua' });
    expect(group.statusCode).toBe(200);
    const groupId = group.json().data.id;
    const base = `/v2/lms/ujian/${exam.id}/kelompok_soal/${groupId}/soal`;
    const two = await send('dosen', 'POST', base, {
      pertanyaan: '<p>Pilih<script>alert(1)</script></p>',
      isi: { jenis: 'pilihan', pilihan: [{ teks: 'a' }, { teks: 'b' }], kunci: 0 },
    });
    expect(two.statusCode).toBe(400);
    expect(two.json().status.message).toBe('Pilihan jawaban minimal 3');
    const added = await send('dosen', 'POST', base, {
      pertanyaan: '<p>Pilih<script>alert(1)</script></p>',
      isi: { jenis: 'pilihan', pilihan: [{ teks: 'a' }, { teks: 'b' }, { teks: 'c' }], kunci: 2 },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data.soal[0].pertanyaan).toBe('<p>Pilih</p>');
    await send('dosen', 'POST', base, { pertanyaan: 'Benar?', isi: { jenis: 'benar_salah', kunci: false } });
    await send('dosen', 'POST', base, {
      pertanyaan: 'Jelaskan',
      isi: { jenis: 'esay', jenis_file_diterima: ['pdf'], kunci: '' },
    });
    const content = await send('dosen', 'GET', `/v2/lms/ujian/${exam.id}/kelompok_soal`);
    const ids = content.json().data.kelompok_soal[0].soal.map((q: { id: string }) => q.id);
    expect(ids).toHaveLength(3);
    const reordered = await send('dosen', 'PUT', `${base}/urutan`, { urutan: [...ids].reverse() });
    expect(reordered.json().data.soal.map((q: { id: string }) => q.id)).toEqual([...ids].reverse());
    const edited = await send('dosen', 'PUT', `${base}/${ids[1]}`, {
      pertanyaan: 'Salah?',
      isi: { jenis: 'benar_salah', kunci: true },
    });
    expect(edited.statusCode).toBe(200);
    expect((await send('dosen', 'DELETE', `${base}/${ids[1]}`)).statusCode).toBe(200);
    const random = await send('dosen', 'PUT', `/v2/lms/ujian/${exam.id}/kelompok_soal/${groupId}`, {
      aturan: 'random',
      jumlah_wajib_dijawab: 5,
    });
    expect(random.json().status.message).toBe(examMessages.requiredCountInvalid);
    expect((await send('mahasiswa', 'GET', `/v2/lms/ujian/${exam.id}/kelompok_soal`)).statusCode).toBe(403);
    expect(
      (await send('asing', 'POST', base, { pertanyaan: 'x', isi: { jenis: 'benar_salah', kunci: true } }))
        .statusCode,
    ).toBe(404);
  });
});
