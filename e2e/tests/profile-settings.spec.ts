import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import {
  demoPassword,
  expectNoSeriousAxeViolations,
  filterHistoryByLogout,
  signIn,
  signOut,
  screenshotBothWidths,
} from './helpers.ts';
import { signInByApi } from './test-data.ts';

// One story in order: the flagged student is blocked, the operator clears the flag, then that student
// changes photo and password (no other spec uses mahasiswa.tunggakan).
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const flaggedStudent = 'mahasiswa.tunggakan';
const flaggedNim = '2024019999';
const newPassword = 'rahasia-baru-123';

/** A 48×48 blue PNG. */
const bluePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAAOklEQVR42u3OQQ0AAAgEoCtiJfMbxxbOBxsBSPW8EiEhISEhISEhISEhISEhISEhISEhISEhISGhOwubwVumu4nCRQAAAABJRU5ErkJggg==',
  'base64',
);

/** Signs in through /login without expecting /beranda. */
async function submitSignIn(page: Page, username: string, password = demoPassword) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
}

test('a student reads Data Diri and filters the activity history', async ({ page }) => {
  await signIn(page, 'mahasiswa');
  await page.goto('/profil');
  await expect(page.getByText('Program Studi')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Rizky Aditya Pratama').first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshotBothWidths(page, 'profil-data-diri');

  await filterHistoryByLogout(page);
  await screenshotBothWidths(page, 'profil-riwayat', {
    settle: () => expect(page.locator('.ant-timeline')).toBeVisible(),
  });
});

test('a student with unpaid fees lands on /forbidden with the reason', async ({ page, baseURL }) => {
  // Flagged here, not only by the seed: the next test clears the flag, and a repeat starts again.
  const operator = await signInByApi(baseURL!, 'operator');
  await operator.call('PUT', `/v2/lms/pembatasan/tunggakan/${flaggedNim}`, {
    tunggakan: true,
    keterangan: 'UKT semester Ganjil 2026/2027 belum dibayar.',
  });
  await operator.dispose();
  await submitSignIn(page, flaggedStudent);
  // The app loads after Masuk (sign-in is its own entry, login.html).
  await expect(page).toHaveURL(/\/forbidden$/, { timeout: 30_000 });
  await expect(page.getByText('Pembayaran biaya kuliah')).toBeVisible();
  await expect(page.getByText(/Masih ada tunggakan biaya kuliah/)).toBeVisible();
  await screenshotBothWidths(page, 'forbidden');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The app's /login loads the sign-in page's own entry with a full page load: a CI run whose test ended
  // while it was under way had the context's close hang past the test's 180 s (signOut waits too).
  await expect(page.getByRole('heading', { name: 'Masuk', exact: true })).toBeVisible();
});

test('an operator clears the flag, exports the log and changes the time zone', async ({ page }) => {
  await signIn(page, 'operator');
  await page.goto('/konfigurasi');
  await expect(page.getByText('Statistik Pengunjung')).toBeVisible();
  await expect(page.getByText('Sedang daring')).toBeVisible();
  await expect(page.getByText('Syarat Kehadiran Online Mahasiswa')).toBeVisible();
  await screenshotBothWidths(page, 'konfigurasi');

  // Tunggakan Biaya: clear the demo student's flag.
  await page.getByRole('tab', { name: 'Tunggakan Biaya' }).click();
  await page.getByLabel('NIM mahasiswa').fill(flaggedNim);
  await page.getByRole('button', { name: 'Cari' }).click();
  // The list of holds above names him too: the looked-up student is in the card's details.
  await expect(page.locator('.ant-descriptions').getByText('Bagas Saputra')).toBeVisible();
  await page.getByRole('switch').click();
  await page.getByRole('button', { name: 'Simpan Status' }).click();
  await expect(page.getByText('Status tunggakan disimpan.')).toBeVisible();

  // Log Aktivitas: filters go to the query string; the export downloads and opens.
  await page.getByRole('tab', { name: 'Log Aktivitas' }).click();
  await expect(page).toHaveURL(/tab=log/);
  await page.getByRole('combobox', { name: 'Peran' }).click();
  await page.getByTitle('Operator', { exact: true }).click();
  await page.getByRole('button', { name: 'Terapkan' }).click();
  await expect(page).toHaveURL(/role=operator/);
  // fee-holds.spec.ts (run before) logs holds of its own too.
  await expect(page.getByRole('cell', { name: /Ubah Status Tunggakan Biaya/ }).first()).toBeVisible();
  await screenshotBothWidths(page, 'konfigurasi-log', {
    // Phones list the log as cards; the Tunggakan Biaya tab, visited before, keeps its own hidden table.
    settle: () =>
      expect(
        page
          .getByRole('tabpanel', { name: 'Log Aktivitas' })
          .getByText(/Ubah Status Tunggakan Biaya/)
          .first(),
      ).toBeVisible(),
  });
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Ekspor Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^log-aktivitas-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Log Aktivitas')!;
  expect(sheet.getRow(1).getCell(2).value).toBe('Waktu');
  expect(sheet.getRow(1).getCell(6).value).toBe('Jenis Aktivitas');
  const kinds = (sheet.getSheetValues().slice(2) as unknown[][]).map((row) => row[6]);
  expect(kinds).toContain('Ubah Status Tunggakan Biaya');

  // Pengaturan: WITA shows in the header clock at once; then back to WIB for everyone else.
  const clock = page.getByLabel('Waktu server');
  await expect(clock).toContainText(/WIB$/);
  await page.getByRole('tab', { name: 'Pengaturan' }).click();
  const zone = page.getByLabel('Zona Waktu');
  await zone.click();
  await page.getByTitle('WITA (Asia/Makassar)').click();
  await page.getByRole('button', { name: 'Simpan Konfigurasi' }).click();
  await expect(page.getByText('Konfigurasi berhasil disimpan.')).toBeVisible();
  await expect(clock).toContainText(/WITA$/);
  await zone.click();
  await page.getByTitle('WIB (Asia/Jakarta)').click();
  await page.getByRole('button', { name: 'Simpan Konfigurasi' }).click();
  await expect(clock).toContainText(/WIB$/);
});

test('the student uploads a photo and changes the password', async ({ page, baseURL }) => {
  await signIn(page, flaggedStudent);
  await page.goto('/pengaturan');
  await expect(page.getByText('Foto Profil')).toBeVisible();

  await page.getByRole('button', { name: 'Ubah Foto' }).click();
  const dialog = page.getByRole('dialog');
  const save = dialog.getByRole('button', { name: 'Simpan' });
  await expect(save).toBeDisabled();
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'foto-profil-bagas-saputra.png', mimeType: 'image/png', buffer: bluePng });
  await expect(dialog.getByText('foto-profil-bagas-sa...')).toBeVisible();
  await save.click();
  await expect(page.getByText('Foto profil berhasil diubah.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator('img[alt="Foto profil"]')).toHaveAttribute('src', /\/v2\/files\//);
  await screenshotBothWidths(page, 'pengaturan');

  await page.getByLabel('Password Lama').fill(demoPassword);
  await page.getByLabel('Password Baru', { exact: true }).fill(newPassword);
  await page.getByLabel('Konfirmasi Password Baru').fill(newPassword);
  await page.getByRole('button', { name: 'Ubah Password' }).click();
  await expect(page.getByText(/Password berhasil diubah/)).toBeVisible();

  await signOut(page);
  await submitSignIn(page, flaggedStudent);
  await expect(page.getByText('Username atau password salah.')).toBeVisible();
  await signIn(page, flaggedStudent, newPassword);
  // Back to the demo password, for a repeat of this file.
  const student = await signInByApi(baseURL!, flaggedStudent, newPassword);
  await student.call('PUT', '/v2/lms/pengaturan/password', {
    password_lama: newPassword,
    password_baru: demoPassword,
    konfirmasi_password: demoPassword,
  });
  await student.dispose();
});
