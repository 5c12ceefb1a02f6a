import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collegeConfigurationSchema, frontendConfigSchema } from '@lms/contract/college.schema';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, signIn } from '../../testing/requests.ts';
import { collegeInitials, isDemoCollege } from './college.service.ts';

let t: TestApp;
const demo = { 'college-id': 'demo' };
beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
});
afterAll(async () => t.close());

describe('college endpoints', () => {
  it('answers the configuration with the demo accounts for the demo university', async () => {
    const res = await t.app.inject({ url: '/v1/configuration', headers: demo });
    expect(res.statusCode).toBe(200);
    const data = collegeConfigurationSchema.parse(res.json().data);
    expect(data).toMatchObject({ college_id: 'demo', demo: true, demo_password: 'demo12345' });
    expect(data.demo_accounts.map((a) => a.username)).toEqual([
      'mahasiswa',
      'mahasiswa.cuti',
      'dosen',
      'operator',
      'operator.lihat',
    ]);
  });

  it('shows no demo accounts without the demo seed or for another college', async () => {
    const college = (await t.app.inject({ url: '/v1/configuration', headers: demo })).json().data;
    const row = { id: college.college_id } as Parameters<typeof isDemoCollege>[0];
    expect(isDemoCollege(row, { ...t.config, seed: 'none' })).toBe(false);
    expect(isDemoCollege({ ...row, id: 'lain' }, t.config)).toBe(false);
  });

  it('answers the system record', async () => {
    const res = await t.app.inject({ url: '/v1/sistem', headers: { ...demo, role: 'operator' } });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data).sort()).toEqual(['alamat', 'email', 'judul', 'nama', 'telepon']);
  });

  it('serves a generated SVG logo, revalidated by its ETag', async () => {
    const res = await t.app.inject({ url: '/v1/logo_perguruan_tinggi', headers: demo });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeTruthy();
    expect(res.body).toMatch(/^<svg /);
    expect(collegeInitials('Universitas Nusantara Digital')).toBe('UND');
    expect(collegeInitials('Institut Teknologi dan Bisnis <Maju>')).toBe('ITB');
  });

  it('answers one configuration value by keyword, and 400 for an unknown keyword', async () => {
    const zone = await t.app.inject({ url: '/v1/config/time_zone', headers: demo });
    expect(zone.statusCode).toBe(200);
    expect(zone.json().data).toEqual({ keyword: 'time_zone', value: 'Asia/Jakarta' });
    const id = await t.app.inject({ url: '/v1/config/college_id', headers: demo });
    expect(id.json().data.value).toBe('demo');
    const siakad = await t.app.inject({ url: '/v1/config/url_dosen_new', headers: demo });
    expect(siakad.json().data.value).toMatch(/^https?:\/\//);
    // Secrets and demo details are not configuration keywords.
    const demoPassword = await t.app.inject({ url: '/v1/config/demo_password', headers: demo });
    expect(demoPassword.statusCode).toBe(400);
  });

  it('answers the front-end set-up of the LMS web app for the college, and 400 for another app', async () => {
    const res = await t.app.inject({
      url: '/multisite-config/frontend-config?id=mahasiswa-lms&url=http://localhost:3000',
      headers: demo,
    });
    expect(res.statusCode).toBe(200);
    expect(frontendConfigSchema.parse(res.json().data)).toMatchObject({
      id: 'mahasiswa-lms',
      college_id: 'demo',
      nama: 'Universitas Nusantara Digital',
      api_url: t.app.config.publicUrl,
      time_zone: 'Asia/Jakarta',
      color_mode: 'light',
    });
    const other = await t.app.inject({
      url: '/multisite-config/frontend-config?id=dosen-app',
      headers: demo,
    });
    expect(other.statusCode).toBe(400);
    const unknown = await t.app.inject({
      url: '/multisite-config/frontend-config',
      headers: { 'college-id': 'tidak-ada' },
    });
    expect(unknown.json().status.code).toBe('unknown_college');
  });

  it("serves the web app manifest with the college's name: the default college, or the one named", async () => {
    const res = await t.app.inject({ url: '/multisite-config/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.json()).toMatchObject({
      name: 'LMS Universitas Nusantara Digital',
      short_name: 'LMS UND',
      start_url: '/beranda',
      display: 'standalone',
    });
    const samudra = await t.app.inject({ url: '/multisite-config/manifest.webmanifest?college-id=samudra' });
    expect(samudra.json().short_name).toBe('LMS USR');
    // Its icon is that college's logo, fetched (as a browser does) without headers.
    const icon = await t.app.inject({ url: samudra.json().icons[0].src });
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.body).toContain('>USR</text>');
  });

  it('refuses an unknown college', async () => {
    const res = await t.app.inject({ url: '/v1/configuration', headers: { 'college-id': 'tidak-ada' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().status.code).toBe('unknown_college');
  });

  it('answers the access restriction status (met for mahasiswa), for signed-in callers only', async () => {
    const tokens = await signIn(t.app, 'mahasiswa');
    const res = await t.app.inject({
      url: '/v2/lms/check_pembatasan',
      headers: bearerHeaders(tokens.access_token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { tunggakan_biaya: { memenuhi_syarat: true, kekurangan: [] } } });
    expect((await t.app.inject({ url: '/v2/lms/check_pembatasan', headers: demo })).statusCode).toBe(401);
  });

  it('lists the routes in the OpenAPI document', async () => {
    const paths = Object.keys((await t.app.inject('/v2/openapi.json')).json().paths);
    for (const path of ['/v2/authorize', '/v2/access_token', '/v2/user_info', '/v1/configuration']) {
      expect(paths).toContain(path);
    }
  });
});
