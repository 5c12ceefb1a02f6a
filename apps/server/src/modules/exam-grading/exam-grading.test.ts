import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examMessages } from '@lms/contract/exam.rules';
import type { Attempt } from '@lms/contract/exam.schema';
import {
  createClass,
  createExam,
  createMeeting,
  createUser,
  type ClassWorld,
} from '../../testing/factories.ts';
import { bearerHeaders, signIn } from '../../testing/requests.ts';
import { openSseClient } from '../../testing/sse-client.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { examTestRequests, openExamTestWorld, type ExamTestWorld } from '../exam/exam.testing.ts';
import { rescoreStaleExams } from './exam-grading.service.ts';

let people: ExamTestWorld;
let t: TestApp;
let world: ClassWorld;
let tokens: Record<string, string>;

beforeAll(async () => {
  people = await openExamTestWorld();
  ({ t, world, tokens } = people);
}, 120_000);
afterAll(async () => t.close());

const { send, createOpenExam } = examTestRequests(() => people);

describe('time changes', () => {
  it('extends the exam and its open attempts, and tells open pages through time_changed', async () => {
    const exam = await createOpenExam({ gunakanBatasWaktu: true, durasi: 30 });
    const attempt = (await send('mahasiswa', 'POST', `/v2/lms/ujian/${exam.examId}/pengerjaan/start`)).json()
      .data as Attempt;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const query = `access_token=${tokens.mahasiswa}&college-id=${world.collegeId}`;
    const outsider = await t.app.inject({
      method: 'GET',
      url: `/v2/lms/events/ujian/${exam.examId}?access_token=${tokens.mahasiswa_lain}&college-id=${world.collegeId}`,
    });
    expect(outsider.statusCode).toBe(403);
    const stream = await openSseClient(`${base}/v2/lms/events/ujian/${exam.examId}?${query}`);
    try {
      expect(
        (await send('mahasiswa', 'PUT', `/v2/lms/ujian/${exam.examId}/perpanjang`, { menit: 10 })).statusCode,
      ).toBe(403);
      const res = await send('dosen', 'PUT', `/v2/lms/ujian/${exam.examId}/perpanjang`, { menit: 10 });
      expect(res.statusCode).toBe(200);
      const event = await stream.next((m) => m.event === 'time_changed');
      expect(JSON.parse(event.data ?? 'null')).toEqual({ id_ujian: exam.examId });
      const again = (await send('mahasiswa', 'GET', `/v2/lms/ujian/${exam.examId}/pengerjaan/me`)).json()
        .data as Attempt;
      expect(Date.parse(again.batas_waktu) - Date.parse(attempt.batas_waktu)).toBe(10 * 60_000);
      const one = await send('dosen', 'PUT', `/v2/lms/pengerjaan/${attempt.id}/perpanjang`, { menit: 5 });
      expect(one.statusCode).toBe(200);
      await stream.next((m) => m.event === 'time_changed' && !!m.data?.includes(attempt.id));
      expect(Date.parse(one.json().data.batas_waktu) - Date.parse(attempt.batas_waktu)).toBe(15 * 60_000);
    } finally {
      stream.close();
    }
  });
});

