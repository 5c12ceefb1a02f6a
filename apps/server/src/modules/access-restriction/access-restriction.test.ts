import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetsAccessRestrictions } from '@lms/contract/access-restriction.rules';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearerHeaders, signInAll } from '../../testing/requests.ts';
import { createCollege, createUser } from '../../testing/factories.ts';

let t: TestApp;
const tokens: Record<string, string> = {};

function call(method: 'GET' | 'PUT', url: string, who: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: bearerHeaders(tokens[who]!), payload: payload as never });
}

async function setRules(pembatasan: object) {
  await t.database.query(
    `update colleges set settings = jsonb_set(settings, '{pembatasan_akses}', $1::jsonb) where id = 'demo'`,
    [JSON.stringify(pembatasan)],
  );
  t.app.invalidateCollegeCache();
}

beforeAll(async () => {
  t = await createTestApp({ rateLimitLoginPerMinute: 1000 });
  Object.assign(
    tokens,
    await signInAll(t.app, ['mahasiswa', 'mahasiswa.tunggakan', 'dosen', 'operator', 'operator.lihat']),
  );
});
afterAll(async () => t.close());

describe('GET /v2/lms/check_pembatasan', () => {
  it('blocks the demo student flagged with unpaid fees and nobody else', async () => {
    const flagged = await call('GET', '/v2/lms/check_pembatasan', 'mahasiswa.tunggakan');
    expect(flagged.statusCode).toBe(200);
    const entry = flagged.json().data.tunggakan_biaya;
    expect(entry.memenuhi_syarat).toBe(false);
    expect(entry.kekurangan[0]).toContain('tunggakan biaya kuliah');
    expect(meetsAccessRestrictions(flagged.json().data)).toBe(false);
    const ok = await call('GET', '/v2/lms/check_pembatasan', 'mahasiswa');
    expect(ok.json().data).toEqual({ tunggakan_biaya: { memenuhi_syarat: true, kekurangan: [] } });
    expect((await call('GET', '/v2/lms/check_pembatasan', 'dosen')).json().data).toEqual({});
    expect((await call('GET', '/v2/lms/check_pembatasan', 'operator')).json().data).toEqual({});
  });

  it('answers nothing when the college turned the rules off', async () => {
    await setRules({ tunggakan_biaya: { aktif: false } });
    expect((await call('GET', '/v2/lms/check_pembatasan', 'mahasiswa.tunggakan')).json().data).toEqual({});
    await setRules({ tunggakan_biaya: { aktif: true } });
  });

  it('adds the exam attendance requirement when asked for an exam', async () => {
    await setRules({
      tunggakan_biaya: { aktif: false },
      kehadiran_ujian: { aktif: true, persen_minimal: 100, berlaku_untuk: ['uas'] },
    });
    // The demo student missed one marked lecture per class: real attendance, under 100 %.
    const uas = (await call('GET', '/v2/lms/check_pembatasan?ujian=uas', 'mahasiswa')).json().data;
    expect(uas.kehadiran_uas.memenuhi_syarat).toBe(false);
    expect(uas.kehadiran_uas.kekurangan[0]).toMatch(
      /^Kehadiran Anda pada periode ini (\d+\.\d)% dari \d+ pertemuan; minimal 100\.0% untuk mengikuti UAS\.$/,
    );
    const percent = Number(/ini (\d+\.\d)%/.exec(uas.kehadiran_uas.kekurangan[0])![1]);
    expect(percent).toBeGreaterThanOrEqual(75);
    expect(percent).toBeLessThan(100);
    expect((await call('GET', '/v2/lms/check_pembatasan?ujian=uts', 'mahasiswa')).json().data).toEqual({});
    expect((await call('GET', '/v2/lms/check_pembatasan', 'mahasiswa')).json().data).toEqual({});
    await setRules({ kehadiran_ujian: { aktif: true, persen_minimal: 75, berlaku_untuk: ['uas'] } });
    expect(
      (await call('GET', '/v2/lms/check_pembatasan?ujian=uas', 'mahasiswa')).json().data.kehadiran_uas
        .memenuhi_syarat,
    ).toBe(true);
    expect((await call('GET', '/v2/lms/check_pembatasan?ujian=kuis', 'mahasiswa')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ url: '/v2/lms/check_pembatasan', headers: { 'college-id': 'demo' } })).statusCode,
    ).toBe(401);
    await setRules({ tunggakan_biaya: { aktif: true } });
  });
});

describe('/v2/lms/pembatasan/tunggakan/{nim}', () => {
  it('lets operators with write on data_master set and clear the flag', async () => {
    const [student] = await t.database.query<{ nim: string }>(
      `select s.nim from students s join users u on u.id = s.user_id where u.username = 'mahasiswa'`,
    );
    const url = `/v2/lms/pembatasan/tunggakan/${student!.nim}`;
    expect((await call('GET', url, 'operator.lihat')).json().data).toMatchObject({
      tunggakan: false,
      keterangan: '',
    });
    const set = await call('PUT', url, 'operator', { tunggakan: true, keterangan: 'SPP belum lunas' });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({
      nim: student!.nim,
      tunggakan: true,
      keterangan: 'SPP belum lunas',
    });
    const status = (await call('GET', '/v2/lms/check_pembatasan', 'mahasiswa')).json().data;
    expect(status.tunggakan_biaya.kekurangan[0]).toContain('Keterangan: SPP belum lunas');
    const clear = await call('PUT', url, 'operator', { tunggakan: false });
    expect(clear.json().data.tunggakan).toBe(false);
    expect(
      (await call('GET', '/v2/lms/check_pembatasan', 'mahasiswa')).json().data.tunggakan_biaya
        .memenuhi_syarat,
    ).toBe(true);
  });

  it('refuses read-only operators, students, unknown or other-college students and bad input', async () => {
    const url = '/v2/lms/pembatasan/tunggakan/2024019999';
    expect((await call('PUT', url, 'operator.lihat', { tunggakan: false })).statusCode).toBe(403);
    expect((await call('PUT', url, 'mahasiswa.tunggakan', { tunggakan: false })).statusCode).toBe(403);
    expect((await call('GET', url, 'dosen')).statusCode).toBe(403);
    expect((await call('PUT', url, 'operator', { tunggakan: 'ya' })).statusCode).toBe(400);
    expect(
      (await call('PUT', url, 'operator', { tunggakan: true, keterangan: 'x'.repeat(201) })).statusCode,
    ).toBe(400);
    expect((await call('GET', '/v2/lms/pembatasan/tunggakan/0000', 'operator')).statusCode).toBe(404);
    // A student of another college: their nim is unknown here.
    const { collegeId } = await createCollege(t.database);
    await createUser(t.database, { collegeId, role: 'mahasiswa', student: { nim: '5555' } });
    expect(
      (await call('PUT', '/v2/lms/pembatasan/tunggakan/5555', 'operator', { tunggakan: true })).statusCode,
    ).toBe(404);
  });
});
