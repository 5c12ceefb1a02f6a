import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createRequire } from 'node:module';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import {
  createClassWorld,
  createEnrolledStudent,
  type ClassWorld,
  type UserRef,
} from '../../testing/factories.ts';
import { bearerHeaders, multipartBody, signInEach } from '../../testing/requests.ts';
import { startSmtpSink } from '../../testing/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { settleNotifications } from './notification.testing.ts';
import { sendEmailDigests } from './notification-email.service.ts';
import { sendPendingPushes } from './notification-push.service.ts';
import { findPushSubscriptionsOf } from './notification-delivery.repository.ts';

// http_ece (untyped) comes with web-push, which encrypts with it; the test decrypts as a browser would.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer;
};

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let world: ClassWorld;
let classmate: UserRef;
const tokens: Record<string, string> = {};
const publicUrl = 'https://lms.kampus.example';

/** The push service of the test: answers 201, or 410 for endpoints under /gone/. */
const received: { path: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
    res.writeHead(req.url?.startsWith('/gone/') ? 410 : 201).end();
  });
});
let origin = '';
const log = { warn: () => undefined };

beforeAll(async () => {
  sink = await startSmtpSink();
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({
    publicUrl,
    smtp: sink.smtp,
    vapid: { ...webpush.generateVAPIDKeys(), subject: 'mailto:admin@kampus.example' },
    pushExtraOrigins: [origin],
  });
  world = await createClassWorld(t.database);
  classmate = await createEnrolledStudent(t.database, world);
  for (const [who, email] of [
    [world.student, 'mhs@kampus.example'],
    [classmate, 'teman@kampus.example'],
  ] as const) {
    await t.app.db.execute(
      sql`update users set email = ${email} where college_id = ${world.collegeId} and id = ${who.userId}`,
    );
  }
  Object.assign(
    tokens,
    await signInEach(t.app, { dosen: world.teacher, mhs: world.student, teman: classmate }),
  );
});
afterAll(async () => {
  await t.close();
  await sink.close();
  receiver.close();
});

const as = (who: string) => bearerHeaders(tokens[who]!);
const later = () => new Date(Date.now() + t.app.config.emailDigestSettleMs + 1000);

