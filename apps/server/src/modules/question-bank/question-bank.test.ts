import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionBankMessages } from '@lms/contract/question-bank.rules';
import type { BankDetail, BankListItem } from '@lms/contract/question-bank.schema';
import type { Question } from '@lms/contract/exam.schema';
import {
  createClass,
  createClassWorld,
  createCourse,
  createExam,
  createUser,
  type ClassWorld,
  type ExamRef,
  type UserRef,
} from '../../testing/factories.ts';
import { pdfPages } from '../../testing/pdf-text.ts';
import { authedRequest, multipartBody, signIn, tinyPng } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { richTextProblems, xssCorpus } from '../../testing/xss-corpus.ts';
import { addQuestionsToBank, assertCanEditQuestionBank } from './question-bank.api.ts';

let t: TestApp;
let world: ClassWorld;
let otherWorld: ClassWorld;
let exam: ExamRef;
const users: Record<string, UserRef> = {};
const tokens: Record<string, string> = {};
const m = questionBankMessages;

const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  world = await createClassWorld(t.database);
  otherWorld = await createClassWorld(t.database);
  const c = world.collegeId;
  users.dosen = world.teacher;
  users.mahasiswa = world.student;
  // A second lecturer of the same course (another class) and a lecturer of another course.
  users.rekan = await createUser(t.database, { collegeId: c, role: 'dosen', prodiId: world.prodiId });
  await createClass(t.database, { collegeId: c, courseId: world.courseId, teachers: [users.rekan.userId] });
  users.lain = await createUser(t.database, { collegeId: c, role: 'dosen', prodiId: world.prodiId });
  const { courseId: otherCourse } = await createCourse(t.database, { collegeId: c, prodiId: world.prodiId });
  await createClass(t.database, { collegeId: c, courseId: otherCourse, teachers: [users.lain.userId] });
  users.opTulis = await createUser(t.database, {
    collegeId: c,
    role: 'operator',
    permissions: { bank_soal: 'write', kelas_kuliah: 'write' },
  });
  users.opBankSaja = await createUser(t.database, {
    collegeId: c,
    role: 'operator',
    permissions: { bank_soal: 'write', kelas_kuliah: 'read' },
  });
  users.opBaca = await createUser(t.database, {
    collegeId: c,
    role: 'operator',
    permissions: { bank_soal: 'read' },
  });
  users.opTanpa = await createUser(t.database, {
    collegeId: c,
    role: 'operator',
    permissions: { bank_soal: 'no_access', kelas_kuliah: 'write' },
  });
  users.asing = otherWorld.teacher;
  users.opAsing = await createUser(t.database, {
    collegeId: otherWorld.collegeId,
    role: 'operator',
    permissions: { bank_soal: 'write' },
  });
  for (const [name, user] of Object.entries(users)) tokens[name] = (await signIn(t.app, user)).access_token;
  exam = await createExam(t.database, { collegeId: c, meetingId: world.meetingId });
}, 120_000);
afterAll(async () => t?.close());

function call<T = { data: unknown }>(
  who: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return authedRequest<T>(t.app, tokens[who]!, { method, url, payload: payload as never });
}

const bankForm = (over: Record<string, unknown> = {}) => ({
  judul: 'Bank Soal Uji',
  deskripsi: 'Soal latihan',
  id_mata_kuliah: world.courseId,
  ditampilkan: true,
  ...over,
});

