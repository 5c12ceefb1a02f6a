import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../testing/requests.ts';
import { openSseClient } from '../testing/sse-client.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// A built web app as the build leaves it: each text file with its .br and .gz beside it.
const distDir = mkdtempSync(path.join(tmpdir(), 'lms-web-dist-'));
const script = `export const pesan = ${JSON.stringify('Selamat datang di LMS. '.repeat(200))};\n`;
const indexHtml = '<!doctype html><html lang="id"><body><div id="root"></div></body></html>\n';

/** Writes a file of the fake build and its precompressed copies. */
function writeBuilt(relative: string, text: string): void {
  const file = path.join(distDir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}
const examHtml =
  '<!doctype html><html lang="id"><body><div id="root" data-page="exam"></div></body></html>\n';
writeBuilt('index.html', indexHtml);
writeBuilt('exam.html', examHtml);
const loginHtml =
  '<!doctype html><html lang="id"><body><div id="root" data-page="login"></div></body></html>\n';
writeBuilt('login.html', loginHtml);
writeBuilt('assets/index-Bx9aQ2cd.js', script);

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ webDistDir: distDir });
  const [student] = await t.database.query<{ id: string }>(
    `select id from users where username = 'mahasiswa'`,
  );
  token = await signToken(t.app, { userId: student!.id, collegeId: 'demo', role: 'mahasiswa' });
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

const asset = '/assets/index-Bx9aQ2cd.js';

describe('built web app, precompressed', () => {
  it('sends the exam page and sign-in their own entries (exam.html, login.html), other routes index.html', async () => {
    for (const url of ['/ujian/0b6f3d3e-1c1e-4f55-9a55-2d5b8f0c1a11/soal', '/ujian/abc/soal/?x=1']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(examHtml);
    }
    for (const url of ['/login', '/login?redirect=%2Fkelas', '/login/']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(loginHtml);
    }
    for (const url of ['/ujian/abc', '/ujian', '/ujian/abc/soal/lain', '/ujian/abc/hasil', '/oauth', '/']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(res.body, url).toBe(indexHtml);
    }
  });

  it('sends brotli when the browser accepts it, as a phone browser does', async () => {
    const res = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('sends gzip when brotli is not accepted, and the plain file when neither is', async () => {
    const gzip = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('lets hashed assets be kept for a year and has index.html revalidated, also as a client route', async () => {
    const hashed = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'br' } });
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A script needs neither the document's policies nor validators; it keeps nosniff.
    expect(hashed.headers['content-security-policy']).toBeUndefined();
    expect(hashed.headers.etag).toBeUndefined();
    expect(hashed.headers['x-content-type-options']).toBe('nosniff');
    for (const url of ['/index.html', '/beranda', '/kelas/20261_01_IF2102']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toMatch(/script-src 'self'/);
      expect(res.headers.etag, url).toBeDefined();
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(indexHtml);
    }
  });
});

describe('API answers', () => {
  it('compresses a large JSON answer and leaves a small one as it is', async () => {
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
    const large = await t.app.inject({ url: '/v2/lms/kelas_kuliah?periode=20261', headers });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toMatch(/accept-encoding/i);
    const text = brotliDecompressSync(large.rawPayload).toString();
    expect(text.length).toBeGreaterThan(1024);
    expect(JSON.parse(text).data.length).toBeGreaterThan(0);
    expect(large.rawPayload.length).toBeLessThan(text.length / 2);

    const gzip = await t.app.inject({
      url: '/v2/lms/kelas_kuliah?periode=20261',
      headers: { ...headers, 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(text);

    const small = await t.app.inject({ url: '/health/live', headers });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('refuses a compressed request body rather than guess at it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/authorize',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ username: 'mahasiswa', password: 'demo12345' })),
    });
    expect(res.statusCode).toBe(415);
  });

  it('keeps uploaded files as stored, whole or by byte range', async () => {
    const text = 'catatan kuliah '.repeat(500);
    const stored = await t.app.files.put(Buffer.from(text), {
      collegeId: 'demo',
      contentType: 'text/plain',
      fileName: 'catatan.txt',
    });
    const whole = await t.app.inject({
      url: `/v2/files/${stored.key}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-length']).toBe(String(text.length));
    expect(whole.body).toBe(text);

    const part = await t.app.inject({
      url: `/v2/files/${stored.key}`,
      headers: { 'accept-encoding': 'br, gzip', range: 'bytes=15-29' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 15-29/${text.length}`);
    expect(part.body).toBe('catatan kuliah ');
  });

  it('never compresses or holds back the event stream', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const client = await openSseClient(`${base}/v2/lms/events?stream=sistem&access_token=${token}`, {
      'accept-encoding': 'br, gzip',
    });
    try {
      expect(client.response.status).toBe(200);
      expect(client.response.headers.get('content-encoding')).toBeNull();
      expect(client.response.headers.get('content-type')).toMatch(/text\/event-stream/);
      // The first event arrives while the stream stays open: nothing waits for a compressor's buffer.
      const time = await client.next((m) => m.event === 'time');
      expect(Date.parse(time.data!)).not.toBeNaN();
    } finally {
      client.close();
    }
  });
});
