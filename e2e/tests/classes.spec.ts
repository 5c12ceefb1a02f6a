import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import type { ClassListItem } from '@lms/contract/class.schema';
import {
  api,
  chooseOption,
  expectNoSeriousAxeViolations,
  screenshot,
  signIn,
  clickListItem,
  screenshotBothWidths,
  openClassMembers,
} from './helpers.ts';
import { claimFirst } from './test-data.ts';

// Each test walks through several screens and takes two screenshots of each on a shared 2-core machine.
test.describe.configure({ timeout: 180_000 });

/** Opens the select labelled `label` in `scope`, picks `option`, and waits until the select shows it. */
async function chooseInSelect(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await chooseOption(page, scope, label, option);
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** The open modal with a title. */
function modal(page: Page, title: string): Locator {
  return page.getByRole('dialog').filter({ has: page.getByText(title, { exact: true }) });
}

// A 1×1 transparent PNG.
const smallPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('a student sees their classes as cards and opens one', async ({ page }) => {
  await signIn(page, 'mahasiswa');
  await page.goto('/kelas');
  const cards = page.getByTestId('class-card');
  await expect(cards).toHaveCount(7, { timeout: 30_000 });
  await expect(page.getByRole('combobox', { name: 'Periode' })).toBeVisible();
  await expect(page.getByText('Periode 2026/2027 Ganjil').first()).toBeVisible();
  await screenshotBothWidths(page, 'kelas-mahasiswa', { animations: 'disabled' });

  // The phone cards offer their meetings in a dropdown (Pendahuluan first and chosen); a pick opens it.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByRole('combobox', { name: 'Pilih Pertemuan' })).toHaveCount(7);
  const picker = cards.filter({ hasText: 'IF2102' }).getByRole('combobox', { name: 'Pilih Pertemuan' });
  await picker.scrollIntoViewIfNeeded();
  await picker.click();
  const list = page.locator('.ant-select-dropdown:visible');
  await expect(list.locator('.ant-select-item-option-selected')).toHaveText(/^Pertemuan 1 · Pendahuluan/);
  await screenshot(page, 'kelas-mahasiswa-pilih-pertemuan-375', { animations: 'disabled' });
  const second = list.locator('.ant-select-item-option').nth(1);
  const secondTitle = (await second.getAttribute('title'))!.replace(/^Pertemuan 2 · /, '');
  await clickListItem(page, second);
  await expect(page).toHaveURL(/\/kelas\/20261_01_IF2102\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: secondTitle, level: 2 })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });

  // The class page: cards, meeting list, no change buttons for a student.
  await page.goto('/kelas');
  await cards.filter({ hasText: 'IF2102' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/kelas\/20261_01_IF2102$/);
  await expect(page).toHaveTitle('Kelas - LMS Mahasiswa');
  for (const name of ['Data Kelas', 'Data Peserta', 'Data Pengajar', 'Data Pertemuan']) {
    await expect(page.getByRole('region', { name })).toBeVisible();
  }
  const meetings = page.getByRole('region', { name: 'Data Pertemuan' });
  await expect(meetings.getByText('(16 Pertemuan)')).toBeVisible();
  await expect(page.getByTestId('ketua-kelas')).toContainText('Rizky Aditya Pratama');
  for (const name of ['Ubah Kelas', 'Ubah Ketua Kelas', 'Ubah Jabatan', 'Pengaturan Kelas']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  await expectNoSeriousAxeViolations(page);
  await screenshotBothWidths(page, 'kelas-detail-mahasiswa', { animations: 'disabled' });

  await meetings.getByPlaceholder('Cari judul pertemuan').fill('Pendahuluan');
  await expect(meetings.getByTestId('meeting-card')).toHaveCount(1);
  await expect(meetings.getByText('(1 Pertemuan)')).toBeVisible();
  await expect(meetings.getByTestId('meeting-card')).toHaveAttribute(
    'href',
    /\/kelas\/20261_01_IF2102\/[0-9a-f-]{36}$/,
  );

  // Data Silabus: syllabus, RPS and evaluation plan; no Ubah Data RPS for a student.
  await page.getByRole('button', { name: 'Lihat Silabus, RPS, dan RE' }).click();
  const silabus = modal(page, 'Data Silabus');
  await expect(silabus.getByText('Mata kuliah Basis Data (3 SKS)', { exact: false })).toBeVisible();
  await expect(silabus.getByRole('button', { name: 'Ubah Data RPS' })).toHaveCount(0);
  await screenshotBothWidths(page, 'modal-data-silabus', { fullPage: false, animations: 'disabled' });
  await silabus.getByRole('tab', { name: 'RPS' }).click();
  await expect(silabus.getByRole('row')).toHaveCount(17);
  await screenshotBothWidths(page, 'modal-data-silabus-rps', { fullPage: false, animations: 'disabled' });
  await silabus.getByRole('tab', { name: 'Rencana Evaluasi' }).click();
  await expect(silabus.getByText('100%')).toBeVisible();
  await page.keyboard.press('Escape');

  // Anggota Kelas: the real lists.
  await page.getByRole('button', { name: 'Anggota Kelas' }).click();
  const members = modal(page, 'Anggota Kelas');
  await expect(members.getByRole('tab', { name: 'Mahasiswa (40)' })).toBeVisible();
  await expect(members.getByText('Rizky Aditya Pratama')).toBeVisible();
  // Students search their classmates but do not export them (the server refuses them too).
  await expect(members.getByRole('textbox', { name: 'Cari NIM atau nama mahasiswa' })).toBeVisible();
  await expect(members.getByRole('button', { name: 'Export Excel' })).toHaveCount(0);
  await screenshotBothWidths(page, 'modal-anggota-kelas', { fullPage: false, animations: 'disabled' });
  await members.getByRole('tab', { name: 'Pengajar (3)' }).click();
  await expect(members.getByText('Dr. Budi Santoso, S.Kom., M.Kom.')).toBeVisible();
  await page.keyboard.press('Escape');

  // Profil Kelas: modal and page.
  await page.getByRole('button', { name: 'Profil Kelas' }).click();
  const profile = modal(page, 'Profil Kelas');
  await expect(profile.getByText('Kampus Dago')).toBeVisible();
  await screenshotBothWidths(page, 'modal-profil-kelas', { fullPage: false, animations: 'disabled' });
  await profile.getByRole('button', { name: 'Buka Halaman Profil' }).click();
  await expect(page).toHaveURL(/\/kelas\/20261_01_IF2102\/profil$/);
  await expect(page.getByLabel('Profil kelas', { exact: true })).toContainText('Team Teaching');
  await screenshotBothWidths(page, 'kelas-profil', { animations: 'disabled' });
});

