import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { webClientId } from '@lms/contract/auth.rules';
import { demoPassword } from './helpers.ts';

/**
 * What a flow changes, it makes itself: the demo seed's classes, students and meetings are shared by
 * every spec (and cannot be created through the API), so a flow creates its materials, tasks, exams,
 * forums and vidcons here, names them for this try alone, and takes a meeting it changes by claiming it.
 */

/** A short random tag that names this try's data: no other test, try or repeat uses it. */
export function tryTag(): string {
  return randomUUID().slice(0, 6);
}

/** A title no other test and no other try uses: `base` and a short random tail. */
export function uniqueTitle(base: string): string {
  return `${base} ${tryTag()}`;
}

/** The API as one demo account, signed in through the API itself (no browser). */
export interface ApiAccount {
  call<T>(method: string, path: string, body?: unknown): Promise<T>;
  dispose(): Promise<void>;
}

/**
 * Signs `username` in with the web client's own PKCE flow (POST /v2/authorize, then /v2/access_token)
 * and answers an account that calls the API with its token, in the default college.
 */
export async function signInByApi(
  baseURL: string,
  username: string,
  password = demoPassword,
): Promise<ApiAccount> {
  const context = await playwrightRequest.newContext({ baseURL });
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${baseURL}/oauth`;
  const authorized = await context.post('/v2/authorize', {
    data: {
      username,
      password,
      client_id: webClientId,
      redirect_uri: redirectUri,
      state: randomUUID(),
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    },
  });
  if (!authorized.ok())
    throw new Error(`sign-in of ${username}: ${authorized.status()} ${await authorized.text()}`);
  const { code } = ((await authorized.json()) as { data: { code: string } }).data;
  const tokens = await context.post('/v2/access_token', {
    data: {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: webClientId,
      redirect_uri: redirectUri,
    },
  });
  if (!tokens.ok()) throw new Error(`token of ${username}: ${tokens.status()} ${await tokens.text()}`);
  const { access_token } = (await tokens.json()) as { access_token: string };
  return accountOf(context, access_token);
}

function accountOf(context: APIRequestContext, token: string): ApiAccount {
  return {
    async call<T>(method: string, url: string, body?: unknown): Promise<T> {
      const answer = await context.fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { data: body }),
      });
      const text = await answer.text();
      if (answer.status() >= 300) throw new Error(`${method} ${url}: ${answer.status()} ${text}`);
      return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
    },
    dispose: () => context.dispose(),
  };
}

/**
 * Claims a seed row (by id) for this test alone, across workers: a folder per claim beside the run's
 * data folder, made atomically; false when another test of this run has it. A test that changes a
 * seeded meeting (starts it, edits it, marks its attendance), or needs one nobody changes, claims it.
 */
export function claim(id: string): boolean {
  const root = `${process.env.LMS_E2E_DATA_DIR ?? path.join(process.cwd(), 'test-results', 'data')}-claims`;
  mkdirSync(root, { recursive: true });
  try {
    mkdirSync(path.join(root, id));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Claims the first of `candidates` that no other test of this run has claimed. */
export function claimFirst<T extends { id: string }>(candidates: T[], what = 'row'): T {
  const free = candidates.find((candidate) => claim(candidate.id));
  if (!free) throw new Error(`no ${what} left to claim among ${candidates.length}`);
  return free;
}

/**
 * A student of this try, made by the operator `admin` in the study programme of a demo student (in no
 * class): answers the NIM to sign in with and the password.
 */
export async function createTryStudent(
  admin: ApiAccount,
  name: string,
): Promise<{ nim: string; password: string }> {
  const tag = tryTag();
  const student = { nim: `e2e${tag}`, password: 'sandi-mahasiswa-uji-1' };
  const [demoStudent] = await admin.call<{ prodi: { id: string } | null }[]>(
    'GET',
    '/v2/lms/akun?role=mahasiswa&search=mahasiswa',
  );
  await admin.call('POST', '/v2/lms/akun', {
    role: 'mahasiswa',
    nama: `${name} ${tag}`,
    email: '',
    telepon: '',
    password: student.password,
    nim: student.nim,
    prodi_id: demoStudent!.prodi!.id,
    angkatan: 2024,
  });
  return student;
}

type Created = { id: string };

/** A link material in the meeting, shown now, made by its lecturer; `is_syarat_hadir` and the rest as given. */
export function createLinkMaterial(
  lecturer: ApiAccount,
  material: { id_pertemuan: string; judul: string; is_syarat_hadir?: boolean; deadline?: string },
): Promise<Created> {
  return lecturer.call<Created>('POST', '/v2/lms/materi', {
    deskripsi: '<p>Baca sebelum kuliah.</p>',
    jenis_materi: 'alat_bantu',
    tipe_file: 'url',
    file_url: 'https://example.org/bacaan',
    tampil_sekarang: true,
    is_syarat_hadir: false,
    ...material,
  });
}

/** A forum of the meeting, open from an hour ago for a day unless times are given. */
export function createForum(
  lecturer: ApiAccount,
  forum: { id_pertemuan: string; judul: string; waktu_mulai?: string; waktu_selesai?: string },
): Promise<Created> {
  return lecturer.call<Created>('POST', '/v2/lms/forum', {
    deskripsi: '<p>Tanggapi kasus pekan ini.</p>',
    waktu_mulai: new Date(Date.now() - 3_600_000).toISOString(),
    waktu_selesai: new Date(Date.now() + 86_400_000).toISOString(),
    penilaian_keaktifan: false,
    minimal_post: 1,
    ...forum,
  });
}

/** An individual task of the meeting (PDF answers, none late), open from now until `waktu_selesai`. */
export function createTask(
  lecturer: ApiAccount,
  task: { id_pertemuan: string; judul: string; waktu_selesai: string; waktu_mulai?: string },
): Promise<Created> {
  return lecturer.call<Created>('POST', '/v2/lms/tugas', {
    deskripsi: '<p>Kumpulkan ringkasan.</p>',
    jenis: 'individu',
    waktu_mulai: new Date().toISOString(),
    tipe_file_jawaban: ['pdf'],
    terima_terlambat: false,
    ...task,
  });
}

/** A Zoom vidcon of the meeting between the given times. */
export function createVidcon(
  lecturer: ApiAccount,
  vidcon: { id_pertemuan: string; judul: string; waktu_mulai: string; waktu_selesai: string },
): Promise<Created> {
  return lecturer.call<Created>('POST', '/v2/lms/vidcon', {
    aplikasi: 'zoom',
    link: 'https://zoom.example.org/j/42',
    ...vidcon,
  });
}

/**
 * A closed quiz of the meeting without a time limit, between the given times, with one true/false
 * question (students see an exam once it has one).
 */
export async function createQuiz(
  lecturer: ApiAccount,
  exam: { id_pertemuan: string; judul: string; waktu_mulai: string; waktu_selesai: string },
): Promise<Created> {
  const created = await lecturer.call<Created>('POST', '/v2/lms/ujian', {
    jenis: 'kuis',
    sifat: 'close',
    deskripsi: '<p>Kuis singkat.</p>',
    gunakan_batas_waktu: false,
    ...exam,
  });
  const group = await lecturer.call<Created>('POST', `/v2/lms/ujian/${created.id}/kelompok_soal`, {
    aturan: 'semua',
  });
  await lecturer.call('POST', `/v2/lms/ujian/${created.id}/kelompok_soal/${group.id}/soal`, {
    pertanyaan: '<p>Basis data relasional menyimpan data dalam tabel.</p>',
    isi: { jenis: 'benar_salah', kunci: true },
  });
  return created;
}