async function newBank(over: Record<string, unknown> = {}, who = 'dosen'): Promise<BankDetail> {
  const res = await call<{ data: BankDetail }>(who, 'POST', '/v2/lms/bank_soal', bankForm(over));
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const choice = (pertanyaan = '<p>Ibu kota Indonesia?</p>') => ({
  pertanyaan,
  isi: {
    jenis: 'pilihan' as const,
    pilihan: [{ teks: 'Jakarta' }, { teks: 'Bandung' }, { teks: 'Surabaya' }],
    kunci: 0,
  },
});

describe('banks', () => {
  it('lets a lecturer create a bank for a course they teach, with the modal limits', async () => {
    const bank = await newBank();
    expect(bank).toMatchObject({ judul: 'Bank Soal Uji', jumlah_soal: 0, id_dosen: users.dosen!.userId });
    expect(bank.akses).toEqual({ ubah: true, hapus: true, duplikat: true });
    const notTaught = await call('lain', 'POST', '/v2/lms/bank_soal', bankForm());
    expect(notTaught.statusCode).toBe(400);
    expect(JSON.stringify(notTaught.body)).toContain(m.notCourseTeacher);
    for (const bad of [
      { judul: 'x'.repeat(101) },
      { deskripsi: 'x'.repeat(301) },
      { judul: ' ' },
      { id_mata_kuliah: '' },
    ]) {
      expect((await call('dosen', 'POST', '/v2/lms/bank_soal', bankForm(bad))).statusCode).toBe(400);
    }
    expect(
      (await call('dosen', 'POST', '/v2/lms/bank_soal', bankForm({ judul: 'x'.repeat(100) }))).statusCode,
    ).toBe(200);
  });

  it('keeps a hidden bank from other teachers and shows a shown one to teachers of the course only', async () => {
    const hidden = await newBank({ judul: 'Rahasia', ditampilkan: false });
    const shown = await newBank({ judul: 'Terbuka', ditampilkan: true });
    const list = async (who: string) =>
      (await call<{ data: BankListItem[] }>(who, 'GET', '/v2/lms/bank_soal?per_page=100')).body.data.map(
        (b) => b.id,
      );
    expect(await list('dosen')).toEqual(expect.arrayContaining([hidden.id, shown.id]));
    expect(await list('rekan')).toContain(shown.id);
    expect(await list('rekan')).not.toContain(hidden.id);
    expect(await list('lain')).not.toContain(shown.id);
    expect((await call('rekan', 'GET', `/v2/lms/bank_soal/${hidden.id}`)).statusCode).toBe(404);
    expect((await call('lain', 'GET', `/v2/lms/bank_soal/${shown.id}`)).statusCode).toBe(404);
    const seen = await call<{ data: BankDetail }>('rekan', 'GET', `/v2/lms/bank_soal/${shown.id}`);
    expect(seen.body.data.akses).toEqual({ ubah: false, hapus: false, duplikat: true });
    // A lecturer never edits another lecturer's bank.
    expect((await call('rekan', 'PUT', `/v2/lms/bank_soal/${shown.id}`, bankForm())).statusCode).toBe(403);
    expect((await call('rekan', 'DELETE', `/v2/lms/bank_soal/${shown.id}`)).statusCode).toBe(403);
    expect((await call('rekan', 'POST', `/v2/lms/bank_soal/${shown.id}/soal`, choice())).statusCode).toBe(
      403,
    );
    expect((await call('rekan', 'PUT', `/v2/lms/bank_soal/${hidden.id}`, bankForm())).statusCode).toBe(404);
    // …but may duplicate a shown one into a bank of their own.
    await call('dosen', 'POST', `/v2/lms/bank_soal/${shown.id}/soal`, choice());
    const copy = await call<{ data: BankDetail }>(
      'rekan',
      'POST',
      `/v2/lms/bank_soal/${shown.id}/duplikat`,
      bankForm({ judul: 'Salinan' }),
    );
    expect(copy.statusCode).toBe(200);
    expect(copy.body.data).toMatchObject({ judul: 'Salinan', id_dosen: users.rekan!.userId, jumlah_soal: 1 });
    expect(copy.body.data.akses.ubah).toBe(true);
    expect(
      (await call('rekan', 'POST', `/v2/lms/bank_soal/${hidden.id}/duplikat`, bankForm())).statusCode,
    ).toBe(404);
  });

  it('filters the list by search, course and study program', async () => {
    await newBank({ judul: 'Kalkulus Lanjut Unik' });
    const res = await call<{ data: BankListItem[] }>(
      'dosen',
      'GET',
      '/v2/lms/bank_soal?search=lanjut%20unik',
    );
    expect(res.body.data.map((b) => b.judul)).toEqual(['Kalkulus Lanjut Unik']);
    const byCourse = await call<{ data: BankListItem[] }>(
      'dosen',
      'GET',
      `/v2/lms/bank_soal?id_mata_kuliah=${world.courseId}&id_prodi=${world.prodiId}`,
    );
    expect(byCourse.body.data.length).toBeGreaterThan(0);
    const none = await call<{ data: BankListItem[] }>('dosen', 'GET', '/v2/lms/bank_soal?id_prodi=tidak-ada');
    expect(none.body.data).toEqual([]);
  });

  it('gives operators read or write on bank_soal and refuses the rest', async () => {
    const bank = await newBank({ ditampilkan: false });
    const read = await call<{ data: BankDetail }>('opBaca', 'GET', `/v2/lms/bank_soal/${bank.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.body.data.akses).toEqual({ ubah: false, hapus: false, duplikat: false });
    expect((await call('opBaca', 'PUT', `/v2/lms/bank_soal/${bank.id}`, bankForm())).statusCode).toBe(403);
    expect(
      (await call('opBaca', 'POST', '/v2/lms/bank_soal', bankForm({ id_dosen: users.dosen!.userId })))
        .statusCode,
    ).toBe(403);
    expect((await call('opTanpa', 'GET', '/v2/lms/bank_soal')).statusCode).toBe(403);
    expect((await call('opTanpa', 'GET', `/v2/lms/bank_soal/${bank.id}`)).statusCode).toBe(403);
    expect((await call('mahasiswa', 'GET', '/v2/lms/bank_soal')).statusCode).toBe(403);
    expect((await call('mahasiswa', 'GET', `/v2/lms/bank_soal/${bank.id}`)).statusCode).toBe(403);
    const write = await call<{ data: BankDetail }>(
      'opTulis',
      'PUT',
      `/v2/lms/bank_soal/${bank.id}`,
      bankForm({ judul: 'Diubah operator' }),
    );
    expect(write.statusCode).toBe(200);
    expect(write.body.data).toMatchObject({ judul: 'Diubah operator', id_dosen: users.dosen!.userId });
    // An operator names the owning lecturer.
    expect((await call('opTulis', 'POST', '/v2/lms/bank_soal', bankForm())).statusCode).toBe(400);
    const made = await call<{ data: BankDetail }>(
      'opTulis',
      'POST',
      '/v2/lms/bank_soal',
      bankForm({ id_dosen: users.dosen!.userId }),
    );
    expect(made.body.data.id_dosen).toBe(users.dosen!.userId);
    expect(made.body.data.pembuat).toContain('Operator');
    // Another college sees nothing.
    expect((await call('opAsing', 'GET', `/v2/lms/bank_soal/${bank.id}`)).statusCode).toBe(404);
    expect((await call('asing', 'GET', `/v2/lms/bank_soal/${bank.id}`)).statusCode).toBe(404);
    expect((await call('opAsing', 'DELETE', `/v2/lms/bank_soal/${bank.id}`)).statusCode).toBe(404);
    const foreignList = await call<{ data: BankListItem[] }>('opAsing', 'GET', '/v2/lms/bank_soal');
    expect(foreignList.body.data.map((b) => b.id)).not.toContain(bank.id);
    expect((await call('opTulis', 'DELETE', `/v2/lms/bank_soal/${bank.id}`)).statusCode).toBe(200);
    expect((await call('dosen', 'GET', `/v2/lms/bank_soal/${bank.id}`)).statusCode).toBe(404);
  });
});

describe('questions', () => {
  it('adds, edits and deletes the three kinds with the form rules and sanitised text', async () => {
    const bank = await newBank();
    const url = `/v2/lms/bank_soal/${bank.id}/soal`;
    const created = await call<{ data: { id: string } }>('dosen', 'POST', url, choice());
    expect(created.statusCode).toBe(200);
    expect(created.body.data.id).toBeTruthy();
    const tf = await call('dosen', 'POST', url, {
      pertanyaan: '<p>Bumi bulat</p>',
      isi: { jenis: 'benar_salah', kunci: true },
    });
    expect(tf.statusCode).toBe(200);
    const essay = await call('dosen', 'POST', url, {
      pertanyaan: '<p>Jelaskan</p>',
      isi: {
        jenis: 'esay',
        jenis_file_diterima: ['pdf', 'pdf', 'image'],
        kunci: '<p>Kunci <script>x</script></p>',
      },
    });
    expect(essay.statusCode).toBe(200);
    const two = await call('dosen', 'POST', url, {
      ...choice(),
      isi: { jenis: 'pilihan', pilihan: [{ teks: 'a' }, { teks: 'b' }], kunci: 0 },
    });
    expect(JSON.stringify(two.body)).toContain('Pilihan jawaban minimal 3');
    const empty = await call('dosen', 'POST', url, {
      ...choice(),
      isi: { jenis: 'pilihan', pilihan: [{ teks: 'a' }, { teks: ' ' }, { teks: 'c' }], kunci: 0 },
    });
    expect(JSON.stringify(empty.body)).toContain(m.optionRequired);
    const foreignImage = await call('dosen', 'POST', url, {
      ...choice(),
      isi: {
        jenis: 'pilihan',
        pilihan: [{ teks: 'a', gambar: 'javascript:alert(1)' }, { teks: 'b' }, { teks: 'c' }],
        kunci: 0,
      },
    });
    expect(foreignImage.statusCode).toBe(400);
    const detail = (await call<{ data: BankDetail }>('dosen', 'GET', `/v2/lms/bank_soal/${bank.id}`)).body
      .data;
    expect(detail.list_soal.map((q) => [q.nomor, q.jenis])).toEqual([
      [1, 'pilihan'],
      [2, 'benar_salah'],
      [3, 'esay'],
    ]);
    const e = detail.list_soal[2]!;
    expect(e.isi).toMatchObject({ jenis_file_diterima: ['pdf', 'image'], kunci: '<p>Kunci </p>' });
    const edited = await call<{ data: Question }>(
      'dosen',
      'PUT',
      `${url}/${created.body.data.id}`,
      choice('<p>Diubah</p>'),
    );
    expect(edited.body.data).toMatchObject({ nomor: 1, pertanyaan: '<p>Diubah</p>' });
    expect((await call('dosen', 'DELETE', `${url}/${created.body.data.id}`)).statusCode).toBe(200);
    expect((await call('dosen', 'DELETE', `${url}/${created.body.data.id}`)).statusCode).toBe(404);
  });

  it('keeps no script of the XSS corpus in a stored question', async () => {
    const bank = await newBank();
    expect(xssCorpus.length).toBeGreaterThanOrEqual(50);
    for (const payload of xssCorpus) {
      const res = await call('dosen', 'POST', `/v2/lms/bank_soal/${bank.id}/soal`, {
        pertanyaan: `<p>Soal</p>${payload}`,
        isi: { jenis: 'esay', jenis_file_diterima: [], kunci: `<p>Kunci</p>${payload}` },
      });
      expect(res.statusCode).toBe(200);
    }
    const detail = (await call<{ data: BankDetail }>('dosen', 'GET', `/v2/lms/bank_soal/${bank.id}`)).body
      .data;
    for (const q of detail.list_soal) {
      expect(richTextProblems(q.pertanyaan)).toEqual([]);
      expect(richTextProblems(q.isi.jenis === 'esay' ? q.isi.kunci : '')).toEqual([]);
    }
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/v2/lms/bank_soal/${bank.id}/unduh`,
      headers: { authorization: `Bearer ${tokens.dosen}`, 'college-id': world.collegeId },
    });
    expect(pdf.statusCode).toBe(200);
    expect((await pdfPages(pdf.rawPayload)).join('\n')).not.toContain('<script');
  }, 60_000);

  it('takes attachments by content and size, keys without audio or video, and removes them on save', async () => {
    const bank = await newBank();
    const url = `/v2/lms/bank_soal/${bank.id}/soal`;
    const { id } = (
      await call<{ data: { id: string } }>('dosen', 'POST', url, {
        pertanyaan: '<p>Esai berlampiran</p>',
        isi: { jenis: 'esay', jenis_file_diterima: ['pdf'], kunci: '<p>k</p>' },
      })
    ).body.data;
    const put = (who: string, files: Parameters<typeof multipartBody>[1]) => {
      const body = multipartBody({}, files);
      return authedRequest<{ data: Question }>(t.app, tokens[who]!, {
        method: 'PUT',
        url: `${url}/${id}/files`,
        payload: body.payload,
        headers: body.headers,
      });
    };
    const ok = await put('dosen', [
      { field: 'files', name: 'gambar.png', type: 'image/png', content: tinyPng() },
      { field: 'files_kunci', name: 'kunci.pdf', type: 'application/pdf', content: pdfBytes },
    ]);
    expect(ok.statusCode, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.soal_files?.map((f) => f.name)).toEqual(['gambar.png']);
    expect(ok.body.data.kunci_files?.map((f) => [f.name, f.extension])).toEqual([['kunci.pdf', 'pdf']]);
    const audioKey = await put('dosen', [
      { field: 'files_kunci', name: 'a.mp3', type: 'audio/mpeg', content: tinyPng() },
    ]);
    expect(audioKey.statusCode).toBe(400);
    expect(JSON.stringify(audioKey.body)).toContain('Lampiran kunci');
    const fake = await put('dosen', [
      { field: 'files', name: 'palsu.pdf', type: 'application/pdf', content: Buffer.from('bukan pdf') },
    ]);
    expect(fake.statusCode).toBe(400);
    expect(
      (await put('rekan', [{ field: 'files', name: 'g.png', type: 'image/png', content: tinyPng() }]))
        .statusCode,
    ).toBe(403);
    expect(
      (await put('opBaca', [{ field: 'files', name: 'g.png', type: 'image/png', content: tinyPng() }]))
        .statusCode,
    ).toBe(403);
    const saved = ok.body.data;
    const edited = await call<{ data: Question }>('dosen', 'PUT', `${url}/${id}`, {
      pertanyaan: saved.pertanyaan,
      isi: saved.isi,
      soal_files_delete: [saved.soal_files![0]!.url],
      kunci_files_delete: [],
    });
    expect(edited.body.data.soal_files).toEqual([]);
    expect(edited.body.data.kunci_files).toHaveLength(1);
  });

  it('stops at 100 questions, all or nothing', async () => {
    const bank = await newBank();
    const actor = {
      userId: users.dosen!.userId,
      collegeId: world.collegeId,
      role: 'dosen' as const,
      permissions: null,
      actorUserId: null,
    };
    await expect(
      addQuestionsToBank(
        t.app.db,
        actor,
        bank.id,
        Array.from({ length: 101 }, () => choice()),
      ),
    ).rejects.toThrow(m.tooManyQuestions(100));
    const bad = [
      choice(),
      { ...choice(), isi: { jenis: 'pilihan' as const, pilihan: [{ teks: 'a' }], kunci: 0 } },
    ];
    await expect(addQuestionsToBank(t.app.db, actor, bank.id, bad)).rejects.toThrow(/Soal 2/);
    expect(
      (await call<{ data: BankDetail }>('dosen', 'GET', `/v2/lms/bank_soal/${bank.id}`)).body.data
        .jumlah_soal,
    ).toBe(0);
    expect(
      await addQuestionsToBank(
        t.app.db,
        actor,
        bank.id,
        Array.from({ length: 100 }, () => choice()),
      ),
    ).toHaveLength(100);
    const full = await call('dosen', 'POST', `/v2/lms/bank_soal/${bank.id}/soal`, choice());
    expect(full.statusCode).toBe(400);
    expect(JSON.stringify(full.body)).toContain(m.tooManyQuestions(100));
    const rekan = { ...actor, userId: users.rekan!.userId };
    await expect(assertCanEditQuestionBank(t.app.db, rekan, bank.id)).rejects.toThrow();
    await expect(assertCanEditQuestionBank(t.app.db, actor, bank.id)).resolves.toBeUndefined();
  });
});