describe('results and grading', () => {
  it('scores choices on submit, lets the lecturer mark the essay, deduct, publish; the student then sees the score', async () => {
    // A UTS held in an ordinary meeting: the recap and /nilai type it by the exam's own jenis.
    const exam = await createOpenExam({
      judul: 'UTS Biologi Dasar',
      jenis: 'uts',
      tampilkanKunciJawaban: true,
      waktuTampilKunci: new Date(Date.now() - 1000),
    });
    const nilaiSaya = async () =>
      (
        (await send('mahasiswa', 'GET', '/v2/lms/nilai/me')).json().data as {
          nilai: { label: string; jenis: string; nilai: number }[];
        }[]
      )
        .flatMap((c) => c.nilai)
        .filter((n) => n.label === 'UTS Biologi Dasar');
    const attempt = (await send('mahasiswa', 'POST', `/v2/lms/ujian/${exam.examId}/pengerjaan/start`)).json()
      .data as Attempt;
    const put = (soalId: string, jawaban: object) =>
      send('mahasiswa', 'PUT', `/v2/lms/pengerjaan/${attempt.id}/jawaban/${soalId}`, { jawaban, urutan: 1 });
    await put(exam.questionIds[0], { jenis: 'pilihan', pilihan: 1 });
    await put(exam.questionIds[1], { jenis: 'benar_salah', benar_salah: false });
    await put(exam.questionIds[2], { jenis: 'esay', teks: 'Fotosintesis mengubah cahaya.' });
    const submitted = await send('mahasiswa', 'POST', `/v2/lms/pengerjaan/${attempt.id}/selesai`);
    expect(submitted.statusCode).toBe(200);
    // Not published yet: no score for the student; the key time has passed and the class shows questions.
    expect(submitted.json().data.nilai_akhir).toBeNull();
    expect(submitted.json().data.kelompok_soal[0].soal[0].isi.kunci).toBe(1);
    // A second submit changes nothing.
    expect((await send('mahasiswa', 'POST', `/v2/lms/pengerjaan/${attempt.id}/selesai`)).statusCode).toBe(
      200,
    );

    const detail = (await send('dosen', 'GET', `/v2/lms/ujian/${exam.examId}`)).json().data;
    expect(detail).toMatchObject({ jumlah_pengerjaan: 1, jumlah_belum_dinilai: 1 });
    const list = await send('dosen', 'GET', `/v2/lms/ujian/${exam.examId}/pengerjaan`);
    expect(list.json().data[0]).toMatchObject({ sudah_dinilai: false, jumlah_soal_dijawab: 3 });
    const studentAttempt = await send(
      'dosen',
      'GET',
      `/v2/lms/ujian/${exam.examId}/pengerjaan/${world.student.userId}`,
    );
    expect(
      studentAttempt.json().data.kelompok_soal[0].soal.map((q: { nilai: number | null }) => q.nilai),
    ).toEqual([100, 0, null]);
    const mark = await send(
      'dosen',
      'PUT',
      `/v2/lms/ujian/${exam.examId}/pengerjaan/${world.student.userId}/kelompok_soal/${exam.groupId}/soal/${exam.questionIds[2]}/nilai`,
      { nilai: 80 },
    );
    expect(mark.statusCode).toBe(200);
    expect(mark.json().data).toMatchObject({ nilai_akhir: 60, sudah_dinilai: true });
    // Issue 45: 150 on an essay was saved as 100; it is refused with the field's message and 80 stays.
    const over = await send(
      'dosen',
      'PUT',
      `/v2/lms/ujian/${exam.examId}/pengerjaan/${world.student.userId}/kelompok_soal/${exam.groupId}/soal/${exam.questionIds[2]}/nilai`,
      { nilai: 150 },
    );
    expect(over.statusCode).toBe(400);
    expect(over.json().detail.fields).toEqual([
      { field: 'body.nilai', message: 'Nilai harus antara 0 dan 100.' },
    ]);
    const kept = (
      await send('dosen', 'GET', `/v2/lms/ujian/${exam.examId}/pengerjaan/${world.student.userId}`)
    ).json().data;
    expect(kept.kelompok_soal[0].soal.map((q: { nilai: number | null }) => q.nilai)).toEqual([100, 0, 80]);
    expect(kept.nilai_akhir).toBe(60);
    expect(
      (
        await send(
          'mahasiswa',
          'PUT',
          `/v2/lms/ujian/${exam.examId}/pengerjaan/${world.student.userId}/kelompok_soal/${exam.groupId}/soal/${exam.questionIds[2]}/nilai`,
          { nilai: 100 },
        )
      ).statusCode,
    ).toBe(403);
    const deduction = await send('dosen', 'PUT', `/v2/lms/pengerjaan/${attempt.id}/pengurangan_nilai`, {
      nilai: 2.5,
    });
    expect(deduction.json().data.nilai_akhir).toBe(57.5);
    expect(
      (await send('dosen', 'PUT', `/v2/lms/pengerjaan/${attempt.id}/pengurangan_nilai`, { nilai: 1.234 }))
        .statusCode,
    ).toBe(400);
    expect(await nilaiSaya()).toEqual([]);
    const published = await send('dosen', 'PUT', `/v2/lms/ujian/${exam.examId}/nilai_publishing`, {
      is_tampilkan_nilai: true,
    });
    expect(published.json().data).toMatchObject({ is_tampilkan_nilai: true, jumlah_belum_dinilai: 0 });
    const mine = (await send('mahasiswa', 'GET', `/v2/lms/ujian/${exam.examId}`)).json().data;
    expect(mine.pengerjaan_saya).toMatchObject({
      status: 'selesai',
      nilai_akhir: 57.5,
      jumlah_soal_dijawab: 3,
    });
    const [fact] = await t.database.query<{
      score: string;
      graded: boolean;
      published: boolean;
      completed: boolean;
    }>(
      `select f.score, f.graded, f.published, f.completed from activity_facts f
         join activities a on a.college_id = f.college_id and a.id = f.activity_id
        where a.college_id = $1 and a.content_id = $2 and f.mahasiswa_id = $3`,
      [world.collegeId, exam.examId, world.student.userId],
    );
    expect(fact).toMatchObject({ graded: true, published: true, completed: true });
    expect(Number(fact!.score)).toBe(57.5);
    // The student's /nilai now shows the published score, as UTS.
    expect(await nilaiSaya()).toMatchObject([{ jenis: 'uts', nilai: 57.5 }]);
    const stats = await send('dosen', 'GET', `/v2/lms/ujian/${exam.examId}/pengerjaan/jawaban_stats`);
    expect(stats.json().data).toMatchObject([
      { nomor: 1, jumlah_peserta: 1, jumlah_dijawab: 1, jumlah_benar: 1, sebaran: [0, 1, 0] },
      { nomor: 2, jumlah_dijawab: 1, jumlah_benar: 0, sebaran: [0, 1] },
      { nomor: 3, jumlah_dijawab: 1, sebaran: [], rata_rata_nilai: 80 },
    ]);
    expect(
      (await send('mahasiswa', 'GET', `/v2/lms/ujian/${exam.examId}/pengerjaan/jawaban_stats`)).statusCode,
    ).toBe(403);
    const sheet = await send('dosen', 'GET', `/v2/lms/ujian/${exam.examId}/pengerjaan/export_excel`);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.getWorksheet('Pengerjaan')!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[1]).toContain('Sudah Dinilai');
    expect(rows[1]).toContain(57.5);
    expect(
      (await send('mahasiswa', 'GET', `/v2/lms/ujian/${exam.examId}/pengerjaan/export_excel`)).statusCode,
    ).toBe(403);
    const status = await send('dosen', 'GET', `/v2/lms/ujian/${exam.examId}/perhitungan_nilai`);
    expect(status.json().data.status).toBe('selesai');
  });

  it('scores finished attempts again after a corrected key, saying proses meanwhile', async () => {
    const exam = await createOpenExam();
    const attempt = (await send('mahasiswa', 'POST', `/v2/lms/ujian/${exam.examId}/pengerjaan/start`)).json()
      .data as Attempt;
    const put = (soalId: string, jawaban: object) =>
      send('mahasiswa', 'PUT', `/v2/lms/pengerjaan/${attempt.id}/jawaban/${soalId}`, { jawaban, urutan: 1 });
    await put(exam.questionIds[0], { jenis: 'pilihan', pilihan: 1 });
    await put(exam.questionIds[1], { jenis: 'benar_salah', benar_salah: false });
    await send('mahasiswa', 'POST', `/v2/lms/pengerjaan/${attempt.id}/selesai`);
    const marks = async () =>
      (await send('dosen', 'GET', `/v2/lms/ujian/${exam.examId}/pengerjaan/${world.student.userId}`))
        .json()
        .data.kelompok_soal[0].soal.map((q: { nilai: number | null }) => q.nilai);
    const status = async () =>
      (await send('dosen', 'GET', `/v2/lms/ujian/${exam.examId}/perhitungan_nilai`)).json().data.status;
    expect(await marks()).toEqual([100, 0, null]);
    expect(await status()).toBe('selesai');

    // The lecturer corrects the true/false key: the attempt's score follows in the job.
    const corrected = await send(
      'dosen',
      'PUT',
      `/v2/lms/ujian/${exam.examId}/kelompok_soal/${exam.groupId}/soal/${exam.questionIds[1]}`,
      {
        pertanyaan: '<p>Air mendidih pada 90 °C di permukaan laut.</p>',
        isi: { jenis: 'benar_salah', label: { benar: 'Benar', salah: 'Salah' }, kunci: false },
      },
    );
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await status()).toBe('proses');
    expect(
      (await send('mahasiswa', 'GET', `/v2/lms/ujian/${exam.examId}/perhitungan_nilai`)).statusCode,
    ).toBe(403);
    expect(await rescoreStaleExams(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await status()).toBe('selesai');
    expect(await marks()).toEqual([100, 100, null]);

    // A deleted question leaves the score too; an exam without finished attempts is never marked.
    await send(
      'dosen',
      'DELETE',
      `/v2/lms/ujian/${exam.examId}/kelompok_soal/${exam.groupId}/soal/${exam.questionIds[0]}`,
    );
    expect(await status()).toBe('proses');
    await rescoreStaleExams(t.database.db);
    expect(await marks()).toEqual([100, null]);
    const fresh = await createOpenExam();
    await send(
      'dosen',
      'DELETE',
      `/v2/lms/ujian/${fresh.examId}/kelompok_soal/${fresh.groupId}/soal/${fresh.questionIds[0]}`,
    );
    expect(
      (await send('dosen', 'GET', `/v2/lms/ujian/${fresh.examId}/perhitungan_nilai`)).json().data.status,
    ).toBe('selesai');
  });

  it('lists students without an attempt and resets an attempt', async () => {
    const exam = await createOpenExam({ attemptBy: [world.student.userId] });
    const none = await send('dosen', 'GET', `/v2/lms/ujian/${exam.examId}/pengerjaan/no_pengerjaan`);
    expect(none.json().data).toEqual([]);
    expect((await send('mahasiswa', 'DELETE', `/v2/lms/pengerjaan/${exam.attemptIds[0]}`)).statusCode).toBe(
      403,
    );
    expect((await send('asing', 'DELETE', `/v2/lms/pengerjaan/${exam.attemptIds[0]}`)).statusCode).toBe(404);
    expect((await send('dosen', 'DELETE', `/v2/lms/pengerjaan/${exam.attemptIds[0]}`)).statusCode).toBe(200);
    const after = await send('dosen', 'GET', `/v2/lms/ujian/${exam.examId}/pengerjaan/no_pengerjaan`);
    expect(after.json().data.map((s: { id: string }) => s.id)).toEqual([world.student.userId]);
    expect(
      (await send('mahasiswa', 'GET', `/v2/lms/ujian/${exam.examId}/pengerjaan/me`)).json().data,
    ).toBeNull();
  });

  it('lists who did not sit an exam, and exports them as Tidak Mengerjakan rows without a score', async () => {
    const sat = await createUser(t.database, { collegeId: world.collegeId, role: 'mahasiswa' });
    const absent = await createUser(t.database, { collegeId: world.collegeId, role: 'mahasiswa' });
    const kelas = await createClass(t.database, {
      collegeId: world.collegeId,
      teachers: [world.teacher.userId],
      studentIds: [sat.userId, absent.userId],
    });
    const { meetingId } = await createMeeting(t.database, {
      collegeId: world.collegeId,
      classId: kelas.classId,
    });
    const exam = await createExam(t.database, {
      collegeId: world.collegeId,
      meetingId,
      attemptBy: [sat.userId],
    });
    const satToken = (await signIn(t.app, sat)).access_token;
    const noAttempt = `/v2/lms/ujian/${exam.examId}/pengerjaan/no_pengerjaan`;
    const exported = `/v2/lms/ujian/${exam.examId}/pengerjaan/export_excel`;

    for (const who of ['dosen', 'operator']) {
      const none = await send(who, 'GET', noAttempt);
      expect(none.statusCode, who).toBe(200);
      expect(none.json().data).toEqual([{ id: absent.userId, nama: expect.any(String), nim: absent.nim }]);
    }
    const sheet = await send('operator', 'GET', exported);
    expect(sheet.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const rows = (workbook.getWorksheet('Pengerjaan')!.getSheetValues().filter(Boolean) as unknown[][]).map(
      (row) => row.slice(1),
    );
    expect(rows).toHaveLength(3);
    const [header, satRow, absentRow] = rows as [unknown[], unknown[], unknown[]];
    expect(header).toEqual(expect.arrayContaining(['NIM', 'Status', 'Nilai Akhir']));
    expect(satRow[0]).toBe(sat.nim);
    expect(satRow[2]).not.toBe(examMessages.noAttempt);
    expect(absentRow[0]).toBe(absent.nim);
    expect(absentRow[2]).toBe(examMessages.noAttempt);
    expect(absentRow[header.indexOf('Nilai Akhir')]).toBeUndefined();

    for (const url of [noAttempt, exported]) {
      const asStudent = await t.app.inject({ method: 'GET', url, headers: bearerHeaders(satToken) });
      expect(asStudent.statusCode, url).toBe(403);
      expect((await send('operator_baca', 'GET', url)).statusCode, url).toBe(403);
      expect((await send('asing', 'GET', url)).statusCode, url).toBe(404);
    }
  });
});