test('a lecturer who coordinates the course sees Ubah Data RPS', async ({ page }) => {
  await signIn(page, 'dosen');
  await page.goto('/kelas');
  await expect(page.getByTestId('class-card')).toHaveCount(4);
  await page.goto('/kelas/20261_01_IF2102');
  await expect(page.getByRole('button', { name: 'Pengaturan Kelas' })).toBeVisible();
  // Data Pertemuan's title is whole beside (1280) or above (375) Rekap Kehadiran Kelas, never cut.
  const meetings = page.getByRole('region', { name: 'Data Pertemuan' });
  const meetingsTitle = meetings.locator('.plain-card__title');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await expect(meetingsTitle).toHaveText(/^Data Pertemuan \(16 Pertemuan\)$/);
    await expect(meetings.getByRole('link', { name: 'Rekap Kehadiran Kelas' })).toBeVisible();
    expect(await meetingsTitle.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await meetingsTitle.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await screenshot(page, `kelas-detail-dosen-data-pertemuan-${width}`, { animations: 'disabled' });
  }
  // Likewise Kehadiran Pertemuan's title beside its Rekap Kehadiran Kelas link.
  const meetingHref = await meetings.getByTestId('meeting-card').first().getAttribute('href');
  await page.goto(`${meetingHref}/kehadiran`);
  const attendance = page.locator('.meeting-attendance-card');
  const attendanceTitle = attendance.locator('.ant-card-head-title');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await expect(attendanceTitle).toHaveText('Kehadiran Pertemuan');
    await expect(attendance.getByRole('link', { name: 'Rekap Kehadiran Kelas' })).toBeVisible();
    expect(await attendanceTitle.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await screenshot(page, `kehadiran-pertemuan-dosen-${width}`, { animations: 'disabled' });
  }
  await page.goto('/kelas/20261_01_IF2102');
  await expect(page.getByRole('button', { name: 'Ubah Ketua Kelas' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ubah Kelas' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Lihat Silabus, RPS, dan RE' }).click();
  const silabus = modal(page, 'Data Silabus');
  await expect(silabus.getByRole('button', { name: 'Ubah Data RPS' })).toBeVisible();
  await expect(silabus.getByRole('button', { name: 'Ubah Silabus' })).toBeVisible();
  await silabus.getByRole('button', { name: 'Ubah Silabus' }).click();
  const edit = modal(page, 'Ubah Silabus');
  await expect(edit.getByLabel('Teks Silabus')).toHaveValue(/Mata kuliah Basis Data/);
  await screenshotBothWidths(page, 'modal-ubah-silabus', { fullPage: false, animations: 'disabled' });
});

/** The students Anggota Kelas lists now: NIM and name of each. */
async function listedMembers(members: Locator): Promise<Array<{ nim: string; nama: string }>> {
  const items = members.getByRole('tabpanel').locator('.ant-list-item');
  const titles = await items.locator('.ant-list-item-meta-title').allInnerTexts();
  const descriptions = await items.locator('.ant-list-item-meta-description').allInnerTexts();
  return titles.map((nama, i) => ({ nama: nama.trim(), nim: descriptions[i]!.split(' · ')[0]!.trim() }));
}

test('a lecturer searches Anggota Kelas by name and NIM and exports it to Excel', async ({ page }) => {
  await signIn(page, 'dosen');
  await page.goto('/kelas/20261_01_IF2102');
  await expect(page.getByRole('heading', { name: 'Basis Data', exact: true, level: 2 })).toBeVisible();
  const members = await openClassMembers(page);
  const tab = members.getByRole('tab', { name: /^Mahasiswa \(\d+\)$/ });
  await expect(tab).toBeVisible();
  const total = Number(/\((\d+)\)/.exec(await tab.innerText())![1]);
  const items = members.getByRole('tabpanel').locator('.ant-list-item');
  await expect(items).toHaveCount(total);
  const everyone = await listedMembers(members);
  const search = members.getByRole('textbox', { name: 'Cari NIM atau nama mahasiswa' });

  // Part of a name, in other letter case: only students whose name or NIM holds it.
  const someone = everyone[3]!;
  const part = someone.nama.split(' ')[0]!.slice(1, 5);
  const expected = everyone.filter(
    (p) => p.nama.toLowerCase().includes(part.toLowerCase()) || p.nim.includes(part),
  );
  await search.fill(part.toUpperCase());
  await expect(items).toHaveCount(expected.length);
  expect(await listedMembers(members)).toEqual(expected);
  await expect(members.getByText(`${expected.length} dari ${total} mahasiswa`)).toBeVisible();
  await screenshotBothWidths(page, 'modal-anggota-kelas-cari-nama', {
    fullPage: false,
    animations: 'disabled',
  });

  // A whole NIM: that one student.
  await search.fill(someone.nim);
  await expect(items).toHaveCount(1);
  expect(await listedMembers(members)).toEqual([someone]);
  await search.fill('tidak-ada-yang-cocok');
  await expect(members.getByText('Tidak ada mahasiswa dengan NIM atau nama tersebut.')).toBeVisible();

  // Cleared: everyone again; Export Excel saves them all as a workbook, in the order listed.
  await search.clear();
  await expect(items).toHaveCount(total);
  const downloading = page.waitForEvent('download');
  await members.getByRole('button', { name: 'Export Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^anggota-kelas-IF2102-.*\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Mahasiswa')!;
  expect(sheet.getRow(1).values).toEqual([undefined, 'No', 'NIM', 'Nama', 'Prodi', 'Angkatan', 'Jabatan']);
  const rows: Array<{ nim: string; nama: string }> = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push({ nim: String(row.getCell(2).value), nama: String(row.getCell(3).value) });
  });
  expect(rows).toHaveLength(total);
  expect(new Set(rows.map((r) => r.nim))).toEqual(new Set(everyone.map((p) => p.nim)));
  expect(rows.find((r) => r.nim === someone.nim)?.nama).toBe(someone.nama);
  expect(workbook.getWorksheet('Pengajar')!.rowCount).toBeGreaterThan(1);
});