describe('a large bank', () => {
  it("holds the college's limit of questions and lists them a page at a time, searched by the server", async () => {
    users.opKonfigurasi ??= await createUser(t.database, {
      collegeId: world.collegeId,
      role: 'operator',
      permissions: { konfigurasi: 'write' },
    });
    tokens.opKonfigurasi ??= (await signIn(t.app, users.opKonfigurasi)).access_token;
    const settings = (
      await call<{ data: { bank_soal: { maks_soal: number } } }>('opKonfigurasi', 'GET', '/v2/lms/pengaturan')
    ).body.data;
    expect(settings.bank_soal.maks_soal).toBe(100);
    const tooHigh = await call('opKonfigurasi', 'PUT', '/v2/lms/pengaturan', {
      ...settings,
      bank_soal: { maks_soal: 5001 },
    });
    expect(tooHigh.statusCode).toBe(400);
    const set = (maks_soal: number) =>
      call('opKonfigurasi', 'PUT', '/v2/lms/pengaturan', { ...settings, bank_soal: { maks_soal } });
    expect((await set(130)).statusCode).toBe(200);
    try {
      const bank = await newBank();
      const actor = {
        userId: users.dosen!.userId,
        collegeId: world.collegeId,
        role: 'dosen' as const,
        permissions: null,
        actorUserId: null,
      };
      const questions = Array.from({ length: 130 }, (_, i) =>
        choice(i === 117 ? '<p>Siapa <b>proklamator</b> Indonesia?</p>' : `<p>Soal nomor ${i + 1}</p>`),
      );
      expect(await addQuestionsToBank(t.app.db, actor, bank.id, questions)).toHaveLength(130);
      const full = await call('dosen', 'POST', `/v2/lms/bank_soal/${bank.id}/soal`, choice());
      expect(full.statusCode).toBe(400);
      expect(JSON.stringify(full.body)).toContain(m.tooManyQuestions(130));

      const page = (query: string) =>
        call<{ data: BankDetail }>('dosen', 'GET', `/v2/lms/bank_soal/${bank.id}?${query}`).then(
          (r) => r.body.data,
        );
      const first = await page('');
      expect(first.jumlah_soal).toBe(130);
      expect(first.maks_soal).toBe(130);
      expect(first.list_soal).toHaveLength(50);
      expect(first.meta_soal).toEqual({ page: 1, per_page: 50, total_items: 130, total_pages: 3 });
      const third = await page('page=3');
      expect(third.list_soal.map((q) => q.nomor)).toEqual(Array.from({ length: 30 }, (_, i) => 101 + i));
      expect(third.list_soal[0]!.pertanyaan).toBe('<p>Soal nomor 101</p>');
      // The text is searched without its tags, and a hit keeps its number in the bank.
      const found = await page('search=proklamator%20Indonesia');
      expect(found.list_soal.map((q) => q.nomor)).toEqual([118]);
      expect(found.meta_soal.total_items).toBe(1);
      expect((await page('search=%3Cb%3E')).list_soal).toEqual([]);
      expect((await page('search=50%25')).list_soal).toEqual([]);
      const past = await page('page=9&search=nomor');
      expect(past.list_soal).toEqual([]);
      expect(past.meta_soal.total_items).toBe(129);
      expect((await call('dosen', 'GET', `/v2/lms/bank_soal/${bank.id}?per_page=101`)).statusCode).toBe(400);

      // Lowering the limit keeps what a bank holds and stops new questions.
      expect((await set(100)).statusCode).toBe(200);
      expect((await page('')).jumlah_soal).toBe(130);
      expect((await call('dosen', 'POST', `/v2/lms/bank_soal/${bank.id}/soal`, choice())).statusCode).toBe(
        400,
      );
    } finally {
      await set(100);
    }
  });
});

