import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attempt } from '@lms/contract/exam.schema';
import {
  createClass,
  createClassWorld,
  createExam,
  createUser,
  type ClassWorld,
  type ExamRef,
} from '../../testing/factories.ts';
import { bearerHeaders, multipartBody, signIn, tinyPng, type MultipartFile } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { makeAnswerFilesPrivate } from './exam-files.service.ts';

let t: TestApp;
let world: ClassWorld;
let otherWorld: ClassWorld;
const tokens: Record<string, string> = {};
const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  world = await createClassWorld(t.database);
  otherWorld = await createClassWorld(t.database);
  const otherClassStudent = await createUser(t.database, {
    collegeId: world.collegeId,
    role: 'mahasiswa',
    prodiId: world.prodiId,
  });
  const classmate = await createUser(t.database, {
    collegeId: world.collegeId,
    role: 'mahasiswa',
    prodiId: world.prodiId,
  });
  await t.database.query(
    'insert into class_students (kelas_id, mahasiswa_id, college_id) values ($1, $2, $3)',
    [world.classId, classmate.userId, world.collegeId],
  );
  const otherClassTeacher = await createUser(t.database, {
    collegeId: world.collegeId,
    role: 'dosen',
    prodiId: world.prodiId,
  });
  await createClass(t.database, { collegeId: world.collegeId, teachers: [otherClassTeacher.userId] });
  const readingOperator = await createUser(t.database, {
    collegeId: world.collegeId,
    role: 'operator',
    permissions: { kelas_kuliah: 'read' },
  });
  for (const [name, user] of [
    ['dosen', world.teacher],
    ['mahasiswa', world.student],
    ['mahasiswa_sekelas', classmate],
    ['dosen_kelas_lain', otherClassTeacher],
    ['operator_baca', readingOperator],
    ['mahasiswa_lain', otherClassStudent],
    ['dosen_asing', otherWorld.teacher],
    ['mahasiswa_asing', otherWorld.student],
  ] as const) {
    tokens[name] = (await signIn(t.app, user)).access_token;
  }
}, 120_000);
afterAll(async () => t.close());

const send = (who: string, method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearerHeaders(tokens[who]!), ...(payload ? { payload } : {}) });
const upload = (who: string, method: 'PUT', url: string, files: MultipartFile[]) => {
  const body = multipartBody({}, files);
  return t.app.inject({
    method,
    url,
    headers: { ...bearerHeaders(tokens[who]!), ...body.headers },
    payload: body.payload,
  });
};
const png = (field = 'files'): MultipartFile => ({
  field,
  name: 'gambar.png',
  type: 'image/png',
  content: tinyPng(),
});
const pdf = (field = 'files', name = 'jawaban.pdf'): MultipartFile => ({
  field,
  name,
  type: 'application/pdf',
  content: pdfBytes,
});

async function essayExam(accepted: string[]): Promise<ExamRef> {
  const exam = await createExam(t.database, { collegeId: world.collegeId, meetingId: world.meetingId });
  await t.database.query(
    `update exam_questions set isi = jsonb_set(isi, '{jenis_file_diterima}', $1::jsonb) where id = $2`,
    [JSON.stringify(accepted), exam.questionIds[2]],
  );
  return exam;
}

