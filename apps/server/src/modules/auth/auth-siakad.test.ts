import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildOperatorPermissions,
  createClassWorld,
  createUser,
  type ClassWorld,
} from '../../testing/factories.ts';
import { bearerHeaders, signToken } from '../../testing/requests.ts';
import { buildTestApp, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { siakadAddressMessages } from '../siakad/siakad.api.ts';

/*
 * SIAKAD single sign-on against the hole of an operator pointing url_sikad_legacy at their own server:
 * off without SIAKAD_CLIENT_SECRET (but for the demo on this server's own origin), only to hosts the
 * platform allows, and the token SIAKAD gets opens /v2/user_info and nothing else.
 *
 * `t` runs with the defaults (no secret, no allowed hosts); `withSecret` is a second instance on the
 * same database with a secret and the campus SIAKAD's host allowed.
 */

const secret = 'rahasia-siakad-0123456789';
const campus = 'https://siakad.kampus.test/sso/masuk';
let t: TestApp;
let withSecret: FastifyInstance;
let world: ClassWorld;
let lecturer: string;
let operator: string;

async function setSiakadUrl(url: string | null) {
  await t.database.query(`update colleges set url_sikad_legacy = $2 where id = $1`, [world.collegeId, url]);
  for (const app of [t.app, withSecret]) app.invalidateCollegeCache();
}

const authorize = (app: FastifyInstance, redirectUri: string) =>
  app.inject({
    method: 'POST',
    url: '/v2/authorize/sikad',
    headers: { ...bearerHeaders(lecturer), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      response_type: 'code',
      client_id: 'web',
      state: 'sso-state',
      redirect_uri: redirectUri,
    }).toString(),
  });

const exchange = (app: FastifyInstance, code: string, redirectUri: string, clientSecret?: string) =>
  app.inject({
    method: 'POST',
    url: '/v2/access_token',
    headers: { 'college-id': world.collegeId },
    payload: {
      grant_type: 'authorization_code',
      code,
      client_id: 'siakad',
      redirect_uri: redirectUri,
      ...(clientSecret ? { client_secret: clientSecret } : {}),
    },
  });

beforeAll(async () => {
  t = await createTestApp();
  withSecret = await buildTestApp(t.database, {
    siakadClientSecret: secret,
    siakadAllowedHosts: ['siakad.kampus.test'],
  });
  world = await createClassWorld(t.database);
  lecturer = await signToken(t.app, { ...world.teacher, role: 'dosen' });
  const op = await createUser(t.database, {
    collegeId: world.collegeId,
    role: 'operator',
    permissions: buildOperatorPermissions('write'),
  });
  operator = await signToken(t.app, { ...op, role: 'operator' });
});

afterAll(async () => {
  await withSecret.close();
  await t.close();
});

describe('SIAKAD single sign-on', () => {
  it('is off without SIAKAD_CLIENT_SECRET: an operator’s own server gets no code', async () => {
    // The attack: the address stored (as by an older version) pointing at the operator's server.
    await setSiakadUrl('https://siakad.penyerang.test/curi');
    const foreign = await authorize(t.app, 'https://siakad.penyerang.test/curi');
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().status).toEqual({
      code: 'siakad_tidak_diizinkan',
      message: siakadAddressMessages.hostNotAllowed,
    });
    expect(foreign.body).not.toContain('code=');

    // Even an allowed host gets no code while no secret is configured.
    const noSecret = await buildTestApp(t.database, { siakadAllowedHosts: ['siakad.kampus.test'] });
    try {
      await setSiakadUrl(campus);
      noSecret.invalidateCollegeCache();
      const off = await authorize(noSecret, campus);
      expect(off.statusCode).toBe(403);
      expect(off.json().status.code).toBe('sso_siakad_nonaktif');
    } finally {
      await noSecret.close();
    }
  });

  it('keeps working for the demo SIAKAD on this server’s own origin', async () => {
    await setSiakadUrl(null);
    const target = t.config.siakadUrl;
    const res = await authorize(t.app, target);
    expect(res.statusCode, res.body).toBe(200);
    const redirect = new URL(res.json().data.redirect_url);
    expect(redirect.origin).toBe(new URL(t.config.publicUrl).origin);
    const code = redirect.searchParams.get('code')!;
    redirect.search = '';
    expect((await exchange(t.app, code, redirect.toString())).statusCode).toBe(200);
  });

  it('sends people only to an allowed host, and the code needs the secret there', async () => {
    await setSiakadUrl(campus);
    const res = await authorize(withSecret, `https://siakad.kampus.test/nilai?x=1`);
    expect(res.statusCode, res.body).toBe(200);
    const redirect = new URL(res.json().data.redirect_url);
    expect(`${redirect.origin}${redirect.pathname}`).toBe('https://siakad.kampus.test/nilai');
    const code = redirect.searchParams.get('code')!;
    redirect.searchParams.delete('code');
    redirect.searchParams.delete('state');
    const redirectUri = redirect.toString();

    // The instance without a secret does not exchange a code meant for a SIAKAD elsewhere.
    expect((await exchange(t.app, code, redirectUri)).json().status.code).toBe('invalid_client');
    expect((await exchange(withSecret, code, redirectUri)).json().status.code).toBe('invalid_client');
    expect((await exchange(withSecret, code, redirectUri, 'salah-salah-salah-salah')).statusCode).toBe(401);
    const tokens = await exchange(withSecret, code, redirectUri, secret);
    expect(tokens.statusCode, tokens.body).toBe(200);

    // SIAKAD's token tells who arrived and opens nothing else of the LMS.
    const asSiakad = (url: string) =>
      t.app.inject({ url, headers: bearerHeaders(tokens.json().access_token, world.collegeId) });
    const info = await asSiakad('/v2/user_info');
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data.username).toBe(world.teacher.username);
    for (const url of [
      '/v2/lms/pengaturan',
      '/v2/lms/nilai',
      `/v2/lms/nilai/kelas_kuliah/${world.classId}`,
    ]) {
      expect((await asSiakad(url)).statusCode, url).toBe(401);
    }
  });

  it('refuses saving a SIAKAD address (url_sikad_legacy) on a host the platform does not allow', async () => {
    await setSiakadUrl(null);
    const save = (app: FastifyInstance, url: string) =>
      app.inject({
        method: 'PUT',
        url: '/v2/lms/pengaturan',
        headers: bearerHeaders(operator),
        payload: { pengaturan_sistem: { url_sikad_legacy: url } },
      });
    const refused = await save(t.app, 'https://siakad.penyerang.test/curi');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail.fields).toEqual([
      { field: 'pengaturan_sistem.url_sikad_legacy', message: siakadAddressMessages.hostNotAllowed },
    ]);
    const tricked = await save(withSecret, 'https://siakad.kampus.test/sso?');
    expect(tricked.json().detail.fields[0].message).toBe(siakadAddressMessages.extraParts);
    const saved = await save(withSecret, campus);
    expect(saved.statusCode, saved.body).toBe(200);
    await setSiakadUrl(null);
  });
});