test('an operator with read sees the table and no change buttons', async ({ page }) => {
  await signIn(page, 'operator.lihat');
  await page.goto('/kelas');
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('button', { name: /Lihat Akuntansi Biaya/ }).click();
  await expect(page).toHaveURL(/\/kelas\/20261_01_AK2102$/);
  await expect(page.getByRole('region', { name: 'Data Kelas' })).toBeVisible();
  for (const name of ['Ubah Kelas', 'Ubah Ketua Kelas', 'Ubah Jabatan', 'Pengaturan Kelas']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: 'Lihat Silabus, RPS, dan RE' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Operators get the meeting table (spec 2 §2); Lihat opens the meeting on /pertemuan/{id}.
  const meetings = page.getByRole('region', { name: 'Data Pertemuan' });
  for (const name of [
    'No',
    'Mata Kuliah',
    'Kelas',
    'Pertemuan',
    'Judul',
    'Jenis',
    'Metode',
    'Status',
    'Waktu',
  ]) {
    await expect(meetings.getByRole('columnheader', { name, exact: true })).toBeVisible();
  }
  const rows = meetings.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(10);
  await expect(meetings.getByText('(16 Pertemuan)')).toBeVisible();
  await expect(rows.first()).toContainText('Pendahuluan');
  await expect(rows.first()).toContainText('WIB');
  await screenshotBothWidths(page, 'kelas-detail-operator-pertemuan', { animations: 'disabled' });
  // Phones get cards instead of ten columns, leading to the same /pertemuan/{id}.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(meetings.getByTestId('meeting-card').first()).toHaveAttribute('href', /^\/pertemuan\//);
  await meetings.scrollIntoViewIfNeeded();
  await screenshot(page, 'kelas-detail-operator-pertemuan-kartu-375', { animations: 'disabled' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });
  await meetings.getByRole('button', { name: 'Lihat Pertemuan 1', exact: true }).click();
  await expect(page).toHaveURL(/\/pertemuan\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: /^Pendahuluan/, level: 2 })).toBeVisible();
  await expect(page).toHaveTitle('Pertemuan - LMS Mahasiswa');
});

