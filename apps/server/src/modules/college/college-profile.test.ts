import sharp from 'sharp';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collegeProfileMessages, logoMaxBytes } from '@lms/contract/college-profile.rules';
import { collegeProfileSchema } from '@lms/contract/college-profile.schema';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, multipartBody, signIn } from '../../testing/requests.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const demo = { 'college-id': 'demo' };

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  for (const who of ['operator', 'operator.lihat', 'mahasiswa']) {
    tokens[who] = (await signIn(t.app, who)).access_token;
  }
});
afterAll(async () => t.close());

/** A real image of the given size and format, red with a white square. */
async function image(width: number, height: number, format: 'png' | 'jpeg' | 'webp'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .composite([{ input: { create: { width: 8, height: 8, channels: 3, background: '#ffffff' } } }])
    .toFormat(format)
    .toBuffer();
}

function uploadLogo(who: string, name: string, content: Buffer) {
  const body = multipartBody({}, { field: 'logo', name, type: 'image/png', content });
  return t.app.inject({
    method: 'PUT',
    url: '/v2/lms/perguruan_tinggi/logo',
    headers: { ...bearerHeaders(tokens[who]!), ...body.headers },
    payload: body.payload,
  });
}

function call(who: string, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: bearerHeaders(tokens[who]!), payload: payload as object });
}

describe('college profile', () => {
  it('is read by operators with read on konfigurasi and changed only with write', async () => {
    const read = await call('operator.lihat', 'GET', '/v2/lms/perguruan_tinggi');
    expect(read.statusCode).toBe(200);
    const profile = collegeProfileSchema.parse(read.json().data);
    const change = { ...profile, alamat: 'Jl. Soekarno-Hatta No. 10, Bandung', telepon: '022-7654321' };
    expect((await call('operator.lihat', 'PUT', '/v2/lms/perguruan_tinggi', change)).statusCode).toBe(403);
    expect((await call('mahasiswa', 'PUT', '/v2/lms/perguruan_tinggi', change)).statusCode).toBe(403);
    const saved = await call('operator', 'PUT', '/v2/lms/perguruan_tinggi', change);
    expect(saved.statusCode).toBe(200);
    const sistem = await t.app.inject({ url: '/v1/sistem', headers: demo });
    expect(sistem.json().data).toMatchObject({ alamat: change.alamat, telepon: '022-7654321' });
  });

  it('answers field errors in Indonesian', async () => {
    const res = await call('operator', 'PUT', '/v2/lms/perguruan_tinggi', {
      nama: '',
      judul: 'LMS',
      email: 'bukan-email',
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().detail.fields as { field: string; message: string }[];
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'body.nama', message: 'Nama perguruan tinggi wajib diisi.' },
        { field: 'body.email', message: 'Alamat email tidak valid.' },
      ]),
    );
  });
});

