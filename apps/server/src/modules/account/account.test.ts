import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSchema } from '@lms/contract/account.schema';
import { operatorAreas } from '@lms/contract/permission.rules';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, signIn, signInAll } from '../../testing/requests.ts';
import { buildOperatorPermissions, createCollege, createUser } from '../../testing/factories.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
/** An operator who manages students and lecturers (write on data_master) but only sees operators. */
let masterOperator: string;
let prodiId: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  Object.assign(tokens, await signInAll(t.app, ['operator', 'operator.lihat', 'dosen']));
  const master = await createUser(t.database, {
    collegeId: 'demo',
    role: 'operator',
    permissions: buildOperatorPermissions('no_access', { data_master: 'write', data_sistem: 'read' }),
  });
  masterOperator = (await signIn(t.app, master)).access_token;
  const [program] = await t.database.query<{ id: string }>(
    `select id from study_programs where college_id = 'demo' order by id limit 1`,
  );
  prodiId = program!.id;
});
afterAll(async () => {
  await t.close();
});

const as = (token: string) => bearerHeaders(token);
const send = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(token), payload });

let sequence = 0;
function lecturerInput(overrides: Record<string, unknown> = {}) {
  sequence++;
  return {
    role: 'dosen',
    nama: `Dosen Baru ${sequence}`,
    username: `dosen.baru${sequence}`,
    nidn: `55000000${String(sequence).padStart(2, '0')}`,
    email: `dosen${sequence}@kampus.ac.id`,
    telepon: '081234567890',
    prodi_id: prodiId,
    password: 'sandi-awal-1',
    ...overrides,
  };
}

async function createLecturer(overrides: Record<string, unknown> = {}) {
  const input = lecturerInput(overrides);
  const res = await send(tokens.operator!, 'POST', '/v2/lms/akun', input);
  expect(res.statusCode, res.body).toBe(201);
  return { input, account: accountSchema.parse(res.json().data) };
}

describe('creating accounts', () => {
  it('creates a lecturer who can sign in, and logs it', async () => {
    const { input, account } = await createLecturer();
    expect(account).toMatchObject({
      role: 'dosen',
      username: input.username,
      nidn: input.nidn,
      is_active: true,
      prodi: { id: prodiId },
      dapat_diubah: true,
    });
    await expect(
      signIn(t.app, { username: input.username, collegeId: 'demo', password: input.password }),
    ).resolves.toBeTruthy();
    const [log] = await t.database.query<{ jenis: string; context: { id_pengguna: string } }>(
      `select jenis, context from activity_logs where college_id = 'demo' and jenis = 'tambah_pengguna' order by id desc limit 1`,
    );
    expect(log).toMatchObject({ context: { id_pengguna: account.id } });
  });

  it('refuses a username another account holds, whatever its case, as a field error', async () => {
    const { input } = await createLecturer();
    const res = await send(
      tokens.operator!,
      'POST',
      '/v2/lms/akun',
      lecturerInput({ username: input.username.toUpperCase() }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: { code: 'akun_tidak_valid' },
      detail: { fields: [{ field: 'username', message: 'Username sudah dipakai pengguna lain.' }] },
    });
  });

  it('answers the same field error when two requests take one username at once', async () => {
    const input = lecturerInput();
    const answers = await Promise.all([
      send(tokens.operator!, 'POST', '/v2/lms/akun', input),
      send(tokens.operator!, 'POST', '/v2/lms/akun', { ...input, nidn: `${input.nidn}9` }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 400]);
    const refused = answers.find((res) => res.statusCode === 400)!;
    expect(refused.json().detail.fields).toEqual([
      { field: 'username', message: 'Username sudah dipakai pengguna lain.' },
    ]);
  });

  it('refuses a NIDN or NIM that is taken, and a study program of no one', async () => {
    const { input } = await createLecturer();
    const nidn = await send(
      tokens.operator!,
      'POST',
      '/v2/lms/akun',
      lecturerInput({ nidn: input.nidn, prodi_id: 'tidak-ada' }),
    );
    expect(nidn.json().detail.fields).toEqual([
      { field: 'nidn', message: 'NIDN sudah terdaftar.' },
      { field: 'prodi_id', message: 'Program studi tidak ditemukan.' },
    ]);
    const student = {
      role: 'mahasiswa',
      nama: 'Mahasiswa Baru',
      nim: '2099000001',
      prodi_id: prodiId,
      angkatan: 2025,
      password: 'sandi-awal-1',
    };
    const created = await send(tokens.operator!, 'POST', '/v2/lms/akun', student);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      username: '2099000001',
      nim: '2099000001',
      status_mahasiswa: 'Aktif',
    });
    const again = await send(tokens.operator!, 'POST', '/v2/lms/akun', student);
    expect(again.json().detail.fields).toEqual([{ field: 'nim', message: 'NIM sudah terdaftar.' }]);
  });

  it('answers every invalid field in Indonesian', async () => {
    const res = await send(tokens.operator!, 'POST', '/v2/lms/akun', {
      ...lecturerInput(),
      nama: ' ',
      username: 'ada spasi',
      email: 'bukan-email',
      password: 'pendek',
    });
    expect(res.statusCode).toBe(400);
    const messages = Object.fromEntries(
      (res.json().detail.fields as { field: string; message: string }[]).map((f) => [f.field, f.message]),
    );
    expect(messages).toMatchObject({
      'body.nama': 'Nama wajib diisi.',
      'body.username': expect.stringContaining('Username hanya boleh'),
      'body.email': 'Format email tidak valid.',
      'body.password': 'Password baru minimal 8 karakter.',
    });
  });

  it('creates operators with no access anywhere, and only by operators with write on data_sistem', async () => {
    const input = {
      role: 'operator',
      nama: 'Operator Baru',
      username: 'operator.baru',
      password: 'sandi-awal-1',
    };
    expect((await send(masterOperator, 'POST', '/v2/lms/akun', input)).statusCode).toBe(403);
    const res = await send(tokens.operator!, 'POST', '/v2/lms/akun', input);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.query<{ operator_permissions: Record<string, string> }>(
      `select operator_permissions from users where id = $1`,
      [res.json().data.id],
    );
    expect(row!.operator_permissions).toEqual(Object.fromEntries(operatorAreas.map((a) => [a, 'no_access'])));
    // The data_master operator sees operators (read on data_sistem) but may not change them.
    const seen = await send(masterOperator, 'GET', `/v2/lms/akun/${res.json().data.id}`);
    expect(seen.json().data.dapat_diubah).toBe(false);
    const edit = await send(masterOperator, 'PUT', `/v2/lms/akun/${res.json().data.id}`, { nama: 'Diubah' });
    expect(edit.statusCode).toBe(403);
  });
});