describe('option images (storager)', () => {
  const upload = (who: string, name: string, content: Buffer, dir = 'bank_soal') => {
    const body = multipartBody(
      { service_id: 'lms', dir },
      { field: 'file', name, type: 'image/png', content },
    );
    return authedRequest<{ data: { url: string } }>(t.app, tokens[who]!, {
      method: 'POST',
      url: '/v2/storager',
      payload: body.payload,
      headers: body.headers,
    });
  };

  it('stores images checked by content, used as option images, deleted only by the uploader', async () => {
    const res = await upload('dosen', 'a.png', tinyPng());
    expect(res.statusCode).toBe(200);
    const url = res.body.data.url;
    expect(url).toMatch(/^\/v2\/files\/.+\?college-id=/);
    expect((await upload('dosen', 'a.png', Buffer.from('<svg onload=alert(1)>'))).statusCode).toBe(400);
    expect((await upload('dosen', 'a.png', tinyPng(), '../etc')).statusCode).toBe(400);
    expect((await upload('mahasiswa', 'a.png', tinyPng())).statusCode).toBe(403);
    expect((await upload('opBaca', 'a.png', tinyPng())).statusCode).toBe(403);
    const bank = await newBank();
    const q = await call('dosen', 'POST', `/v2/lms/bank_soal/${bank.id}/soal`, {
      ...choice(),
      isi: { jenis: 'pilihan', pilihan: [{ teks: '', gambar: url }, { teks: 'b' }, { teks: 'c' }], kunci: 0 },
    });
    expect(q.statusCode).toBe(200);
    const del = (who: string, u = url) => call(who, 'DELETE', `/v2/storager?url=${encodeURIComponent(u)}`);
    expect((await del('rekan')).statusCode).toBe(403);
    expect((await del('opAsing')).statusCode).toBe(404);
    expect((await del('dosen', '/v2/files/zzzzzzzzzzzzzzzzzzzzzzzzzz?college-id=x')).statusCode).toBe(404);
    expect((await del('dosen')).statusCode).toBe(200);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(404);
    const other = (await upload('rekan', 'b.png', tinyPng())).body.data.url;
    expect((await del('opTulis', other)).statusCode).toBe(200);
  });
});

