import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import { api, screenshotBothWidths, signIn } from './helpers.ts';
import { mailDir } from './mail-box.ts';
import { uniqueTitle } from './test-data.ts';

// http_ece (untyped) comes with web-push: the spec decrypts the pushed message as a browser would.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer;
};

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
const classId = '20261_01_IF2102';

/** The run's push service: the origin the LMS allows through PUSH_EXTRA_ORIGINS (playwright.config.ts). */
function startPushReceiver() {
  const received: { path: string; body: Buffer }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  return new Promise<{ received: typeof received; close: () => void }>((resolve) =>
    server.listen(Number(process.env.E2E_PUSH_PORT), '127.0.0.1', () =>
      resolve({ received, close: () => server.close() }),
    ),
  );
}

/** The digest naming `title` that arrived after `since`, waiting for it. */
async function waitForDigest(title: string, since: number): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect(async () => {
    for (const name of readdirSync(mailDir()).filter((n) => Number(n.split('-')[0]) >= since)) {
      const mail = await simpleParser(readFileSync(path.join(mailDir(), name)));
      if (/pemberitahuan baru di /.test(mail.subject ?? '') && mail.text?.includes(title)) {
        found = mail;
        return;
      }
    }
    throw new Error(`no digest naming ${title} yet`);
  }).toPass({ timeout: 45_000 });
  return found!;
}

/** A task of the class, published through the API as the lecturer on `page`. */
async function publishTask(page: Page, title: string): Promise<void> {
  const meetings = await api<MeetingListItem[]>(
    page,
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/pertemuan?per_page=20`,
  );
  const meeting = meetings.at(-1)!;
  const status = await page.evaluate(
    async ({ meetingId, title }) => {
      const session = JSON.parse(localStorage.getItem('lms.session') ?? '{}') as { accessToken?: string };
      const form = new FormData();
      form.set('id_pertemuan', meetingId);
      form.set('judul', title);
      form.set('deskripsi', '<p>Kerjakan dengan rapi.</p>');
      form.set('jenis', 'individu');
      form.set('waktu_mulai', new Date(Date.now() - 60_000).toISOString());
      form.set('waktu_selesai', new Date(Date.now() + 7 * 86_400_000).toISOString());
      form.set('tipe_file_jawaban', 'pdf');
      form.set('terima_terlambat', 'false');
      const response = await fetch('/v2/lms/tugas', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${session.accessToken}`,
          'college-id': localStorage.getItem('lms.college_id') ?? '',
        },
        body: form,
      });
      return response.status;
    },
    { meetingId: meeting.id, title },
  );
  expect(status).toBe(200);
}

test('a published task reaches the student as one email digest and as a push to their device', async ({
  browser,
}) => {
  const push = await startPushReceiver();
  try {
    const student = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signIn(student, 'mahasiswa');
    await api(student, 'PUT', '/v2/lms/notifikasi/preferensi', {
      preferensi: [
        { jenis: 'tugas', kanal: 'email', aktif: true },
        { jenis: 'tugas', kanal: 'push', aktif: true },
      ],
    });
    // Headless Chromium has no push service: the device is the spec's own keys and receiver.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const endpoint = `http://127.0.0.1:${process.env.E2E_PUSH_PORT}/push/${randomBytes(6).toString('hex')}`;
    await api(student, 'POST', '/v2/lms/notifikasi/push/langganan', {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') },
    });

    const title = uniqueTitle('Tugas Digest E2E');
    const lecturer = await (await browser.newContext()).newPage();
    await signIn(lecturer, 'dosen');
    const since = Date.now() - 1000;
    await publishTask(lecturer, title);

    await expect
      .poll(() =>
        push.received
          .filter((m) => endpoint.endsWith(m.path))
          .map((m) =>
            ece.decrypt(m.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString(),
          )
          .join(),
      )
      .toContain(title);

    const mail = await waitForDigest(title, since);
    expect(mail.text).toContain('/tugas/');

    await student.goto('/profil');
    await student.getByRole('tab', { name: 'Notifikasi' }).click();
    await expect(
      student
        .getByRole('button', { name: 'Aktifkan notifikasi push di perangkat ini' })
        .or(student.getByText('Browser ini tidak mendukung notifikasi push.')),
    ).toBeVisible();
    await screenshotBothWidths(student, 'notification-delivery-tab');
    // Back as the demo had it: no device, and tasks neither mailed nor pushed.
    await api(
      student,
      'DELETE',
      `/v2/lms/notifikasi/push/langganan?endpoint=${encodeURIComponent(endpoint)}`,
    );
    await api(student, 'PUT', '/v2/lms/notifikasi/preferensi', {
      preferensi: [
        { jenis: 'tugas', kanal: 'email', aktif: false },
        { jenis: 'tugas', kanal: 'push', aktif: false },
      ],
    });
  } finally {
    push.close();
  }
});