test('an operator with write changes class data, the class head and a teacher role', async ({ page }) => {
  await signIn(page, 'operator');
  // A class with two teachers, claimed (Pengantar Manajemen first; a repeat running beside takes another):
  // every change below is made from what the class holds now.
  const classes = await api<ClassListItem[]>(page, 'GET', '/v2/lms/kelas_kuliah?periode=20261&per_page=100');
  const kelas = claimFirst(
    classes
      .filter((c) => c.pengajar.length === 2)
      .sort((a, b) => Number(b.id === '20261_01_MN1101') - Number(a.id === '20261_01_MN1101')),
    'class with two teachers',
  );
  await page.goto(`/kelas/${kelas.id}`);
  const dataCard = page.getByRole('region', { name: 'Data Kelas' });
  await expect(dataCard).toBeVisible();

  // Ubah Kelas.
  await page.getByRole('button', { name: 'Ubah Kelas' }).click();
  const dataModal = modal(page, 'Ubah Data Kelas');
  await expect(dataModal.getByLabel('Kapasitas')).toBeVisible();
  await screenshotBothWidths(page, 'modal-ubah-kelas', { fullPage: false, animations: 'disabled' });
  await dataModal.getByLabel('Kapasitas').fill('55');
  // The campus is a choice of the college's campuses (GET /v2/lms/kampus).
  await expect(dataModal.getByLabel('Kampus')).toBeEnabled();
  // Another campus than the current one shows only once the whole list has come; the pick hovers first
  // (a plain click on the list while it still animated in did not take in CI, 27 Nov 2026).
  await chooseInSelect(page, dataModal, 'Kampus', 'Kampus Soekarno-Hatta');
  await dataModal.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Data kelas berhasil diubah')).toBeVisible();
  // The seed's enrolment counts depend on the day it ran; the capacity is what was changed.
  await expect(dataCard).toContainText(/Kapasitas\s*\d+ \/ 55/);
  await expect(dataCard).toContainText('Kampus Soekarno-Hatta');

  // Ubah Ketua Kelas: search (1 s debounce), choose, save.
  await page.getByRole('button', { name: 'Ubah Ketua Kelas' }).click();
  const headModal = modal(page, 'Ubah Ketua Kelas');
  const radios = headModal.getByRole('radio');
  await expect(radios.nth(1)).toBeVisible();
  await screenshotBothWidths(page, 'modal-ubah-ketua-kelas', { fullPage: false, animations: 'disabled' });
  // A student who is not the head yet (the head's radio is the checked one), so the test can run again.
  const candidates = headModal.locator('label.ant-radio-wrapper:not(.ant-radio-wrapper-checked)');
  const third = (await candidates.nth(2).innerText()).trim();
  const nim = /\((\d+)\)/.exec(third)![1]!;
  await headModal.getByLabel('Cari peserta').fill(nim);
  await expect(headModal.locator('label.ant-radio-wrapper')).toHaveCount(2);
  await headModal.getByText(`(${nim})`).click();
  await headModal.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Ketua kelas berhasil diubah')).toBeVisible();
  await expect(page.getByTestId('ketua-kelas')).toContainText(nim);

  // Ubah Jabatan (two teachers): the second becomes Asisten (or Dosen when an earlier run made them Asisten).
  await page.getByRole('button', { name: 'Ubah Jabatan' }).click();
  const roleModal = modal(page, 'Ubah Jabatan Pengajar');
  const selects = roleModal.getByRole('combobox');
  await expect(selects).toHaveCount(2);
  await screenshotBothWidths(page, 'modal-ubah-jabatan', { fullPage: false, animations: 'disabled' });
  const secondRole = roleModal.locator('.ant-select').nth(1).locator('.ant-select-content');
  // Read the current role only once the select shows one, and pick again if a busy machine lost the
  // click: choosing the role already there leaves Simpan disabled.
  await expect(secondRole).toHaveText(/^(Dosen Koordinator|Dosen|Asisten)$/);
  const role = (await secondRole.innerText()).trim() === 'Asisten' ? 'Dosen' : 'Asisten';
  await expect(async () => {
    await selects.nth(1).click();
    await clickListItem(page, page.locator('.ant-select-dropdown:visible').getByTitle(role, { exact: true }));
    await expect(secondRole).toHaveText(role, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await roleModal.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Jabatan pengajar berhasil diubah')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Data Pengajar' }).getByText(role, { exact: true }).first(),
  ).toBeVisible();
  await screenshotBothWidths(page, 'kelas-detail-operator', { animations: 'disabled' });
});

