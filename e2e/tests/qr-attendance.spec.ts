import { writeFileSync } from 'node:fs';
import { chromium, expect as baseExpect, test } from '@playwright/test';
import QRCode from 'qrcode';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import {
  changeSettings,
  isRecordedLecturer,
  laterRoomMeetings,
  signedInPage,
} from './attendance-e2e-helpers.ts';
import { api, demoPassword, screenshot, screenshotBothWidths, signIn } from './helpers.ts';
import { claimFirst } from './test-data.ts';

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

// QR check-in is college-wide: on for this file's flow only (it runs in the college-wide stage).
test.afterEach(async ({ browser }) => {
  const operator = await signedInPage(browser, 'operator');
  await changeSettings(operator, (s) => {
    s.aturan_qr_code.status = false;
  });
  await operator.context().close();
});

/**
 * A camera's picture for Chromium's fake capture device (Y4M, 4:2:0): a few seconds of an empty grey
 * frame, then the QR code of `text` in black on white, looped by the browser.
 */
function qrVideo(text: string, file: string): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = 400;
  const scale = Math.floor(side / (modules.size + 8));
  const offset = Math.floor((side - scale * modules.size) / 2);
  const grey = Buffer.alloc(side * side, 128);
  const code = Buffer.alloc(side * side, 255);
  for (let y = 0; y < modules.size * scale; y++)
    for (let x = 0; x < modules.size * scale; x++)
      if (modules.get(Math.floor(y / scale), Math.floor(x / scale)))
        code[(offset + y) * side + offset + x] = 0;
  const chroma = Buffer.alloc((side / 2) * (side / 2) * 2, 128);
  const frame = (luma: Buffer) => Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${side} H${side} F10:1 Ip A1:1 C420jpeg\n`),
      ...Array.from({ length: 40 }, () => frame(grey)),
      ...Array.from({ length: 20 }, () => frame(code)),
    ]),
  );
}

test('a student checks in by the QR code the lecturer shows', async ({ browser, baseURL }, testInfo) => {
  const operator = await signedInPage(browser, 'operator');
  await changeSettings(operator, (s) => {
    s.aturan_qr_code.status = true;
  });

  // A later offline or mixed meeting of the lecturer that the demo student attends, preferably in the
  // class the lecturer coordinates (the lecturer-attendance spec takes a class where they are recorded).
  const lecturer = await signedInPage(browser, 'dosen');
  const student = await browser.newPage({ viewport: { width: 375, height: 740 } });
  const probe = await signedInPage(browser, 'mahasiswa');
  const candidates = await laterRoomMeetings(lecturer);
  const recorded = new Map<string, boolean>();
  for (const m of candidates) recorded.set(m.id, await isRecordedLecturer(lecturer, m.id));
  candidates.sort((a, b) => Number(recorded.get(a.id)) - Number(recorded.get(b.id)));
  const attended: MeetingListItem[] = [];
  for (const m of candidates) {
    const ok = await probe.evaluate(async (id) => {
      const token = (JSON.parse(localStorage.getItem('lms.session') ?? '{}') as { accessToken?: string })
        .accessToken;
      const res = await fetch(`/v2/lms/pertemuan/${id}`, {
        headers: {
          authorization: `Bearer ${token}`,
          'college-id': localStorage.getItem('lms.college_id') ?? '',
        },
      });
      return res.ok;
    }, m.id);
    if (ok) attended.push(m);
  }
  // Claimed: no other test starts it or marks its attendance.
  const meeting = claimFirst(attended, 'offline meeting of the lecturer that the demo student attends');
  await probe.context().close();

  // The lecturer starts the lecture (so the meeting is under way) and opens its attendance page.
  await api(lecturer, 'PUT', `/v2/lms/pertemuan/${meeting.id}/start`);
  await lecturer.goto(`/kehadiran/${meeting.kelas_kuliah.id}/${meeting.id}`);
  const panel = lecturer.getByTestId('panel-qr');
  await panel.getByRole('button', { name: 'Tampilkan Kode QR' }).click();
  const qr = panel.getByTestId('qr-presensi');
  await expect(qr.getByRole('img', { name: `Kode QR presensi pertemuan ${meeting.nomor}` })).toBeVisible();
  await expect(panel.getByText(/Kode berganti dalam \d+ detik/)).toBeVisible();
  const url = (await qr.getAttribute('data-qr-url'))!;
  expect(url).toMatch(/\/presensi-qr\?kode=/);
  await panel.scrollIntoViewIfNeeded();
  await screenshot(lecturer, 'qr-panel-1280');

  // The student's phone camera opens the address: sign in first, then the check-in happens at once.
  await student.goto(url);
  await expect(student).toHaveURL(/\/login/);
  await student.getByLabel('Username').fill('mahasiswa');
  await student.getByLabel('Password').fill(demoPassword);
  await student.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(student).toHaveURL(/\/presensi-qr\?kode=/);
  await expect(
    student.getByText(`Presensi berhasil. Anda tercatat hadir pada pertemuan ${meeting.nomor}.`),
  ).toBeVisible();
  await screenshot(student, 'qr-check-in-375', { fullPage: true });

  // Opening it again says so instead of marking twice.
  await student.reload();
  await expect(
    student.getByText('Anda sudah tercatat hadir melalui kode QR pada pertemuan ini.'),
  ).toBeVisible();

  // Without a code the page scans in itself (no camera here: it says how to go on).
  await student.goto('/presensi-qr');
  await expect(student.getByTestId('presensi-qr')).toBeVisible();
  await screenshot(student, 'qr-scan-375', { fullPage: true });

  // A phone whose camera sees the code: the page reads it itself (Chromium on Linux has no
  // BarcodeDetector, so ZXing's wasm does), and the server answers for that code.
  const video = testInfo.outputPath('qr-code.y4m');
  qrVideo(url, video);
  const camera = await chromium.launch({
    ...testInfo.project.use.launchOptions,
    args: [
      ...(testInfo.project.use.launchOptions?.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  const scanner = await (await camera.newContext({ baseURL, reducedMotion: 'reduce' })).newPage();
  const foreign: string[] = [];
  scanner.on('request', (request) => {
    if (new URL(request.url()).origin !== new URL(baseURL!).origin) foreign.push(request.url());
  });
  await signIn(scanner, 'mahasiswa');
  await scanner.setViewportSize({ width: 375, height: 740 });
  const zxingWasm = scanner.waitForResponse((r) => /\/assets\/zxing_reader-[\w-]+\.wasm$/.test(r.url()));
  await scanner.goto('/presensi-qr');
  await expect(scanner.getByLabel('Kamera pemindai kode QR')).toBeVisible();
  expect((await zxingWasm).headers()['content-type']).toBe('application/wasm');
  await screenshotBothWidths(scanner, 'qr-scan-camera', { fullPage: false });
  await expect(
    scanner.getByText('Anda sudah tercatat hadir melalui kode QR pada pertemuan ini.'),
  ).toBeVisible();
  await expect(scanner).toHaveURL(/\/presensi-qr\?kode=/);
  expect(foreign, 'the scanner loads nothing from another origin').toEqual([]);
  await camera.close();

  // The lecturer's phone shows the same panel.
  await lecturer.setViewportSize({ width: 375, height: 740 });
  await panel.scrollIntoViewIfNeeded();
  await screenshot(lecturer, 'qr-panel-375');
  await Promise.all([lecturer.context().close(), student.context().close(), operator.context().close()]);
});