describe('finding accounts', () => {
  it('searches name, username and the start of NIDN, filtered by role and active flag', async () => {
    const { input, account } = await createLecturer({ nama: 'Cahya Pencarian Unik' });
    const find = async (query: string) =>
      (
        (await send(tokens['operator.lihat']!, 'GET', `/v2/lms/akun?${query}`)).json().data as {
          id: string;
        }[]
      ).map((a) => a.id);
    expect(await find('search=pencarian%20unik')).toEqual([account.id]);
    expect(await find(`search=${input.nidn.slice(0, 9)}&role=dosen`)).toContain(account.id);
    expect(await find(`search=${input.username}&role=mahasiswa`)).toEqual([]);
    expect(await find(`search=${input.username}&status=nonaktif`)).toEqual([]);
    expect(await find(`search=${input.username}&status=aktif`)).toEqual([account.id]);
  });

  it('shows a reader the accounts but lets them change none', async () => {
    const { account } = await createLecturer();
    const res = await send(tokens['operator.lihat']!, 'GET', `/v2/lms/akun/${account.id}`);
    expect(res.json().data.dapat_diubah).toBe(false);
    expect(
      (await send(tokens['operator.lihat']!, 'PUT', `/v2/lms/akun/${account.id}`, { nama: 'X' })).statusCode,
    ).toBe(403);
  });

  it('answers 404 for another college’s account', async () => {
    const { collegeId } = await createCollege(t.database);
    const foreign = await createUser(t.database, { collegeId, role: 'dosen' });
    for (const [method, url, body] of [
      ['GET', `/v2/lms/akun/${foreign.userId}`, undefined],
      ['PUT', `/v2/lms/akun/${foreign.userId}`, { nama: 'Diambil' }],
      ['PUT', `/v2/lms/akun/${foreign.userId}/status`, { is_active: false }],
    ] as const) {
      const res = await send(tokens.operator!, method, url, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().status.code).toBe('akun_not_found');
    }
  });
});

