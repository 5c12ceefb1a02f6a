import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcSignInErrors } from '@lms/contract/oidc.rules';
import {
  buildOperatorPermissions,
  createCollege,
  createStudyProgram,
  createUser,
  type UserRef,
} from '../../testing/factories.ts';
import { createPkcePair, signToken } from '../../testing/requests.ts';
import { signInAtProvider, startTestOidcProvider } from '../../testing/oidc-test-provider.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// Campus sign-in against a real OpenID provider (oidc-provider on a loopback port), the browser's part
// at the provider played by real HTTP, the LMS's part through app.inject.

const publicUrl = 'https://lms.kampus.example';
const appRedirectUri = `${publicUrl}/oauth`;
let t: TestApp;
let provider: Awaited<ReturnType<typeof startTestOidcProvider>>;
let collegeId: string;
let prodiId: string;
let operatorToken: string;
let student: UserRef;
let inactive: UserRef;
let lecturerId: string;

beforeAll(async () => {
  t = await createTestApp({
    publicUrl,
    oidcPrivateNetworks: ['127.0.0.0/8'],
    rateLimitLoginPerMinute: 1000,
    rateLimitTokenPerMinute: 1000,
  });
  ({ collegeId } = await createCollege(t.database));
  ({ prodiId } = await createStudyProgram(t.database, { collegeId }));
  student = await createUser(t.database, {
    collegeId,
    role: 'mahasiswa',
    prodiId,
    email: 'sari@kampus.example',
  });
  inactive = await createUser(t.database, { collegeId, role: 'mahasiswa', prodiId, isActive: false });
  const lecturer = await createUser(t.database, {
    collegeId,
    role: 'dosen',
    lecturer: { nidn: '0011223344' },
  });
  lecturerId = lecturer.userId;
  const operator = await createUser(t.database, {
    collegeId,
    role: 'operator',
    permissions: buildOperatorPermissions('write'),
  });
  operatorToken = await signToken(t.app, { ...operator, role: 'operator' });
  provider = await startTestOidcProvider({
    clientId: 'lms',
    clientSecret: 'rahasia-klien',
    redirectUris: [`${publicUrl}/v2/oidc/callback/${collegeId}`],
    postLogoutRedirectUris: [`${publicUrl}/login`],
    accounts: {
      sari: { nim: student.nim!, email: 'sari@kampus.example', name: 'Sari' },
      budi: { nim: inactive.nim! },
      dosen: { nim: '0011223344' },
      asing: { nim: '7777000011', name: 'Orang Baru', email: 'baru@kampus.example' },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const operatorHeaders = () => ({ authorization: `Bearer ${operatorToken}`, 'college-id': collegeId });

const saveSettings = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/v2/lms/pengaturan/sso',
    headers: operatorHeaders(),
    payload: {
      issuer: provider.issuer,
      client_id: 'lms',
      cocokkan_dengan: 'nim_nidn',
      nama_klaim: 'nim',
      buat_akun_baru: false,
      ...body,
    },
  });

/** The LMS start of a sign-in from the web app at `redirectUri`, with a fresh PKCE pair. */
async function startSignIn(state: string, redirectUri = appRedirectUri) {
  const pkce = createPkcePair();
  const start = await t.app.inject({
    method: 'GET',
    url: '/v2/oidc/masuk',
    query: {
      'college-id': collegeId,
      redirect_uri: redirectUri,
      state,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    },
  });
  return { start, pkce };
}

/** The whole sign-in: LMS start, the provider's form as `login`, the callback, the code exchange. */
async function signInThroughProvider(login: string, tamper: (callback: URL) => void = () => {}) {
  const { start, pkce } = await startSignIn('app-state');
  expect(start.statusCode).toBe(302);
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;
  const callback = await signInAtProvider(String(start.headers.location), login);
  expect(callback.toString().startsWith(`${publicUrl}/v2/oidc/callback/${collegeId}?`)).toBe(true);
  tamper(callback);
  const back = await t.app.inject({
    method: 'GET',
    url: callback.pathname + callback.search,
    headers: { cookie },
  });
  expect(back.statusCode).toBe(302);
  const landing = new URL(String(back.headers.location), publicUrl);
  if (landing.pathname !== '/oauth') return { refused: landing.searchParams.get('sso_galat') };
  expect(landing.searchParams.get('state')).toBe('app-state');
  const token = await t.app.inject({
    method: 'POST',
    url: '/v2/access_token',
    headers: { 'college-id': collegeId },
    payload: {
      grant_type: 'authorization_code',
      code: landing.searchParams.get('code'),
      code_verifier: pkce.verifier,
      client_id: 'web',
      redirect_uri: appRedirectUri,
    },
  });
  expect(token.statusCode).toBe(200);
  return { userId: decodeJwt(token.json().access_token).sub, refused: null };
}

describe('campus sign-in settings', () => {
  it('is off until the operator saves a provider; the sign-in page is told', async () => {
    const methods = await t.app.inject({ url: '/v2/metode_masuk', headers: { 'college-id': collegeId } });
    expect(methods.json().data).toEqual({ sso: false });
    const { start } = await startSignIn('s');
    expect(start.headers.location).toBe('/login?sso_galat=sso_belum_diatur');
  });

  it('keeps the client secret write-only and refuses issuers the server may not call', async () => {
    const saved = await saveSettings({ client_secret: 'rahasia-klien' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      issuer: provider.issuer,
      client_secret_tersimpan: true,
      redirect_uri: `${publicUrl}/v2/oidc/callback/${collegeId}`,
    });
    expect(saved.body).not.toContain('rahasia-klien');
    const read = await t.app.inject({ url: '/v2/lms/pengaturan/sso', headers: operatorHeaders() });
    expect(read.body).not.toContain('rahasia-klien');
    expect(read.json().data.client_secret_tersimpan).toBe(true);
    const methods = await t.app.inject({ url: '/v2/metode_masuk', headers: { 'college-id': collegeId } });
    expect(methods.json().data).toEqual({ sso: true });

    for (const issuer of ['http://169.254.169.254/', 'http://10.0.0.5/realms/kampus']) {
      const refused = await saveSettings({ issuer });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail.fields[0].field).toBe('issuer');
    }
    // Still the saved provider, secret kept (an empty secret changes nothing).
    const again = await saveSettings({ client_secret: '' });
    expect(again.json().data.client_secret_tersimpan).toBe(true);
  });
});

describe('campus sign-in', () => {
  it('signs in the student whose NIM the provider names, and the lecturer by NIDN', async () => {
    expect(await signInThroughProvider('sari')).toEqual({ userId: student.userId, refused: null });
    expect(await signInThroughProvider('dosen')).toEqual({ userId: lecturerId, refused: null });
  });

  it('matches by verified email when the college says so', async () => {
    expect((await saveSettings({ cocokkan_dengan: 'email', nama_klaim: '' })).statusCode).toBe(200);
    expect(await signInThroughProvider('sari')).toEqual({ userId: student.userId, refused: null });
    await saveSettings({});
  });

  it('refuses a callback whose state is not the one sent', async () => {
    expect(await signInThroughProvider('sari', (url) => url.searchParams.set('state', 'palsu'))).toEqual({
      refused: 'sso_gagal',
    });
  });

  it('refuses a callback used twice', async () => {
    const { start } = await startSignIn('s');
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const callback = await signInAtProvider(String(start.headers.location), 'sari');
    const url = callback.pathname + callback.search;
    const first = await t.app.inject({ url, headers: { cookie } });
    expect(new URL(String(first.headers.location)).pathname).toBe('/oauth');
    const replay = await t.app.inject({ url, headers: { cookie } });
    expect(replay.headers.location).toBe('/login?sso_galat=sso_gagal');
  });

  it('refuses a callback arriving in another browser (no cookie of the sign-in)', async () => {
    const { start } = await startSignIn('s');
    const callback = await signInAtProvider(String(start.headers.location), 'sari');
    const url = callback.pathname + callback.search;
    const elsewhere = await t.app.inject({ url });
    expect(elsewhere.headers.location).toBe('/login?sso_galat=sso_gagal');
    const forged = await t.app.inject({ url, headers: { cookie: 'lms_oidc=palsu' } });
    expect(forged.headers.location).toBe('/login?sso_galat=sso_gagal');
    // A wrong cookie spends the sign-in: the right browser coming after it gets nothing either.
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const late = await t.app.inject({ url, headers: { cookie } });
    expect(late.headers.location).toBe('/login?sso_galat=sso_gagal');
  });

  it('refuses an inactive user', async () => {
    expect(await signInThroughProvider('budi')).toEqual({ refused: 'sso_akun_tidak_aktif' });
  });

  it('refuses an unknown person unless the college allows new accounts', async () => {
    expect(await signInThroughProvider('asing')).toEqual({ refused: 'sso_akun_tidak_dikenal' });
    expect(oidcSignInErrors.sso_akun_tidak_dikenal).toMatch(/belum terdaftar/);
    const allowed = await saveSettings({ buat_akun_baru: true, prodi_akun_baru: prodiId });
    expect(allowed.statusCode).toBe(200);
    const created = await signInThroughProvider('asing');
    expect(created.refused).toBeNull();
    const [row] = await t.database.query<{ nama: string; nim: string; role: string }>(
      `select u.nama, s.nim, u.role from users u join students s on s.user_id = u.id where u.id = $1`,
      [created.userId],
    );
    expect(row).toEqual({ nama: 'Orang Baru', nim: '7777000011', role: 'mahasiswa' });
    // The second time it is the same account.
    expect(await signInThroughProvider('asing')).toEqual({ userId: created.userId, refused: null });
    await saveSettings({});
  });

  it('refuses a web redirect URI outside this server', async () => {
    const { start } = await startSignIn('s', 'https://penyerang.example/oauth');
    expect(start.headers.location).toBe('/login?sso_galat=sso_gagal');
  });

  it('signs out at the provider when it has an end_session_endpoint', async () => {
    const out = await t.app.inject({ url: `/v2/oidc/keluar?college-id=${collegeId}` });
    expect(out.statusCode).toBe(302);
    const location = new URL(String(out.headers.location));
    expect(location.origin).toBe(provider.issuer);
    expect(location.searchParams.get('post_logout_redirect_uri')).toBe(`${publicUrl}/login`);
    expect(location.searchParams.get('client_id')).toBe('lms');
  });
});
