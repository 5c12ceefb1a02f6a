import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { moveIn, moveInOidcIssuer, oidcClient } from '../playwright.config.ts';
import { chooseOption, screenshotBothWidths, signIn, signOut } from './helpers.ts';

// A university moves in (issue 41), on the move-in project's own installation: an empty database
// (SEED=none) where only the create-operator command has run (playwright.config.ts). The first operator
// signs in, uploads the logo, loads a semester from the template, gives a second operator rights and
// turns campus sign-in on; a student of the loaded semester signs in at the campus provider and finds
// their class. One flow, in order: each step needs what the one before made.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** The period holding today (odd semesters from August, even from February), as the college's calendar. */
function currentPeriod(): { kode: number; label: string; mulai: string; selesai: string } {
  const now = new Date();
  const year = now.getFullYear();
  const month = now.getMonth() + 1;
  if (month >= 2 && month <= 7) {
    return {
      kode: (year - 1) * 10 + 2,
      label: `${year - 1}/${year} Genap`,
      mulai: `${year}-02-01`,
      selesai: `${year}-07-31`,
    };
  }
  const start = month >= 8 ? year : year - 1;
  return {
    kode: start * 10 + 1,
    label: `${start}/${start + 1} Ganjil`,
    mulai: `${start}-08-01`,
    selesai: `${start + 1}-01-31`,
  };
}

const period = currentPeriod();
const prodiId = 'PINDAH-TI';
const courseId = 'PINDAHIF101';
const courseName = 'Dasar Pemrograman Kampus Pindahan';
const classId = `${period.kode}_A_${courseId}`;
const lecturer = { nidn: '0011223344', nama: 'Dr. Sari Wulandari' };
const student = { nim: '2026990001', nama: 'Bagus Pranata' };
const classmate = { nim: '2026990002', nama: 'Citra Maharani' };
const secondOperator = {
  username: 'operator.akademik',
  nama: 'Operator Akademik',
  password: 'sandi-operator-kedua',
};

/** A 300×300 PNG logo (the initials logo the shell shows before is 128 px wide). */
function logoPng(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 300, channels: 4, background: '#1d4ed8' } })
    .composite([{ input: { create: { width: 120, height: 120, channels: 4, background: '#ffffff' } } }])
    .png()
    .toBuffer();
}