describe('college logo', () => {
  it('refuses a file that is not an image though named .png, and nothing changes', async () => {
    const res = await uploadLogo('operator', 'logo.png', Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail.fields).toEqual([
      { field: 'logo', message: collegeProfileMessages.logoNotImage },
    ]);
    const profile = (await call('operator', 'GET', '/v2/lms/perguruan_tinggi')).json().data;
    expect(profile.ada_logo).toBe(false);
  });

  it('refuses an image over the byte bound and one outside the pixel bounds', async () => {
    const huge = Buffer.concat([await image(100, 100, 'png'), Buffer.alloc(logoMaxBytes)]);
    const tooBig = await uploadLogo('operator', 'logo.png', huge);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().status.message).toBe(collegeProfileMessages.logoTooLarge);
    const tooWide = await uploadLogo('operator', 'logo.png', await image(5000, 80, 'png'));
    expect(tooWide.statusCode).toBe(400);
    expect(tooWide.json().status.message).toBe(collegeProfileMessages.logoDimensions);
    const tooSmall = await uploadLogo('operator', 'logo.webp', await image(16, 16, 'webp'));
    expect(tooSmall.statusCode).toBe(400);
  });

  it('is refused to operators without write and to students', async () => {
    const png = await image(128, 128, 'png');
    expect((await uploadLogo('operator.lihat', 'logo.png', png)).statusCode).toBe(403);
    expect((await uploadLogo('mahasiswa', 'logo.png', png)).statusCode).toBe(403);
  });

  it('stores a WebP logo as PNG with its icons, served under a content-hash address', async () => {
    const res = await uploadLogo('operator', 'logo kampus.webp', await image(800, 600, 'webp'));
    expect(res.statusCode).toBe(200);
    const profile = collegeProfileSchema.parse(res.json().data);
    expect(profile.ada_logo).toBe(true);
    expect(profile.logo_url).toMatch(/^\/v1\/logo_perguruan_tinggi\?college-id=demo&v=[\w-]{32}$/);

    const served = await t.app.inject({ url: profile.logo_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 512,
      height: 384,
    });

    // The unversioned address is revalidated, so the shell shows a new logo at once.
    const plain = await t.app.inject({ url: '/v1/logo_perguruan_tinggi', headers: demo });
    expect(plain.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({
      url: '/v1/logo_perguruan_tinggi',
      headers: { ...demo, 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const manifest = (
      await t.app.inject({ url: '/multisite-config/manifest.webmanifest?college-id=demo' })
    ).json() as { icons: { src: string; sizes: string; purpose: string }[] };
    expect(manifest.icons.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    for (const icon of manifest.icons) {
      const bytes = (await t.app.inject({ url: icon.src })).rawPayload;
      const size = Number(icon.sizes.split('x')[0]);
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: size, height: size });
    }
    // The maskable icon's corner is the college colour (the safe zone's padding), not transparent.
    const maskable = await sharp((await t.app.inject({ url: manifest.icons[2]!.src })).rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(maskable.data[3]).toBe(255);

    // A new logo has a new address; the old one's files are gone.
    const second = await uploadLogo('operator', 'logo.jpg', await image(300, 300, 'jpeg'));
    const secondUrl = second.json().data.logo_url as string;
    expect(secondUrl).not.toBe(profile.logo_url);
    const stale = await t.app.inject({ url: profile.logo_url });
    expect(stale.headers['cache-control']).toBe('no-cache');
    expect(await sharp(stale.rawPayload).metadata()).toMatchObject({ width: 300, height: 300 });
  });

  it('draws the uploaded logo on the BAP letterhead, and the initials without one', async () => {
    const [row] = await t.database.query<{ id: string }>(
      `select id from classes where college_id = 'demo' order by id limit 1`,
    );
    async function letterheadHasImage(): Promise<boolean> {
      const pdf = await call('operator', 'GET', `/v2/lms/kelas_kuliah/${row!.id}/bap/unduh`);
      expect(pdf.statusCode).toBe(200);
      const doc = await getDocument({ data: new Uint8Array(pdf.rawPayload), verbosity: 0 }).promise;
      const operators = await (await doc.getPage(1)).getOperatorList();
      await doc.destroy();
      return operators.fnArray.includes(OPS.paintImageXObject);
    }
    expect((await call('operator', 'DELETE', '/v2/lms/perguruan_tinggi/logo')).statusCode).toBe(200);
    expect(await letterheadHasImage()).toBe(false);
    expect((await uploadLogo('operator', 'logo.png', await image(256, 256, 'png'))).statusCode).toBe(200);
    expect(await letterheadHasImage()).toBe(true);
  });

  it('goes back to the initials logo when removed', async () => {
    expect((await call('operator', 'DELETE', '/v2/lms/perguruan_tinggi/logo')).statusCode).toBe(200);
    const res = await t.app.inject({ url: '/v1/logo_perguruan_tinggi', headers: demo });
    expect(res.headers['content-type']).toContain('image/svg+xml');
  });
});