async function postTask(judul: string) {
  const body = multipartBody({
    id_pertemuan: world.meetingId,
    judul,
    deskripsi: '<p>Tulis laporan.</p>',
    jenis: 'individu',
    waktu_mulai: new Date(Date.now() - 60_000).toISOString(),
    waktu_selesai: new Date(Date.now() + 3_600_000).toISOString(),
    tipe_file_jawaban: 'pdf',
    terima_terlambat: 'false',
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/lms/tugas',
    headers: { ...as('dosen'), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function choose(who: string, kanal: 'email' | 'push', aktif: boolean) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/v2/lms/notifikasi/preferensi',
    headers: as(who),
    payload: { preferensi: [{ jenis: 'tugas', kanal, aktif }] },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('email digest', () => {
  it('mails a burst of 5 tasks as one digest to a student with email on, none to one with it off, once', async () => {
    await choose('mhs', 'email', true);
    await choose('teman', 'email', false);
    for (let i = 1; i <= 5; i++) await postTask(`Laporan praktikum ${i}`);
    await settleNotifications(t.database);
    // Not settled yet: nothing goes.
    expect(await sendEmailDigests(t.app.db, t.app.config, log)).toBe(0);
    expect(await sendEmailDigests(t.app.db, t.app.config, log, later)).toBe(1);
    const [mail] = await sink.waitFor(1);
    expect(mail!.to).toEqual(['mhs@kampus.example']);
    expect(mail!.mail.subject).toMatch(/^5 pemberitahuan baru di /);
    for (let i = 1; i <= 5; i++) expect(mail!.mail.text).toContain(`Laporan praktikum ${i}`);
    expect(mail!.mail.text).toContain(`${publicUrl}/`);
    // A second run (or another instance) finds them all done.
    expect(await sendEmailDigests(t.app.db, t.app.config, log, later)).toBe(0);
    expect(sink.delivered).toHaveLength(1);
  });

  it('marks the notifications of a user without an address in one statement', async () => {
    const setEmail = (email: string | null) =>
      t.database.query(`update users set email = $3 where college_id = $1 and id = $2`, [
        world.collegeId,
        classmate.userId,
        email,
      ]);
    await setEmail(null);
    try {
      await postTask('Tugas tanpa alamat');
      await settleNotifications(t.database);
      const statements = await t.statementsDuring(() => sendEmailDigests(t.app.db, t.app.config, log, later));
      const bulk = statements.filter((s) =>
        /^update "notifications" set "emailed_at" .*\(not "users"\."is_active"/.test(s),
      );
      expect(bulk.length).toBeGreaterThanOrEqual(1);
      const pending = await t.database.query(
        `select 1 from notifications where college_id = $1 and user_id = $2 and emailed_at is null`,
        [world.collegeId, classmate.userId],
      );
      expect(pending).toEqual([]);
    } finally {
      await setEmail('teman@kampus.example');
    }
  });

  it('does not mail what was read in the app already', async () => {
    await postTask('Sudah dibaca');
    await settleNotifications(t.database);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v2/lms/notifikasi/dibaca-semua',
      headers: as('mhs'),
    });
    expect(res.statusCode).toBe(200);
    expect(await sendEmailDigests(t.app.db, t.app.config, log, later)).toBe(0);
  });
});

describe('web push', () => {
  const device = () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') } };
  };
  const subscribe = (who: string, endpoint: string, keys: object) =>
    t.app.inject({
      method: 'POST',
      url: '/v2/lms/notifikasi/push/langganan',
      headers: as(who),
      payload: { endpoint, keys },
    });

  it('answers the public key, refuses endpoints off the push services, and pushes an encrypted message', async () => {
    const key = await t.app.inject({
      method: 'GET',
      url: '/v2/lms/notifikasi/push/kunci',
      headers: as('mhs'),
    });
    expect(key.json().data.kunci_publik).toBe(t.app.config.vapid!.publicKey);
    const phone = device();
    const refused = await subscribe('mhs', 'https://evil.example/push/1', phone.keys);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Alamat layanan push tidak dikenal.');
    const bad = await subscribe('mhs', `${origin}/push/1`, { p256dh: 'abc', auth: phone.keys.auth });
    expect(bad.statusCode).toBe(400);
    expect((await subscribe('mhs', `${origin}/push/1`, phone.keys)).statusCode).toBe(200);
    await choose('mhs', 'push', true);
    received.length = 0;
    await postTask('Tugas push');
    await settleNotifications(t.database);
    expect(await sendPendingPushes(t.app.db, t.app.config, log)).toBe(1);
    expect(received).toHaveLength(1);
    const message = received[0]!;
    expect(message.path).toBe('/push/1');
    expect(message.headers['content-encoding']).toBe('aes128gcm');
    expect(message.headers.authorization).toMatch(/^vapid t=/);
    const plain = ece.decrypt(message.body, {
      version: 'aes128gcm',
      privateKey: phone.ecdh,
      authSecret: phone.auth,
    });
    expect(JSON.parse(plain.toString())).toMatchObject({ judul: 'Tugas push' });
    // The classmate and the lecturer have no device: marked without a claim, nothing left pending.
    const pending = await t.database.query(
      `select 1 from notifications where college_id = $1 and pushed_at is null`,
      [world.collegeId],
    );
    expect(pending).toEqual([]);
    // Never twice.
    expect(await sendPendingPushes(t.app.db, t.app.config, log)).toBe(0);
    expect(received).toHaveLength(1);
  });

  it('marks the notifications of users without a device in one statement, with no claim', async () => {
    await postTask('Tugas tanpa perangkat');
    await settleNotifications(t.database);
    // Only the student has a device, and push of tasks is off for them now: nothing is sent.
    await choose('mhs', 'push', false);
    const statements = await t.statementsDuring(() => sendPendingPushes(t.app.db, t.app.config, log));
    const marks = statements.filter((s) => /^update "notifications" set "pushed_at"/i.test(s));
    // Per college, one mark of the users without a device (here the lecturer and the classmate); the
    // student's one notification is claimed and marked by itself.
    const markedOneByOne = marks.filter((s) => / "notifications"\."id" in \(/.test(s));
    expect(markedOneByOne).toHaveLength(1);
    expect(markedOneByOne[0]).toMatch(/ in \(\$\d+\)\)$/);
    expect(marks.length - markedOneByOne.length).toBe(statements.filter((s) => /skip locked/.test(s)).length);
    const pending = await t.database.query(
      `select 1 from notifications where college_id = $1 and pushed_at is null`,
      [world.collegeId],
    );
    expect(pending).toEqual([]);
    await choose('mhs', 'push', true);
  });

  it('removes a device the push service calls gone (410)', async () => {
    const old = device();
    expect((await subscribe('mhs', `${origin}/gone/1`, old.keys)).statusCode).toBe(200);
    await postTask('Tugas perangkat lama');
    await settleNotifications(t.database);
    await sendPendingPushes(t.app.db, t.app.config, log);
    const left = await findPushSubscriptionsOf(t.app.db, world.collegeId, [world.student.userId]);
    expect(left.map((s) => s.endpoint)).toEqual([`${origin}/push/1`]);
  });

  it('unsubscribes only the caller’s own device', async () => {
    const del = (who: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/v2/lms/notifikasi/push/langganan?endpoint=${encodeURIComponent(`${origin}/push/1`)}`,
        headers: as(who),
      });
    expect((await del('teman')).json().data.dihapus).toBe(false);
    expect((await del('mhs')).json().data.dihapus).toBe(true);
  });
});
