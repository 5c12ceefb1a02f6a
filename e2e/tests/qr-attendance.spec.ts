import { expect as baseExpect, test } from '@playwright/test';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import {
  changeSettings,
  isRecordedLecturer,
  laterRoomMeetings,
  signedInPage,
} from './attendance-e2e-helpers.ts';
import { api, demoPassword, screenshot } from './helpers.ts';

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test('a student checks in by the QR code the lecturer shows', async ({ browser }) => {
  const operator = await signedInPage(browser, 'operator');
  await changeSettings(operator, (s) => {
    s.aturan_qr_code.status = true;
  });

  // A later offline or mixed meeting of the lecturer that the demo student attends, preferably in the
  // class the lecturer coordinates (the lecturer-attendance spec takes a class where they are recorded).
  const lecturer = await signedInPage(browser, 'dosen');
  const student = await browser.newPage({ viewport: { width: 375, height: 740 } });
  const probe = await signedInPage(browser, 'mahasiswa');
  let meeting: MeetingListItem | undefined;
  const candidates = await laterRoomMeetings(lecturer);
  const recorded = new Map<string, boolean>();
  for (const m of candidates) recorded.set(m.id, await isRecordedLecturer(lecturer, m.id));
  candidates.sort((a, b) => Number(recorded.get(a.id)) - Number(recorded.get(b.id)));
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
    if (ok) {
      meeting = m;
      break;
    }
  }
  expect(meeting, 'an offline meeting of the lecturer that the demo student attends').toBeTruthy();
  await probe.context().close();

  // The lecturer starts the lecture (so the meeting is under way) and opens its attendance page.
  await api(lecturer, 'PUT', `/v2/lms/pertemuan/${meeting!.id}/start`);
  await lecturer.goto(`/kehadiran/${meeting!.kelas_kuliah.id}/${meeting!.id}`);
  const panel = lecturer.getByTestId('panel-qr');
  await panel.getByRole('button', { name: 'Tampilkan Kode QR' }).click();
  const qr = panel.getByTestId('qr-presensi');
  await expect(qr.getByRole('img', { name: `Kode QR presensi pertemuan ${meeting!.nomor}` })).toBeVisible();
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
    student.getByText(`Presensi berhasil. Anda tercatat hadir pada pertemuan ${meeting!.nomor}.`),
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

  // The lecturer's phone shows the same panel.
  await lecturer.setViewportSize({ width: 375, height: 740 });
  await panel.scrollIntoViewIfNeeded();
  await screenshot(lecturer, 'qr-panel-375');
  await Promise.all([lecturer.context().close(), student.context().close(), operator.context().close()]);
});