test('banner upload refuses a too-large file, then takes a small PNG', async ({ page }) => {
  await signIn(page, 'operator');
  await page.goto('/kelas/20261_01_MN1102');
  await page.getByRole('button', { name: 'Pengaturan Kelas' }).click();
  const settings = modal(page, 'Pengaturan Kelas');
  await expect(settings.getByRole('radio', { name: 'Banner bawaan 1' })).toBeVisible();
  await screenshotBothWidths(page, 'modal-pengaturan-kelas', { fullPage: false, animations: 'disabled' });
  await settings.getByRole('button', { name: 'Unggah Banner' }).click();

  const upload = modal(page, 'Unggah Banner Kelas');
  const big = Buffer.alloc(2_100_000);
  smallPng.copy(big, 0, 0, 16);
  await upload
    .locator('input[type=file]')
    .setInputFiles({ name: 'besar.png', mimeType: 'image/png', buffer: big });
  await expect(upload.getByText('Ukuran file melebihi batas maksimal')).toBeVisible();
  await expect(upload.getByText('Ukuran file tidak boleh lebih dari 2.00MB.')).toBeVisible();
  await expect(upload.getByRole('button', { name: 'Simpan' })).toBeDisabled();
  await screenshotBothWidths(page, 'modal-unggah-banner-terlalu-besar', {
    fullPage: false,
    animations: 'disabled',
  });

  await upload
    .locator('input[type=file]')
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: smallPng });
  await expect(upload.getByText('Ukuran file melebihi batas maksimal')).toHaveCount(0);
  await upload.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Banner berhasil diunggah')).toBeVisible();
  await expect(page.locator('.class-hero [data-banner]')).toHaveAttribute('data-banner', 'uploaded');
  await expect(settings.getByRole('button', { name: 'Hapus Banner' })).toBeVisible();

  // Removing it brings back the default banner.
  await settings.getByRole('button', { name: 'Hapus Banner' }).click();
  await expect(page.getByText('Banner berhasil dihapus')).toBeVisible();
  await expect(page.locator('.class-hero [data-banner]')).toHaveAttribute('data-banner', /^default-/);
});