describe('attachments of an exam question', () => {
  it('lets the owner lecturer attach question and key files; students see the question files, not the key files', async () => {
    const exam = await essayExam(['pdf']);
    const essay = exam.questionIds[2];
    const url = `/v2/lms/ujian/${exam.examId}/soal/${essay}/files`;
    const ok = await upload('dosen', 'PUT', url, [png(), pdf('files_kunci', 'kunci.pdf')]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.soal_files.map((f: { name: string }) => f.name)).toEqual(['gambar.png']);
    expect(ok.json().data.kunci_files.map((f: { name: string }) => f.name)).toEqual(['kunci.pdf']);

    for (const who of ['mahasiswa', 'mahasiswa_lain', 'dosen_asing']) {
      const refused = await upload(who, 'PUT', url, [png()]);
      expect(refused.statusCode, who).toBeGreaterThanOrEqual(403);
      expect(refused.statusCode, who).toBeLessThanOrEqual(404);
    }
    // Keys exclude audio and video; the content must match the extension; the key is for essays only.
    const audioKey = await upload('dosen', 'PUT', url, [
      { field: 'files_kunci', name: 'a.mp3', type: 'audio/mpeg', content: tinyPng() },
    ]);
    expect(audioKey.statusCode).toBe(400);
    expect(audioKey.json().status.message).toContain('Lampiran kunci');
    const fake = await upload('dosen', 'PUT', url, [{ ...pdf(), content: Buffer.from('bukan pdf') }]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().status.message).toBe('Isi berkas jawaban.pdf tidak sesuai dengan ekstensi .pdf.');
    const keyOnChoice = await upload(
      'dosen',
      'PUT',
      `/v2/lms/ujian/${exam.examId}/soal/${exam.questionIds[0]}/files`,
      [pdf('files_kunci')],
    );
    expect(keyOnChoice.json().status.message).toBe('Lampiran kunci hanya untuk soal esai.');

    // The lecturer's content shows both; the student's attempt only the question's files.
    const content = (await send('dosen', 'GET', `/v2/lms/ujian/${exam.examId}/kelompok_soal`)).json().data;
    const built = content.kelompok_soal[0].soal.find((q: { id: string }) => q.id === essay);
    expect(built.kunci_files).toHaveLength(1);
    const attempt = (await send('mahasiswa', 'POST', `/v2/lms/ujian/${exam.examId}/pengerjaan/start`)).json()
      .data as Attempt;
    const taken = attempt.kelompok_soal[0]!.soal.find((q) => q.id === essay)!;
    expect(taken.soal_files?.map((f) => f.name)).toEqual(['gambar.png']);
    expect(taken.kunci_files).toEqual([]);
    expect(JSON.stringify(attempt)).not.toContain('kunci.pdf');

    // Removal by url.
    const removed = await send('dosen', 'POST', `${url}/hapus`, {
      soal_files_delete: [ok.json().data.soal_files[0].url],
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.soal_files).toEqual([]);
    expect(removed.json().data.kunci_files).toHaveLength(1);
  });
});

describe('files of an essay answer', () => {
  it('takes the accepted types from the student while the attempt is open, and shows them to the lecturer', async () => {
    const exam = await essayExam(['pdf', 'image']);
    const essay = exam.questionIds[2];
    const attempt = (await send('mahasiswa', 'POST', `/v2/lms/ujian/${exam.examId}/pengerjaan/start`)).json()
      .data as Attempt;
    const url = `/v2/lms/pengerjaan/${attempt.id}/jawaban/${essay}/files`;

    const ok = await upload('mahasiswa', 'PUT', url, [pdf(), png()]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.jawaban_files.map((f: { name: string }) => f.name)).toEqual([
      'jawaban.pdf',
      'gambar.png',
    ]);
    // Replacing: the new set is the answer's files.
    const replaced = await upload('mahasiswa', 'PUT', url, [pdf('files', 'revisi.pdf')]);
    expect(replaced.json().data.jawaban_files.map((f: { name: string }) => f.name)).toEqual(['revisi.pdf']);
    // A typed answer after the files keeps them (the first text save still applies).
    const saved = await send('mahasiswa', 'PUT', `/v2/lms/pengerjaan/${attempt.id}/jawaban/${essay}`, {
      jawaban: { jenis: 'esay', teks: 'Lihat lampiran.' },
      urutan: 1,
    });
    expect(saved.json().data.diterapkan).toBe(true);

    // Nobody else may attach to this attempt.
    for (const who of ['dosen', 'mahasiswa_lain', 'mahasiswa_asing', 'dosen_asing']) {
      const refused = await upload(who, 'PUT', url, [pdf()]);
      expect(refused.statusCode, who).toBeGreaterThanOrEqual(403);
      expect(refused.statusCode, who).toBeLessThanOrEqual(404);
    }
    // Types the question does not accept, fake content, too large: refused in Indonesian.
    const zip = await upload('mahasiswa', 'PUT', url, [
      { field: 'files', name: 'a.zip', type: 'application/zip', content: pdfBytes },
    ]);
    expect(zip.statusCode).toBe(400);
    expect(zip.json().status.message).toBe('Lampiran jawaban harus berupa pdf, png, jpg, jpeg.');
    const fake = await upload('mahasiswa', 'PUT', url, [{ ...pdf(), content: Buffer.from('bukan pdf') }]);
    expect(fake.json().status.message).toBe('Isi berkas jawaban.pdf tidak sesuai dengan ekstensi .pdf.');
    const big = await upload('mahasiswa', 'PUT', url, [
      { ...pdf(), content: Buffer.concat([pdfBytes, Buffer.alloc(10_000_001)]) },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().status.message).toBe('Ukuran file tidak boleh lebih dari 10.00MB.');
    // A question that takes no files.
    const choice = await upload(
      'mahasiswa',
      'PUT',
      `/v2/lms/pengerjaan/${attempt.id}/jawaban/${exam.questionIds[0]}/files`,
      [pdf()],
    );
    expect(choice.json().status.message).toBe('Soal ini tidak menerima lampiran jawaban.');

    // The lecturer grading sees the files and the typed answer.
    const graded = (
      await send('dosen', 'GET', `/v2/lms/ujian/${exam.examId}/pengerjaan/${world.student.userId}`)
    ).json().data as Attempt;
    const answer = graded.kelompok_soal[0]!.soal.find((q) => q.id === essay)!;
    expect(answer.jawaban_files?.map((f) => f.name)).toEqual(['revisi.pdf']);
    expect(answer.jawaban).toEqual({ jenis: 'esay', teks: 'Lihat lampiran.' });
    const file = await send('dosen', 'GET', answer.jawaban_files![0]!.url);
    expect(file.statusCode).toBe(200);

    // Removing.
    const cleared = await send('mahasiswa', 'DELETE', url);
    expect(cleared.json().data.jawaban_files).toEqual([]);

    // After the deadline plus the grace (server clock): refused, nothing applied.
    await t.database.query(
      `update exam_attempts set deadline_at = now() - interval '2 minutes' where id = $1`,
      [attempt.id],
    );
    const late = await upload('mahasiswa', 'PUT', url, [pdf()]);
    expect(late.statusCode).toBe(409);
    expect(late.json().status.message).toBe('Waktu pengerjaan telah habis. Jawaban ini tidak disimpan.');
    expect((await send('mahasiswa', 'DELETE', url)).statusCode).toBe(409);
  });
});

describe('privacy of essay answer files', () => {
  const anonymous = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'college-id': world.collegeId } });
  const publicUrl = (key: string) => `/v2/files/${key}?college-id=${encodeURIComponent(world.collegeId)}`;
  const keyOf = (url: string) => url.split('/').pop()!;

  it("serves an answer file only to its student, the class's lecturers and operators with read", async () => {
    const exam = await essayExam(['pdf']);
    const essay = exam.questionIds[2];
    const attempt = (await send('mahasiswa', 'POST', `/v2/lms/ujian/${exam.examId}/pengerjaan/start`)).json()
      .data as Attempt;
    const uploaded = await upload(
      'mahasiswa',
      'PUT',
      `/v2/lms/pengerjaan/${attempt.id}/jawaban/${essay}/files`,
      [pdf()],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url: string = uploaded.json().data.jawaban_files[0].url;
    expect(url).toBe(`/v2/lms/pengerjaan/${attempt.id}/jawaban/${essay}/files/${keyOf(url)}`);

    for (const who of ['mahasiswa', 'dosen', 'operator_baca']) {
      const file = await send(who, 'GET', url);
      expect(file.statusCode, who).toBe(200);
      expect(file.rawPayload.equals(pdfBytes), who).toBe(true);
      expect(file.headers['cache-control'], who).toBe('private, no-store');
    }
    // The student's own view of the attempt links the same private address.
    const own = (await send('mahasiswa', 'GET', `/v2/lms/ujian/${exam.examId}/pengerjaan/me`)).json()
      .data as Attempt;
    expect(own.kelompok_soal[0]!.soal.find((q) => q.id === essay)!.jawaban_files![0]!.url).toBe(url);

    expect((await anonymous(url)).statusCode).toBe(401);
    for (const who of [
      'mahasiswa_sekelas',
      'mahasiswa_lain',
      'dosen_kelas_lain',
      'dosen_asing',
      'mahasiswa_asing',
    ]) {
      const refused = await send(who, 'GET', url);
      expect(refused.statusCode, who).toBeGreaterThanOrEqual(403);
      expect(refused.statusCode, who).toBeLessThanOrEqual(404);
    }
    // Not by the public file route, with or without a session.
    expect((await anonymous(publicUrl(keyOf(url)))).statusCode).toBe(404);
    expect((await send('dosen', 'GET', publicUrl(keyOf(url)))).statusCode).toBe(404);
    // A key that is not this answer's (a question's public attachment) is not served here.
    const attached = await upload('dosen', 'PUT', `/v2/lms/ujian/${exam.examId}/soal/${essay}/files`, [
      png(),
    ]);
    const questionKey = keyOf(new URL(attached.json().data.soal_files[0].url, 'http://x').pathname);
    const wrongKey = await send(
      'dosen',
      'GET',
      `/v2/lms/pengerjaan/${attempt.id}/jawaban/${essay}/files/${questionKey}`,
    );
    expect(wrongKey.statusCode).toBe(404);
  });

  it('makes answer files stored public before private, so their old links stop working; again is harmless', async () => {
    const exam = await essayExam(['pdf']);
    const essay = exam.questionIds[2];
    const attempt = (await send('mahasiswa', 'POST', `/v2/lms/ujian/${exam.examId}/pengerjaan/start`)).json()
      .data as Attempt;
    // As the server stored them before: public in the store, no mark in the answer.
    const legacy = await t.app.files.put(pdfBytes, {
      collegeId: world.collegeId,
      contentType: 'application/pdf',
      fileName: 'lama.pdf',
    });
    await t.database.query(
      `insert into exam_answers (college_id, attempt_id, soal_id, urutan, saved_at, files)
       values ($1, $2, $3, 0, now(), $4::jsonb)`,
      [
        world.collegeId,
        attempt.id,
        essay,
        JSON.stringify([{ key: legacy.key, name: 'lama.pdf', size: legacy.size, extension: 'pdf' }]),
      ],
    );
    expect((await anonymous(publicUrl(legacy.key))).statusCode).toBe(200);

    expect(await makeAnswerFilesPrivate(t.database.db, t.app.files)).toBeGreaterThanOrEqual(1);
    expect((await anonymous(publicUrl(legacy.key))).statusCode).toBe(404);
    const privateUrl = `/v2/lms/pengerjaan/${attempt.id}/jawaban/${essay}/files/${legacy.key}`;
    expect((await send('dosen', 'GET', privateUrl)).statusCode).toBe(200);
    expect((await anonymous(privateUrl)).statusCode).toBe(401);
    const [row] = await t.database.query<{ files: Array<{ private?: boolean }> }>(
      'select files from exam_answers where attempt_id = $1 and soal_id = $2',
      [attempt.id, essay],
    );
    expect(row!.files).toEqual([expect.objectContaining({ key: legacy.key, private: true })]);
    // Re-running finds nothing left and changes nothing.
    expect(await makeAnswerFilesPrivate(t.database.db, t.app.files)).toBe(0);
    expect((await send('mahasiswa', 'GET', privateUrl)).statusCode).toBe(200);
  });
});