async function signInAtProvider(page: Page, nim: string): Promise<void> {
  await page.getByRole('button', { name: 'Masuk dengan SSO Kampus' }).click();
  await expect(page).toHaveURL(new RegExp(`^${moveInOidcIssuer}/interaction/`));
  await page.locator('input[name="login"]').fill(nim);
  await page.locator('input[name="password"]').fill('sandi-kampus');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

/** Each entity's row of the preview reads: its label, then new, changed, unchanged and removed. */
async function expectPreviewRows(summary: Locator, rows: [string, string, string, string, string][]) {
  for (const [label, ...counts] of rows)
    await expect(
      summary
        .getByRole('row')
        .filter({ hasText: new RegExp(`^${label}`) })
        .getByRole('cell'),
    ).toHaveText([label, ...counts]);
}

test('the first operator signs in and uploads the college logo', async ({ page }) => {
  await signIn(page, moveIn.username, moveIn.password);
  const shellLogo = page.getByRole('img', { name: 'Logo perguruan tinggi' });
  await expect(shellLogo).toBeVisible();
  await page.goto('/konfigurasi?tab=profil_kampus');
  await expect(page.getByLabel('Nama Perguruan Tinggi')).toHaveValue(moveIn.collegeName);
  await page.getByLabel('Berkas logo').setInputFiles({
    name: 'logo-kampus.png',
    mimeType: 'image/png',
    buffer: await logoPng(),
  });
  await expect(page.getByText('Logo kampus tersimpan.')).toBeVisible();
  await expect.poll(() => shellLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
  await screenshotBothWidths(page, 'move-in-logo');
});

test('the operator loads the semester from the template, then reads the same period from the demo SIAKAD', async ({
  page,
}) => {
  await signIn(page, moveIn.username, moveIn.password);
  await page.getByRole('navigation', { name: 'Menu utama' }).getByText('Muat Semester').click();
  await expect(page).toHaveURL(/\/muat-semester$/);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Unduh Template' }).click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync((await (await downloading).path())!) as unknown as ArrayBuffer);
  const sheet = (name: string) => book.getWorksheet(name)!;
  sheet('Periode').addRow([period.kode, period.label, period.mulai, period.selesai]);
  sheet('Program Studi').addRow([prodiId, 'TI', 'Teknik Informatika', 'S1']);
  sheet('Mata Kuliah').addRow([courseId, 'IF101', courseName, 3, 1, prodiId]);
  sheet('Dosen').addRow([lecturer.nidn, lecturer.nama, 'sari.wulandari@pindahan.ac.id', prodiId]);
  for (const person of [student, classmate])
    sheet('Mahasiswa').addRow([person.nim, person.nama, '', prodiId, 2026]);
  sheet('Kelas').addRow([
    classId,
    period.kode,
    courseId,
    'A',
    40,
    'offline',
    'Senin',
    '08:00',
    '09:40',
    'R-101',
  ]);
  sheet('Pengajar').addRow([classId, lecturer.nidn, 'koordinator', 'Ya']);
  for (const person of [student, classmate]) sheet('Peserta').addRow([classId, person.nim]);

  await page.locator('input[type="file"]').setInputFiles({
    name: 'semester-kampus-pindahan.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await book.xlsx.writeBuffer()),
  });
  await expect(page.getByText('Menunggu diterapkan')).toBeVisible({ timeout: 60_000 });
  // Everything is new on an empty installation.
  const summary = page.locator('.ant-table').first();
  await expectPreviewRows(summary, [
    ['Periode', '1', '0', '0', '0'],
    ['Kelas', '1', '0', '0', '0'],
    ['Peserta Kelas', '2', '0', '0', '0'],
  ]);
  await screenshotBothWidths(page, 'move-in-semester-preview', { animations: 'disabled' });
  await page.getByRole('button', { name: 'Terapkan' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Terapkan' }).click();
  await expect(page.getByText('Selesai diterapkan')).toBeVisible({ timeout: 60_000 });

  // The same period read from the demo SIAKAD (which serves the college's own rows): nothing to change.
  await chooseOption(page, page.locator('main'), 'Periode SIAKAD', `${period.label} (${period.kode})`);
  await page.getByRole('button', { name: 'Baca dari SIAKAD' }).click();
  await expect(page.getByText('Menunggu diterapkan')).toBeVisible({ timeout: 60_000 });
  await expectPreviewRows(summary, [
    ['Periode', '0', '0', '1', '0'],
    ['Kelas', '0', '0', '1', '0'],
    ['Peserta Kelas', '0', '0', '2', '0'],
  ]);
  await screenshotBothWidths(page, 'move-in-siakad-preview', { animations: 'disabled' });
  await page.getByRole('button', { name: 'Terapkan' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Terapkan' }).click();
  await expect(page.getByText('Selesai diterapkan')).toBeVisible({ timeout: 60_000 });

  await page.goto(`/kelas?search=${encodeURIComponent(courseName)}`);
  await expect(page.getByText(courseName).first()).toBeVisible({ timeout: 30_000 });
});

test('the operator adds a second operator and gives them rights, which they then have', async ({ page }) => {
  await signIn(page, moveIn.username, moveIn.password);
  const menu = page.getByRole('navigation', { name: 'Menu utama' });
  await menu.getByRole('menuitem', { name: 'Pengguna' }).click();
  await page.getByRole('button', { name: 'Tambah Pengguna' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah Pengguna' });
  await chooseOption(page, dialog, 'Peran', 'Operator');
  await dialog.getByLabel('Nama Lengkap').fill(secondOperator.nama);
  await dialog.getByLabel('Username').fill(secondOperator.username);
  await dialog.getByLabel('Email').fill('operator.akademik@pindahan.ac.id');
  await dialog.getByLabel('Password Awal').fill(secondOperator.password);
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();

  await menu.getByText('Hak Akses Operator').click();
  await expect(page).toHaveURL(/\/hak-akses-operator$/);
  await page.getByRole('button', { name: `Ubah Hak Akses ${secondOperator.nama}` }).click();
  const rights = page.getByRole('dialog', { name: 'Hak Akses Operator LMS' });
  const kelas = rights.getByRole('radiogroup', { name: 'Hak akses Kelas Kuliah' });
  await kelas.getByText('Lihat', { exact: true }).click();
  await expect(kelas.getByRole('radio', { name: 'Lihat' })).toBeChecked();
  await rights.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Hak akses operator berhasil disimpan')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(secondOperator.nama) })).toContainText(
    'Kelas Kuliah: Lihat',
  );
  await screenshotBothWidths(page, 'move-in-operator-rights');
  await signOut(page);

  // The second operator finds the loaded class, and has no way to change rights.
  await signIn(page, secondOperator.username, secondOperator.password);
  await expect(menu.getByText('Hak Akses Operator')).toHaveCount(0);
  await page.goto(`/kelas?search=${encodeURIComponent(courseName)}`);
  await expect(page.getByText(courseName).first()).toBeVisible({ timeout: 30_000 });
});

test('the operator turns on campus sign-in; a loaded student signs in there and sees their class', async ({
  page,
}) => {
  await signIn(page, moveIn.username, moveIn.password);
  await page.goto('/konfigurasi');
  await page.getByRole('tab', { name: 'SSO Kampus' }).click();
  await page.getByLabel('URL Penerbit (Issuer)').fill(moveInOidcIssuer);
  await page.getByLabel('Client ID').fill(oidcClient.id);
  await page.getByLabel('Client Secret').fill(oidcClient.secret);
  await page.getByRole('radio', { name: /NIM \/ NIDN/ }).check();
  await page.getByLabel('Nama klaim berisi NIM / NIDN').fill('nim');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Pengaturan SSO Kampus berhasil disimpan.')).toBeVisible();
  await expect(page.getByText(`/v2/oidc/callback/${moveIn.college}`)).toBeVisible();
  await signOut(page);

  // The sign-in page shows the college's logo and offers the campus sign-in.
  const loginLogo = page.getByRole('img', { name: 'Logo perguruan tinggi' });
  await expect.poll(() => loginLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
  await screenshotBothWidths(page, 'move-in-sign-in-page');
  await signInAtProvider(page, student.nim);
  await expect(page).toHaveURL(/\/beranda$/, { timeout: 30_000 });
  await expect(page.getByText(student.nama).first()).toBeVisible();
  const dashboardClass = page.locator('.dashboard-class').filter({ hasText: courseName });
  await expect(dashboardClass).toBeVisible();
  await screenshotBothWidths(page, 'move-in-student-beranda');
});