describe('changing accounts', () => {
  it('edits the fields given, refusing a taken username, and logs old and new values', async () => {
    const { account } = await createLecturer();
    const { input: other } = await createLecturer();
    const taken = await send(tokens.operator!, 'PUT', `/v2/lms/akun/${account.id}`, {
      username: other.username,
    });
    expect(taken.json().detail.fields).toEqual([
      { field: 'username', message: 'Username sudah dipakai pengguna lain.' },
    ]);
    const res = await send(tokens.operator!, 'PUT', `/v2/lms/akun/${account.id}`, {
      nama: 'Nama Baru',
      gelar_akademik: 'M.Kom.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      nama: 'Nama Baru',
      gelar_akademik: 'M.Kom.',
      nidn: account.nidn,
    });
    const [log] = await t.database.query<{ context: { perubahan: unknown[] } }>(
      `select context from activity_logs where college_id = 'demo' and jenis = 'ubah_pengguna' order by id desc limit 1`,
    );
    expect(log!.context.perubahan).toEqual([
      { field: 'nama', label: 'Nama', lama: account.nama, baru: 'Nama Baru' },
      { field: 'gelar_akademik', label: 'Gelar Akademik', lama: null, baru: 'M.Kom.' },
    ]);
  });

  it('refuses an operator’s own account (changed on the settings page)', async () => {
    const [me] = await t.database.query<{ id: string }>(
      `select id from users where college_id = 'demo' and username = 'operator'`,
    );
    const res = await send(tokens.operator!, 'PUT', `/v2/lms/akun/${me!.id}/status`, { is_active: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().status.code).toBe('akun_sendiri');
  });

  it('deactivates: the account’s sessions end and it can no longer sign in, until reactivated', async () => {
    const { input, account } = await createLecturer();
    const who = { username: input.username, collegeId: 'demo', password: input.password };
    const session = await signIn(t.app, who);
    expect((await send(session.access_token, 'GET', '/v2/user_info')).statusCode).toBe(200);

    const res = await send(tokens.operator!, 'PUT', `/v2/lms/akun/${account.id}/status`, {
      is_active: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.is_active).toBe(false);
    expect((await send(session.access_token, 'GET', '/v2/user_info')).statusCode).toBe(401);
    expect((await refresh(session.refresh_token)).statusCode).toBeGreaterThanOrEqual(400);
    await expect(signIn(t.app, who)).rejects.toThrow(/account_inactive/);

    await send(tokens.operator!, 'PUT', `/v2/lms/akun/${account.id}/status`, { is_active: true });
    await expect(signIn(t.app, who)).resolves.toBeTruthy();
  });

  it('resets the password: every session ends, the old password stops working and the new one works', async () => {
    const { input, account } = await createLecturer();
    const session = await signIn(t.app, {
      username: input.username,
      collegeId: 'demo',
      password: input.password,
    });
    const mismatch = await send(tokens.operator!, 'PUT', `/v2/lms/akun/${account.id}/password`, {
      password_baru: 'sandi-baru-1',
      konfirmasi_password: 'lain',
    });
    expect(mismatch.json().detail.fields).toEqual([
      { field: 'body.konfirmasi_password', message: 'Konfirmasi password tidak sama.' },
    ]);
    const res = await send(tokens.operator!, 'PUT', `/v2/lms/akun/${account.id}/password`, {
      password_baru: 'sandi-baru-1',
      konfirmasi_password: 'sandi-baru-1',
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await send(session.access_token, 'GET', '/v2/user_info')).statusCode).toBe(401);
    expect((await refresh(session.refresh_token)).statusCode).toBeGreaterThanOrEqual(400);
    await expect(
      signIn(t.app, { username: input.username, collegeId: 'demo', password: input.password }),
    ).rejects.toThrow();
    await expect(
      signIn(t.app, { username: input.username, collegeId: 'demo', password: 'sandi-baru-1' }),
    ).resolves.toBeTruthy();
    const [log] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from activity_logs where jenis = 'atur_password_pengguna' and context->>'id_pengguna' = $1`,
      [account.id],
    );
    expect(log!.n).toBe(1);
  });
});

function refresh(refreshToken: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v2/access_token',
    headers: { 'college-id': 'demo' },
    payload: { grant_type: 'refresh_token', client_id: 'web', refresh_token: refreshToken },
  });
}
