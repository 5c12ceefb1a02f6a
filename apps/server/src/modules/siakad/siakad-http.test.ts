import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gradeIntegrationMessages } from '@lms/contract/grade.schema';
import {
  buildOperatorPermissions,
  createClassWorld,
  createUser,
  type ClassWorld,
} from '../../testing/factories.ts';
import { bearerHeaders, signToken } from '../../testing/requests.ts';
import { buildTestApp, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { siakadAddressMessages } from './siakad-address.ts';
import { siakadSignatureHeaders, signSiakadRequest, siakadSignatureValid } from './siakad-signature.ts';
import { createDemoSiakadClass } from './siakad.testing.ts';

/*
 * The HTTP SIAKAD connector against real servers on 127.0.0.1: the platform's address rules (saved and
 * at connection time), no redirects, no echo of what SIAKAD sent, and every request signed with the
 * college's key, which the demo SIAKAD checks.
 *
 * `strict` allows the hosts 127.0.0.1 and localhost but no private network, so loopback is refused
 * except its own origin (the demo SIAKAD it serves); `opted` also allows 127.0.0.0/8, as a platform
 * whose SIAKAD sits on the campus network would.
 */

let t: TestApp;
let strict: FastifyInstance;
let opted: FastifyInstance;
let publicUrl: string;
let world: ClassWorld;
let operatorToken: string;
let lecturerToken: string;
const key = 'kunci-rahasia-siakad-0123456789-abcdef';

/** A server on 127.0.0.1 that counts the connections it receives. */
async function listen(
  handler: (req: IncomingMessage, body: string) => { status: number; headers?: object; body?: string },
) {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const answer = handler(req, body);
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body ?? '');
    });
  });
  const counted = { server, connections: 0, url: '' };
  server.on('connection', () => counted.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  counted.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return counted;
}

