import { expect as baseExpect, test } from '@playwright/test';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import {
  api,
  chooseOption,
  pickInDialog,
  screenshot,
  screenshotBothWidths,
  signIn,
  wibPicker,
} from './helpers.ts';
import { claimFirst, uniqueTitle } from './test-data.ts';

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const classId = '20261_01_IF2102';

test('a student who joins a vidcon after the allowance is recorded as late', async ({ browser }) => {
  const lecturer = await browser.newPage();
  await signIn(lecturer, 'dosen');
  const meetings = await api<MeetingListItem[]>(
    lecturer,
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/pertemuan?per_page=20`,
  );
  // A later meeting, claimed: it has no text yet, and no other test adds one or starts it.
  const meeting = claimFirst(meetings.filter((m) => m.status === 'belum_dimulai').reverse(), 'later meeting');
  const title = uniqueTitle('Kuliah Daring Normalisasi');
  const url = `/kelas/${classId}/${meeting.id}`;
  await lecturer.goto(url);

  // The meeting's text block first (content type teks).
  await lecturer.getByRole('button', { name: 'Tambah Teks' }).click();
  const textBox = lecturer.getByRole('textbox', { name: 'Teks pertemuan' });
  await textBox.click();
  await textBox.fill('Siapkan kamera dan mikrofon sebelum vidcon dimulai.');
  await lecturer.getByRole('dialog').getByRole('button', { name: 'Simpan' }).click();
  await expect(lecturer.getByText('Teks pertemuan berhasil disimpan')).toBeVisible();

  await lecturer.getByRole('button', { name: 'Tambah Vidcon' }).click();
  const dialog = lecturer.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog.getByText('Judul wajib diisi', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Aplikasi wajib diisi', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Link wajib diisi', { exact: true })).toBeVisible();
  await expect(
    dialog.getByText('Jangan bagikan link vidcon kepada pihak di luar peserta kelas.'),
  ).toBeVisible();

  await dialog.getByLabel('Judul').fill(title);
  await chooseOption(lecturer, dialog, 'Aplikasi', 'Zoom');
  await dialog.getByLabel('Link').fill('zoom.example.org/j/99');
  // Started 20 minutes ago: past the 15-minute allowance of the demo college.
  await pickInDialog(lecturer, 'Waktu Mulai', wibPicker(new Date(Date.now() - 20 * 60_000)));
  await pickInDialog(lecturer, 'Waktu Selesai', wibPicker(new Date(Date.now() + 60 * 60_000)));
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(lecturer.getByText('Vidcon berhasil ditambahkan')).toBeVisible();
  const lecturerCard = lecturer.getByTestId('vidcon-card').filter({ hasText: title });
  await expect(lecturerCard.getByText('Sedang Berlangsung')).toBeVisible();

  // Salin Link writes to the clipboard, which needs the page's permission.
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  // The conference itself is outside the LMS: stand in for it so the opened tab has somewhere to land.
  await context.route('https://zoom.example.org/**', (route) => route.fulfill({ body: 'Zoom' }));
  const student = await context.newPage();
  await signIn(student, 'mahasiswa');
  await student.setViewportSize({ width: 375, height: 812 });
  await student.goto(url);
  await expect(student.getByText('Siapkan kamera dan mikrofon sebelum vidcon dimulai.')).toBeVisible();
  const card = student.getByTestId('vidcon-card').filter({ hasText: title });
  const popup = student.waitForEvent('popup');
  await card.getByRole('button', { name: 'Gabung' }).click();
  const conference = await popup;
  await conference.waitForLoadState();
  expect(conference.url()).toBe('https://zoom.example.org/j/99');
  await conference.close();
  await expect(card.getByText(/Bergabung .* · Terlambat/)).toBeVisible();
  await screenshot(student, 'vidcon-student-phone', { fullPage: true });
  await card.getByRole('button', { name: 'Salin Link' }).click();
  await expect(student.getByText('Copied', { exact: true })).toBeVisible();
  expect(await student.evaluate(() => navigator.clipboard.readText())).toContain('zoom.example.org/j/99');
  await screenshotBothWidths(student, 'vidcon-link-copied', {
    fullPage: false,
    settle: () => card.scrollIntoViewIfNeeded(),
  });

  await student.goto('/vidcon');
  await expect(student.getByTestId('vidcon-card').filter({ hasText: title })).toBeVisible();
  await screenshot(student, 'vidcon-list-phone', { fullPage: true });

  await lecturer.reload();
  await lecturerCard.getByText(/1 dari \d+ peserta bergabung/).click();
  await expect(lecturerCard.getByRole('listitem').filter({ hasText: 'Terlambat' })).toBeVisible();
  await screenshot(lecturer, 'vidcon-lecturer-desktop', { fullPage: true });
  await context.close();
});