describe('copy between exams and banks', () => {
  it('copies chosen exam questions into a bank, and an exam takes questions from a bank', async () => {
    const bank = await newBank();
    const copy = (who: string, ids: string[]) =>
      call<{ data: { jumlah: number } }>(who, 'POST', `/v2/lms/bank_soal/${bank.id}/salin_ujian`, {
        id_ujian: exam.examId,
        list_id_soal: ids,
      });
    const none = await copy('dosen', []);
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.body)).toContain(m.noneSelected);
    expect((await copy('dosen', exam.questionIds)).body.data.jumlah).toBe(3);
    // Copying from exams needs write on kelas_kuliah for operators; other lecturers cannot read the exam.
    expect((await copy('opBankSaja', exam.questionIds)).statusCode).toBe(403);
    expect((await copy('rekan', exam.questionIds)).statusCode).toBe(403);
    const detail = (await call<{ data: BankDetail }>('dosen', 'GET', `/v2/lms/bank_soal/${bank.id}`)).body
      .data;
    expect(detail.list_soal.map((q) => q.jenis)).toEqual(['pilihan', 'benar_salah', 'esay']);
    const take = (who: string, ids: string[], bankId = bank.id) =>
      call<{ data: { jumlah: number } }>(
        who,
        'POST',
        `/v2/lms/ujian/${exam.examId}/kelompok_soal/${exam.groupId}/soal/dari_bank`,
        {
          id_bank_soal: bankId,
          list_id_soal: ids,
        },
      );
    expect((await take('dosen', [detail.list_soal[0]!.id, detail.list_soal[2]!.id])).body.data.jumlah).toBe(
      2,
    );
    const content = await call<{ data: { kelompok_soal: Array<{ soal: unknown[] }> } }>(
      'dosen',
      'GET',
      `/v2/lms/ujian/${exam.examId}/kelompok_soal`,
    );
    expect(content.body.data.kelompok_soal[0]!.soal).toHaveLength(5);
    expect((await take('dosen', [])).statusCode).toBe(400);
    expect((await take('rekan', [detail.list_soal[0]!.id])).statusCode).toBe(403);
    expect((await take('mahasiswa', [detail.list_soal[0]!.id])).statusCode).toBe(403);
    const hidden = await newBank({ ditampilkan: false }, 'rekan');
    expect((await take('dosen', [detail.list_soal[0]!.id], hidden.id)).statusCode).toBe(404);
  });
  it('carries question and key attachments along every copy, sharing the stored bytes', async () => {
    const source = await createExam(t.database, { collegeId: world.collegeId, meetingId: world.meetingId });
    const essay = source.questionIds[2]!;
    const body = multipartBody({}, [
      { field: 'files', name: 'peta.png', type: 'image/png', content: tinyPng() },
      { field: 'files_kunci', name: 'kunci.pdf', type: 'application/pdf', content: pdfBytes },
    ]);
    const attached = await authedRequest<{ data: Question }>(t.app, tokens.dosen!, {
      method: 'PUT',
      url: `/v2/lms/ujian/${source.examId}/soal/${essay}/files`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(attached.statusCode, JSON.stringify(attached.body)).toBe(200);
    const names = (q: Question | undefined) => [
      q?.soal_files?.map((f) => f.name),
      q?.kunci_files?.map((f) => f.name),
    ];
    const examEssay = async (examId: string) => {
      const res = await call<{ data: { kelompok_soal: Array<{ soal: Question[] }> } }>(
        'dosen',
        'GET',
        `/v2/lms/ujian/${examId}/kelompok_soal`,
      );
      return res.body.data.kelompok_soal.flatMap((g) => g.soal).find((q) => q.jenis === 'esay');
    };

    // Exam → exam (Salin Ujian).
    const copied = await call<{ data: { id: string } }>('dosen', 'POST', '/v2/lms/ujian/salin', {
      id: source.examId,
      id_pertemuan: world.meetingId,
      judul: 'Salinan berlampiran',
      deskripsi: '<p>Salinan</p>',
      jenis: 'kuis',
      sifat: 'close',
      gunakan_batas_waktu: true,
      durasi: 30,
      waktu_mulai: new Date(Date.now() + 3_600_000).toISOString(),
      waktu_selesai: new Date(Date.now() + 7_200_000).toISOString(),
    });
    expect(copied.statusCode, JSON.stringify(copied.body)).toBe(200);
    expect(names(await examEssay(copied.body.data.id))).toEqual([['peta.png'], ['kunci.pdf']]);

    // Exam → bank.
    const bank = await newBank();
    await call('dosen', 'POST', `/v2/lms/bank_soal/${bank.id}/salin_ujian`, {
      id_ujian: source.examId,
      list_id_soal: [essay],
    });
    const inBank = (await call<{ data: BankDetail }>('dosen', 'GET', `/v2/lms/bank_soal/${bank.id}`)).body
      .data.list_soal[0]!;
    expect(names(inBank)).toEqual([['peta.png'], ['kunci.pdf']]);

    // Removing the attachment from the source leaves the copies' bytes readable.
    await call('dosen', 'POST', `/v2/lms/ujian/${source.examId}/soal/${essay}/files/hapus`, {
      soal_files_delete: [attached.body.data.soal_files![0]!.url],
      kunci_files_delete: [],
    });
    expect((await examEssay(source.examId))?.soal_files).toEqual([]);
    const bytes = await t.app.inject({ method: 'GET', url: inBank.soal_files![0]!.url });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.equals(tinyPng())).toBe(true);

    // Bank → exam.
    const target = await createExam(t.database, { collegeId: world.collegeId, meetingId: world.meetingId });
    const taken = await call(
      'dosen',
      'POST',
      `/v2/lms/ujian/${target.examId}/kelompok_soal/${target.groupId}/soal/dari_bank`,
      { id_bank_soal: bank.id, list_id_soal: [inBank.id] },
    );
    expect(taken.statusCode).toBe(200);
    const essays = (
      await call<{ data: { kelompok_soal: Array<{ soal: Question[] }> } }>(
        'dosen',
        'GET',
        `/v2/lms/ujian/${target.examId}/kelompok_soal`,
      )
    ).body.data.kelompok_soal
      .flatMap((g) => g.soal)
      .filter((q) => q.jenis === 'esay');
    expect(essays.map(names)).toContainEqual([['peta.png'], ['kunci.pdf']]);
  });
});

