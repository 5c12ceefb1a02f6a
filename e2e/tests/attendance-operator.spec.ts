import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, screenshot, signIn, waitForAnimations } from './helpers.ts';

// The operator's day on Kehadiran Peserta (issue 45): filters, Update Kehadiran Manual, exports.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const classId = '20261_01_IF2102';

/** Picks an option of a select that searches as one types (Kelas, Dosen). */
async function searchAndPick(page: Page, label: string, typed: string, option: string): Promise<void> {
  await expect(async () => {
    await page.getByRole('combobox', { name: label, exact: true }).click();
    await page.keyboard.type(typed);
    await page
      .locator('.ant-select-dropdown:visible')
      .getByTitle(option, { exact: true })
      .click({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

test('an operator filters by programme and class, confirms Update Kehadiran Manual with its scope, sees it end and the table refresh, and exports one student', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const operator = await context.newPage();
  await signIn(operator, 'operator');
  await operator.goto('/kehadiran-peserta');
  await expect(operator.getByRole('link', { name: /^Pertemuan \d+$/ }).first()).toBeVisible();

  // Programme, then class: both go to the address bar and narrow the table.
  await operator.getByRole('combobox', { name: 'Prodi', exact: true }).click();
  await operator
    .locator('.ant-select-dropdown:visible')
    .getByTitle('S1 Informatika', { exact: true })
    .click();
  await expect(operator).toHaveURL(/id_prodi=/);
  await searchAndPick(operator, 'Kelas', 'IF2102', 'IF2102 Basis Data - 01');
  await expect(operator).toHaveURL(new RegExp(`id_kelas_kuliah=${classId}`));
  const rows = operator.locator('.ant-table-tbody tr.ant-table-row');
  // The previous page stays while the filtered one loads: wait until every row is the class's.
  await expect
    .poll(async () => {
      const texts = await rows.allInnerTexts();
      return texts.length > 0 && texts.every((text) => text.includes('IF2102 · Kelas 01'));
    })
    .toBe(true);
  await screenshot(operator, 'attendance-operator-filters-1280');

  // Every list answer, with when it came: the table must be asked again after the job ends.
  const listAnswers: number[] = [];
  operator.on('response', (response) => {
    if (/\/v2\/lms\/kehadiran_mahasiswa\?/.test(response.url())) listAnswers.push(Date.now());
  });

  await operator.getByRole('button', { name: 'Update Kehadiran Manual' }).click();
  const dialog = operator.getByRole('dialog', { name: 'Update Kehadiran Manual' });
  const scope = dialog.getByTestId('recalculation-scope');
  await expect(scope).toContainText(
    'Periode 2026/2027 Ganjil · Prodi S1 Informatika · Kelas IF2102 Basis Data - 01',
  );
  await expect(scope).toContainText(/1 kelas · \d+ mahasiswa · \d+ pertemuan/);
  await waitForAnimations(operator);
  await expectNoSeriousAxeViolations(operator);
  await screenshot(operator, 'attendance-operator-confirm-1280');
  await operator.setViewportSize({ width: 375, height: 740 });
  await waitForAnimations(operator);
  await screenshot(operator, 'attendance-operator-confirm-375');
  await operator.setViewportSize({ width: 1280, height: 800 });

  // The job takes a moment here: hold its answers at "processing" until the progress is looked at.
  let hold = true;
  const statusUrl = /\/hitung_persentase\/[0-9a-f-]{36}$/;
  await operator.route(statusUrl, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { status: string; kelas_selesai: number } };
    if (hold) body.data = { ...body.data, status: 'processing', kelas_selesai: 0 };
    await route.fulfill({ response, json: body });
  });
  await dialog.getByRole('button', { name: 'Hitung Ulang' }).click();
  const progress = operator.getByTestId('recalculation-progress');
  await expect(progress).toContainText('0 dari 1 kelas selesai');
  await expect(operator.getByRole('button', { name: 'Update Kehadiran Manual' })).toBeDisabled();
  await screenshot(operator, 'attendance-operator-progress-1280');
  await operator.setViewportSize({ width: 375, height: 740 });
  await screenshot(operator, 'attendance-operator-progress-375');
  await operator.setViewportSize({ width: 1280, height: 800 });
  hold = false;
  await expect(
    operator.getByText('Berhasil mengirimkan permintaan update persentase kehadiran'),
  ).toBeVisible();
  const done = operator.getByText('Update persentase kehadiran selesai: 1 kelas dihitung ulang.');
  await expect(done).toBeVisible({ timeout: 60_000 });
  const endedAt = Date.now();
  await expect.poll(() => listAnswers.some((at) => at >= endedAt - 2_000), { timeout: 10_000 }).toBe(true);
  await expect(operator.getByTestId('recalculation-progress')).toHaveCount(0);
  await expect(operator.getByRole('button', { name: 'Update Kehadiran Manual' })).toBeEnabled();

  await operator.setViewportSize({ width: 375, height: 740 });
  await operator.getByRole('button', { name: /Filter Lainnya/ }).click();
  await expect(operator.getByRole('combobox', { name: 'Kelas', exact: true })).toBeVisible();
  await screenshot(operator, 'attendance-operator-filters-375', { fullPage: true });
  await operator.setViewportSize({ width: 1280, height: 800 });

  // One student's attendance across their classes, from Detail data kehadiran of the class recap.
  await operator.goto(`/kehadiran-peserta/${classId}`);
  await operator
    .getByRole('button', { name: /^Pertemuan 1 / })
    .first()
    .click();
  const detail = operator.getByRole('dialog', { name: 'Detail data kehadiran' });
  const exportButton = detail.getByRole('button', { name: 'Export Kehadiran Mahasiswa' });
  await expect(exportButton).toBeVisible();
  const downloading = operator.waitForEvent('download');
  await exportButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^kehadiran-\d+-.*\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Kehadiran Mahasiswa')!;
  const headers = (sheet.getRow(1).values as unknown[]).map(String);
  const column = (name: string) => headers.indexOf(name);
  expect(sheet.rowCount).toBeGreaterThan(1);
  expect(sheet.getRow(2).getCell(column('Periode')).value).toBe('2026/2027 Ganjil');
  expect(sheet.getRow(2).getCell(column('Progress')).numFmt).toBe('0.0 "%"');
  await screenshot(operator, 'attendance-operator-detail-export-1280');
  await operator.setViewportSize({ width: 375, height: 740 });
  await exportButton.scrollIntoViewIfNeeded();
  await expect(exportButton).toBeInViewport();
  await screenshot(operator, 'attendance-operator-detail-export-375');
  await context.close();
});