const servers: Server[] = [];
async function stop(server: Server) {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

const classAnswer = JSON.stringify({
  data: {
    is_nilai_dikunci: false,
    waktu_entri_nilai_start: null,
    waktu_entri_nilai_end: null,
    komponen: [{ id: 'K1', jenis: 'tugas', label: 'Tugas', bobot: 100 }],
    nilai: [],
  },
});

async function storeIntegration(url: string) {
  await t.database.query(
    `update colleges set settings = jsonb_set(settings, '{integrasi_nilai}', $2::jsonb) where id = $1`,
    [
      world.collegeId,
      JSON.stringify({ pelaku: 'dosen', siakad: { jenis: 'http', url, batas_waktu_ms: 2000 } }),
    ],
  );
  for (const app of [strict, opted]) app.invalidateCollegeCache();
}

async function storeKey(value: string) {
  await t.database.query(
    `insert into siakad_credentials (college_id, secret) values ($1, $2)
     on conflict (college_id) do update set secret = excluded.secret`,
    [world.collegeId, value],
  );
}

const preview = (app: FastifyInstance) =>
  app.inject({
    url: `/v2/lms/nilai/kelas_kuliah/${world.classId}/kirim/pratinjau`,
    headers: bearerHeaders(lecturerToken),
  });

const saveIntegration = (app: FastifyInstance, siakad: object) =>
  app.inject({
    method: 'PUT',
    url: '/v2/lms/pengaturan/integrasi_nilai',
    headers: bearerHeaders(operatorToken),
    payload: { pelaku: 'dosen', siakad },
  });

beforeAll(async () => {
  // The port is chosen first so the listening app's PUBLIC_URL is its own address.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  publicUrl = `http://127.0.0.1:${port}`;
  t = await createTestApp({ publicUrl, siakadAllowedHosts: ['127.0.0.1', 'localhost'] });
  strict = t.app;
  await strict.listen({ port, host: '127.0.0.1' });
  opted = await buildTestApp(t.database, {
    siakadAllowedHosts: ['127.0.0.1'],
    siakadPrivateNetworks: ['127.0.0.0/8'],
  });
  world = await createClassWorld(t.database);
  const operator = await createUser(t.database, {
    collegeId: world.collegeId,
    role: 'operator',
    permissions: buildOperatorPermissions('write'),
  });
  operatorToken = await signToken(t.app, { ...operator, role: 'operator' });
  lecturerToken = await signToken(t.app, { ...world.teacher, role: 'dosen' });
  await createDemoSiakadClass(t.database.db, world.collegeId, world.classId, [
    { jenis: 'tugas', label: 'Tugas', bobot: 100 },
  ]);
});

afterAll(async () => {
  await Promise.all(servers.map(stop));
  await opted.close();
  await t.close();
});

describe('the SIAKAD address a college may save', () => {
  it('refuses hosts the platform did not allow, loopback, private and metadata addresses, and ?/# tricks', async () => {
    const canary = await listen(() => ({ status: 200, body: classAnswer }));
    servers.push(canary.server);
    const cases: [string, string][] = [
      ['https://siakad.penyerang.test/api', siakadAddressMessages.hostNotAllowed],
      ['http://169.254.169.254/latest/meta-data/', siakadAddressMessages.hostNotAllowed],
      ['http://[fd00:ec2::254]/', siakadAddressMessages.hostNotAllowed],
      [canary.url, siakadAddressMessages.addressNotAllowed],
      [`${canary.url}/admin?`, siakadAddressMessages.extraParts],
      [`${canary.url}/admin#`, siakadAddressMessages.extraParts],
      [`http://siakad:rahasia@127.0.0.1/`, siakadAddressMessages.extraParts],
    ];
    for (const [url, message] of cases) {
      const res = await saveIntegration(strict, { jenis: 'http', url, kunci_rahasia: key });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().detail.fields).toEqual([{ field: 'siakad.url', message }]);
    }
    expect(canary.connections).toBe(0);
  });

  it('needs a key for a HTTP SIAKAD and never answers it', async () => {
    const target = await listen(() => ({ status: 200, body: classAnswer }));
    servers.push(target.server);
    await t.database.query(`delete from siakad_credentials where college_id = $1`, [world.collegeId]);
    const without = await saveIntegration(opted, { jenis: 'http', url: target.url });
    expect(without.statusCode).toBe(400);
    expect(without.json().detail.fields).toEqual([
      { field: 'siakad.kunci_rahasia', message: gradeIntegrationMessages.secretRequired },
    ]);
    const short = await saveIntegration(opted, { jenis: 'http', url: target.url, kunci_rahasia: 'pendek' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain(gradeIntegrationMessages.secretLength);
    expect(short.body).not.toContain('pendek');

    const saved = await saveIntegration(opted, { jenis: 'http', url: target.url, kunci_rahasia: key });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.siakad).toEqual({
      jenis: 'http',
      url: target.url,
      batas_waktu_ms: 10_000,
      kunci_rahasia_tersimpan: true,
    });
    const read = await opted.inject({
      url: '/v2/lms/pengaturan/integrasi_nilai',
      headers: bearerHeaders(operatorToken),
    });
    expect(read.json().data.siakad.kunci_rahasia_tersimpan).toBe(true);
    for (const body of [saved.body, read.body]) expect(body).not.toContain(key);
    const [college] = await t.database.query<{ settings: string }>(
      `select settings::text as settings from colleges where id = $1`,
      [world.collegeId],
    );
    expect(college!.settings).not.toContain(key);
    // Saving again without a key keeps the stored one.
    expect((await saveIntegration(opted, { jenis: 'http', url: target.url })).statusCode).toBe(200);
    const [stored] = await t.database.query<{ secret: string }>(
      `select secret from siakad_credentials where college_id = $1`,
      [world.collegeId],
    );
    expect(stored!.secret).toBe(key);
  });
});

describe('calling a HTTP SIAKAD', () => {
  it('checks the address after name resolution: a name that resolves to loopback is never connected to', async () => {
    const canary = await listen(() => ({ status: 200, body: classAnswer }));
    servers.push(canary.server);
    await storeKey(key);
    const port = new URL(canary.url).port;
    // Stored directly, as if saved before the platform's rules changed: refused when used.
    for (const url of [`http://localhost:${port}`, canary.url, 'http://169.254.169.254/latest']) {
      await storeIntegration(url);
      const res = await preview(strict);
      expect(res.statusCode, url).toBe(502);
      expect(res.json().status.code).toBe('siakad_gagal');
      expect(res.json().status.message, url).toMatch(/tidak diizinkan/);
    }
    expect(canary.connections).toBe(0);
  });

  it('does not follow a redirect to a forbidden address', async () => {
    const canary = await listen(() => ({ status: 200, body: classAnswer }));
    const redirecting = await listen(() => ({
      status: 302,
      headers: { location: `http://localhost:${new URL(canary.url).port}/latest/meta-data` },
    }));
    servers.push(canary.server, redirecting.server);
    await storeKey(key);
    await storeIntegration(redirecting.url);
    const res = await preview(opted);
    expect(res.statusCode).toBe(502);
    expect(res.json().status.message).toContain('pengalihan tidak diikuti');
    expect(redirecting.connections).toBe(1);
    expect(canary.connections).toBe(0);
  });

  it('names the failure without echoing what SIAKAD sent', async () => {
    const marker = 'root:x:0:0:RAHASIA-DARI-JARINGAN-DALAM';
    let status = 500;
    const echo = await listen(() => ({
      status,
      body: JSON.stringify({ status: { message: marker }, data: marker }),
    }));
    servers.push(echo.server);
    await storeKey(key);
    await storeIntegration(`${echo.url}/siakad`);
    for (const [code, expected] of [
      [500, 'Siakad menolak permintaan (HTTP 500).'],
      [404, 'Siakad menolak permintaan (HTTP 404).'],
      [200, 'Jawaban Siakad tidak dapat dibaca.'],
    ] as const) {
      status = code;
      const res = await preview(opted);
      expect(res.statusCode).toBe(502);
      expect(res.json().status.message).toContain(expected);
      expect(res.body).not.toContain('RAHASIA');
    }
  });

  it('signs every request with the college key, and a SIAKAD that refuses the signature is named', async () => {
    const seen: { valid: boolean; headers: IncomingMessage['headers'] }[] = [];
    const checking = await listen((req, body) => {
      const valid = siakadSignatureValid(key, {
        method: req.method!,
        pathAndQuery: req.url!,
        body,
        timestamp: req.headers[siakadSignatureHeaders.timestamp] as string | undefined,
        signature: req.headers[siakadSignatureHeaders.signature] as string | undefined,
      });
      seen.push({ valid, headers: req.headers });
      return valid ? { status: 200, body: classAnswer } : { status: 401, body: '{}' };
    });
    servers.push(checking.server);
    await storeIntegration(`${checking.url}/api/v1/`);
    await storeKey(key);
    const ok = await preview(opted);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(seen.at(-1)!.valid).toBe(true);
    expect(JSON.stringify(seen.at(-1)!.headers)).not.toContain(key);

    await storeKey('kunci-lain-yang-bukan-milik-siakad-0000');
    const refused = await preview(opted);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().status.message).toContain('Siakad menolak tanda tangan LMS (HTTP 401)');
    expect(seen.at(-1)!.valid).toBe(false);
  });
});

