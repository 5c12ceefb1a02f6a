import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorRights } from '@lms/contract/operator-rights.schema';
import { operatorRightsMessages } from '@lms/contract/operator-rights.rules';
import type { OperatorPermissions } from '@lms/contract/permission.rules';
import { createCollege, createUser } from '../../testing/factories.ts';
import { authedRequest, signToken } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// The actor cache on, as in production: a change must apply at once on this instance anyway.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ actorCacheMs: 5_000 });
});
afterAll(async () => t.close());

const admin: OperatorPermissions = { data_sistem: 'write', kelas_kuliah: 'write', bank_soal: 'read' };

async function operator(permissions: OperatorPermissions, scope: string | null = null) {
  const user = await createUser(t.database, { collegeId: 'demo', role: 'operator', permissions });
  if (scope)
    await t.database.query(`update users set operator_scope = $1 where id = $2`, [scope, user.userId]);
  const token = await signToken(t.app, { userId: user.userId, collegeId: 'demo', role: 'operator' });
  return { ...user, token };
}

const put = (token: string, id: string, payload: object) =>
  authedRequest<{ data: OperatorRights; detail?: { fields: { field: string }[] } }>(t.app, token, {
    method: 'PUT',
    url: `/v2/lms/hak-akses-operator/${id}`,
    payload,
  });

async function storedRights(id: string) {
  const [row] = await t.database.query<{ p: unknown; a: boolean; s: string | null }>(
    `select operator_permissions as p, is_active as a, operator_scope as s from users where id = $1`,
    [id],
  );
  return row;
}

async function logCount(id: string): Promise<number> {
  const [row] = await t.database.query<{ n: number }>(
    `select count(*)::int as n from activity_logs
      where college_id = 'demo' and jenis = 'ubah_hak_akses_operator' and context->>'id_operator' = $1`,
    [id],
  );
  return row!.n;
}

describe('operator rights', () => {
  it('lists the college’s operators with every area’s level, for an operator with read on data_sistem', async () => {
    const reader = await operator({ data_sistem: 'read' });
    const res = await authedRequest<{ data: OperatorRights[]; meta: { total_items: number } }>(
      t.app,
      reader.token,
      { url: `/v2/lms/hak-akses-operator?search=${reader.username}` },
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        id: reader.userId,
        is_active: true,
        lingkup: null,
        hak_akses: expect.objectContaining({
          data_sistem: 'read',
          bank_soal: 'no_access',
          bantuan: 'no_access',
        }),
      }),
    ]);
    const forbidden = await operator({ data_sistem: 'no_access' });
    expect(
      (await authedRequest(t.app, forbidden.token, { url: '/v2/lms/hak-akses-operator' })).statusCode,
    ).toBe(403);
  });

  it('gives another operator read on bank_soal, effective at once, and logs old → new', async () => {
    const actor = await operator(admin);
    const target = await operator({});
    const bank = () => authedRequest(t.app, target.token, { url: '/v2/lms/bank_soal' });
    expect((await bank()).statusCode).toBe(403);

    const res = await put(actor.token, target.userId, { hak_akses: { bank_soal: 'read' }, is_active: true });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.hak_akses.bank_soal).toBe('read');
    // The target's remembered row was forgotten: no wait for the actor cache.
    expect((await bank()).statusCode).toBe(200);

    const [entry] = await t.database.query<{ detail: string; context: { perubahan: unknown[] } }>(
      `select detail, context from activity_logs where jenis = 'ubah_hak_akses_operator' and context->>'id_operator' = $1`,
      [target.userId],
    );
    expect(entry!.detail).toContain(target.username);
    expect(entry!.context.perubahan).toEqual([
      { field: 'hak_akses.bank_soal', label: 'Hak akses Bank Soal', lama: 'Tanpa Akses', baru: 'Lihat' },
    ]);

    // Deactivating ends their access at once too.
    expect((await put(actor.token, target.userId, { hak_akses: {}, is_active: false })).statusCode).toBe(200);
    expect((await bank()).statusCode).toBe(401);
  });

  it('refuses raising one’s own rights, changing another beyond one’s own level or locking a stronger operator out, and changes nothing', async () => {
    const actor = await operator(admin);
    const target = await operator({ laporan: 'read' });
    const stronger = await operator({ konfigurasi: 'write' });
    const cases = [
      {
        id: actor.userId,
        body: { hak_akses: { laporan: 'read' }, is_active: true },
        field: 'hak_akses.laporan',
      },
      { id: actor.userId, body: { hak_akses: {}, is_active: true, lingkup: 'A:T' }, field: 'lingkup' },
      { id: actor.userId, body: { hak_akses: {}, is_active: false }, field: 'is_active' },
      {
        id: target.userId,
        body: { hak_akses: { bank_soal: 'write' }, is_active: true },
        field: 'hak_akses.bank_soal',
      },
      { id: target.userId, body: { hak_akses: {}, is_active: true, lingkup: 'A:B' }, field: 'lingkup' },
      { id: stronger.userId, body: { hak_akses: {}, is_active: false }, field: 'is_active' },
      {
        id: stronger.userId,
        body: { hak_akses: { konfigurasi: 'no_access' }, is_active: true },
        field: 'hak_akses.konfigurasi',
      },
    ];
    for (const { id, body, field } of cases) {
      const before = await storedRights(id);
      const res = await put(actor.token, id, body);
      expect(res.statusCode, field).toBe(403);
      expect((res.body as unknown as { status: { code: string } }).status.code).toBe('hak_akses_ditolak');
      expect(res.body.detail!.fields.map((f) => f.field)).toEqual([field]);
      expect(await storedRights(id)).toEqual(before);
      expect(await logCount(id)).toBe(0);
    }
    // Lowering one's own level is allowed.
    const lower = await put(actor.token, actor.userId, {
      hak_akses: { kelas_kuliah: 'read' },
      is_active: true,
    });
    expect(lower.statusCode).toBe(200);
  });

  it('leaves a privileged operator to privileged ones', async () => {
    const actor = await operator(admin);
    const privileged = await operator(admin, 'A:T');
    const target = await operator(admin, 'A:B');
    const body = { hak_akses: { kelas_kuliah: 'read' }, is_active: true };
    const refused = await put(actor.token, target.userId, body);
    expect(refused.statusCode).toBe(403);
    expect((refused.body as unknown as { status: { message: string } }).status.message).toBe(
      operatorRightsMessages.privilegedTarget,
    );
    expect((await put(privileged.token, target.userId, body)).statusCode).toBe(200);
  });

  it('answers 404 for a student, an unknown id and another college’s operator', async () => {
    const actor = await operator(admin);
    const student = await createUser(t.database, { collegeId: 'demo', role: 'mahasiswa' });
    const { collegeId } = await createCollege(t.database);
    const foreign = await createUser(t.database, { collegeId, role: 'operator', permissions: {} });
    for (const id of [student.userId, foreign.userId, '00000000-0000-4000-8000-000000000001']) {
      const res = await put(actor.token, id, { hak_akses: {}, is_active: true });
      expect(res.statusCode).toBe(404);
    }
    const bad = await put(actor.token, actor.userId, { hak_akses: { bantuan: 'write' }, is_active: true });
    expect(bad.statusCode).toBe(400);
  });
});