test('the operator table searches, filters and pages through the address bar', async ({ page }) => {
  await signIn(page, 'operator');
  await page.goto('/kelas');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  // The first list of a fresh server on a busy machine can take a while.
  await expect(rows).toHaveCount(5, { timeout: 30_000 });
  await expect(rows.first().locator('td').first()).toHaveText('1');
  for (const name of [
    'No',
    'Periode',
    'Mata Kuliah',
    'Kelas',
    'Pengajar',
    'SKS',
    'Peserta',
    'Pertemuan',
    'Prodi Matkul',
    'Prodi Kelas',
  ]) {
    await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
  }
  await screenshotBothWidths(page, 'kelas-operator', { animations: 'disabled' });

  // Page 2 numbers from 6; a new page size goes back to page 1.
  await page.getByRole('button', { name: 'Halaman 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows.first().locator('td').first()).toHaveText('6');
  await page.getByRole('combobox', { name: 'Jumlah data per halaman' }).selectOption('10');
  await expect(page).toHaveURL(/per_page=10/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(rows).toHaveCount(10);

  // Search.
  await page.getByRole('textbox', { name: 'Cari kelas' }).fill('Basis');
  await expect(page).toHaveURL(/search=Basis/);
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Basis Data');

  // Side filter: Prodi Matkul Sistem Informasi.
  await page.getByRole('textbox', { name: 'Cari kelas' }).clear();
  await expect(page).not.toHaveURL(/search=/);
  await page.getByRole('button', { name: 'Filter' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Filter Kelas' });
  // Each choice is confirmed (shown in its select, its list closed) before the next select is opened,
  // so a list still closing cannot take the next click.
  await chooseInSelect(page, drawer, 'Prodi Matkul', 'S1 Sistem Informasi');
  await chooseInSelect(page, drawer, 'Status', 'Sedang Berlangsung');
  await screenshotBothWidths(page, 'kelas-operator-filter', { fullPage: false, animations: 'disabled' });
  await drawer.getByRole('button', { name: 'Terapkan' }).click();
  await expect(page).toHaveURL(/id_prodi_mata_kuliah=demo-si/);
  await expect(page).toHaveURL(/status=berlangsung/);
  await expect(rows).toHaveCount(5);
  for (const row of await rows.all()) await expect(row).toContainText('S1 Sistem Informasi');

  // The filters survive a reload (they are in the address bar); Reset Filter clears them.
  await page.reload();
  await expect(rows).toHaveCount(5);
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('button', { name: 'Reset Filter' }).click();
  await expect(page).not.toHaveURL(/id_prodi_mata_kuliah/);
  await expect(page).toHaveURL(/periode=20261/);

  // Phones get cards with the row's data, Pilih Pertemuan and the row's actions as 44 px targets.
  await page.setViewportSize({ width: 375, height: 740 });
  const card = page.getByTestId('class-card').first();
  await expect(card).toBeVisible();
  await expect(card.getByRole('combobox', { name: 'Pilih Pertemuan' })).toBeVisible();
  for (const term of ['Pengajar', 'SKS', 'Peserta', 'Pertemuan', 'Prodi Matkul', 'Prodi Kelas']) {
    await expect(card.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) })).toBeVisible();
  }
  const bap = card.getByRole('button', { name: /^Unduh BAP / });
  const view = card.getByRole('button', { name: /^Lihat / });
  for (const target of [bap, view, card.locator('.ant-select')]) {
    expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(page, 'kelas-operator-cards-375', { fullPage: true });
  await card.locator('.class-card-footer').evaluate((e) => e.scrollIntoView({ block: 'center' }));
  await screenshot(page, 'kelas-operator-card-aksi-375', { animations: 'disabled' });
  const courseName = (await card.locator('.class-highlight-card__name').innerText()).trim();
  await bap.click();
  const bapModal = modal(page, 'Unduh BAP');
  await expect(bapModal).toContainText(courseName);
  await screenshot(page, 'kelas-operator-cards-unduh-bap-375', { animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(bapModal).toBeHidden();
  await view.click();
  await expect(page).toHaveURL(/\/kelas\/[^/]+$/);
  await expect(page.getByRole('region', { name: 'Data Kelas' })).toBeVisible();
});

// A class no other spec uses, so the changed syllabus of its course (IF3103) disturbs nothing else.
test('an operator with Update on Data Master saves the syllabus text and file', async ({ page }) => {
  await signIn(page, 'operator');
  await page.goto('/kelas/20261_01_IF3103');
  await page.getByRole('button', { name: 'Lihat Silabus, RPS, dan RE' }).click();
  let silabus = modal(page, 'Data Silabus');
  await silabus.getByRole('button', { name: 'Ubah Silabus' }).click();
  const edit = modal(page, 'Ubah Silabus');
  const text = `Silabus uji ${Date.now()}: pengantar, metode, dan evaluasi.`;
  await edit.getByLabel('Teks Silabus').fill(text);
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
  await edit.locator('input[type=file]').setInputFiles({
    name: 'silabus-if3103.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  await expect(edit.getByText('silabus-if3103.pdf')).toBeVisible();
  await edit.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Silabus berhasil diubah')).toBeVisible();

  // After a reload both come from the server.
  await page.reload();
  await page.getByRole('button', { name: 'Lihat Silabus, RPS, dan RE' }).click();
  silabus = modal(page, 'Data Silabus');
  await expect(silabus.getByText(text)).toBeVisible();
  const link = silabus.getByRole('link', { name: /silabus-if3103\.pdf/ });
  await expect(link).toBeVisible();
  const file = await page.request.get((await link.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect((await file.body()).equals(pdf)).toBe(true);
  await silabus.getByRole('button', { name: 'Ubah Silabus' }).click();
  await expect(modal(page, 'Ubah Silabus').getByLabel('Teks Silabus')).toHaveValue(text);
});