describe('the demo SIAKAD served by this server', () => {
  const protocolPath = () => `/dev/siakad/${world.collegeId}/kelas_kuliah/${world.classId}/nilai_lms`;

  it('answers a HTTP connector pointed at it (its own origin, no platform opt-in), signed', async () => {
    await storeKey(key);
    const saved = await saveIntegration(strict, {
      jenis: 'http',
      url: `${publicUrl}/dev/siakad/${world.collegeId}`,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    strict.invalidateCollegeCache();
    const res = await preview(strict);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items.map((i: { komponen: { label: string } }) => i.komponen.label)).toEqual([
      'Tugas',
    ]);
  });

  it('refuses missing, wrong and old signatures', async () => {
    await storeKey(key);
    const get = (headers: Record<string, string>) => strict.inject({ url: protocolPath(), headers });
    const signed = (secret: string, now?: Date) =>
      signSiakadRequest(secret, { method: 'GET', pathAndQuery: protocolPath(), body: '', now });
    expect((await get({})).statusCode).toBe(401);
    expect((await get(signed('kunci-salah-kunci-salah-kunci-salah-00'))).statusCode).toBe(401);
    expect((await get(signed(key, new Date(Date.now() - 10 * 60_000)))).statusCode).toBe(401);
    const ok = await get(signed(key));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.komponen).toHaveLength(1);

    // A write signed for another body is refused; the signed one is applied.
    const [komponen] = ok.json().data.komponen as { id: string }[];
    const body = JSON.stringify({
      updated_by: 'Dosen',
      nilai: [{ id_komponen: komponen!.id, nim: world.student.nim, nilai: 88 }],
    });
    const put = (headers: Record<string, string>, payload: string) =>
      strict.inject({
        method: 'PUT',
        url: protocolPath(),
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });
    const headers = signSiakadRequest(key, { method: 'PUT', pathAndQuery: protocolPath(), body });
    expect((await put(headers, body.replace('88', '100'))).statusCode).toBe(401);
    const written = await put(headers, body);
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json().data).toEqual([
      { id_komponen: komponen!.id, nim: world.student.nim, status: 'ok', pesan: 'OK' },
    ]);
  });
});