describe('download and references', () => {
  it('downloads Bank Soal - {judul} as a letter PDF with the questions, or Belum ada soal', async () => {
    const empty = await newBank({ judul: 'Kosong' });
    const get = (id: string) =>
      t.app.inject({
        method: 'GET',
        url: `/v2/lms/bank_soal/${id}/unduh`,
        headers: { authorization: `Bearer ${tokens.dosen}`, 'college-id': world.collegeId },
      });
    const e = await get(empty.id);
    expect(e.headers['content-type']).toContain('application/pdf');
    expect(String(e.headers['content-disposition'])).toContain(
      "filename*=UTF-8''Bank%20Soal%20-%20Kosong.pdf",
    );
    expect((await pdfPages(e.rawPayload)).join(' ')).toContain(m.emptyBank);
    const bank = await newBank({ judul: 'Matematika' });
    const img = multipartBody(
      { service_id: 'lms', dir: 'bank_soal' },
      { field: 'file', name: 'a.png', type: 'image/png', content: tinyPng() },
    );
    const url = (
      await authedRequest<{ data: { url: string } }>(t.app, tokens.dosen!, {
        method: 'POST',
        url: '/v2/storager',
        payload: img.payload,
        headers: img.headers,
      })
    ).body.data.url;
    await call('dosen', 'POST', `/v2/lms/bank_soal/${bank.id}/soal`, {
      pertanyaan: '<p>Jika x ≤ 5 dan √x ≥ 2, berapa π²?</p>',
      isi: {
        jenis: 'pilihan',
        pilihan: [{ teks: 'Satu', gambar: url }, { teks: 'Dua' }, { teks: 'Tiga' }],
        kunci: 1,
      },
    });
    const pdf = await get(bank.id);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('Bank Soal - Matematika');
    expect(text).toContain('≤ 5');
    expect(text).toContain('√x ≥ 2');
    expect(text).toContain('Kunci: B');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/v2/lms/bank_soal/${bank.id}/unduh`,
          headers: { authorization: `Bearer ${tokens.lain}`, 'college-id': world.collegeId },
        })
      ).statusCode,
    ).toBe(404);
  }, 60_000);

  it("lists a lecturer's courses and teaching periods, never another lecturer's", async () => {
    const courses = await call<{ data: Array<{ id: string }> }>(
      'dosen',
      'GET',
      '/v2/lms/mata_kuliah/ref?ignore_default_pagination=true',
    );
    expect(courses.body.data.map((c) => c.id)).toEqual([world.courseId]);
    expect(
      (await call('dosen', 'GET', `/v2/lms/mata_kuliah/ref?id_dosen=${users.lain!.userId}`)).statusCode,
    ).toBe(403);
    const forLain = await call<{ data: Array<{ id: string }> }>(
      'opTulis',
      'GET',
      `/v2/lms/mata_kuliah/ref?id_dosen=${users.lain!.userId}`,
    );
    expect(forLain.body.data).toHaveLength(1);
    const periods = await call<{ data: Array<{ tahun: number; jenisSemester: number; nama: string }> }>(
      'dosen',
      'GET',
      `/v1/dosen/${users.dosen!.userId}/periode_mengajar`,
    );
    expect(periods.body.data).toEqual([expect.objectContaining({ tahun: 2027, jenisSemester: 1 })]);
    expect((await call('dosen', 'GET', `/v1/dosen/${users.lain!.userId}/periode_mengajar`)).statusCode).toBe(
      403,
    );
    expect(
      (await call('mahasiswa', 'GET', `/v1/dosen/${users.dosen!.userId}/periode_mengajar`)).statusCode,
    ).toBe(403);
    expect(
      (await call('opAsing', 'GET', `/v1/dosen/${users.dosen!.userId}/periode_mengajar`)).statusCode,
    ).toBe(404);
    const lecturers = await call<{ data: Array<{ id: string }> }>(
      'opTulis',
      'GET',
      '/v2/lms/bank_soal/dosen_ref',
    );
    expect(lecturers.body.data.map((l) => l.id)).toContain(users.dosen!.userId);
    expect((await call('dosen', 'GET', '/v2/lms/bank_soal/dosen_ref')).statusCode).toBe(403);
  });
});
