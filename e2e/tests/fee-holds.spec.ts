import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { api, demoPassword, expectNoSeriousAxeViolations, screenshotBothWidths, signIn } from './helpers.ts';
import { claimFirst } from './test-data.ts';

test.describe.configure({ timeout: 180_000 });

/**
 * Sistem Informasi students of the demo (username = NIM) that no other flow signs in as: each run of the
 * flow claims one, so repeats running side by side never hold or clear each other's student.
 */
const studentsToHold = ['2025020007', '2025020008', '2025020009'];
/** A NIM of no student: the preview lists it as unknown. */
const unknownNim = '9999999901';
const note = 'UKT semester ini belum dibayar (uji impor).';

/** Clears the student's hold through the API: the flow starts from a student without one. */
async function clearHold(page: Page, heldNim: string) {
  await api(page, 'PUT', `/v2/lms/pembatasan/tunggakan/${heldNim}`, { tunggakan: false, keterangan: '' });
}

test('an operator imports holds from the finance file; the student is refused; the hold is removed', async ({
  page,
  browser,
}) => {
  const heldNim = claimFirst(
    studentsToHold.map((nim) => ({ id: `tunggakan-${nim}`, nim })),
    'student to hold',
  ).nim;
  await signIn(page, 'operator');
  await clearHold(page, heldNim);
  await page.goto('/konfigurasi?tab=tunggakan');
  await expect(page.getByRole('heading', { name: 'Mahasiswa dengan Tunggakan' })).toBeVisible();

  // Unduh Template: the Excel the import reads, with its NIM, Status and Keterangan columns.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Unduh Template' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('template-tunggakan-biaya.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('Tunggakan')!;
  expect(sheet.getRow(1).values).toEqual([undefined, 'NIM', 'Status', 'Keterangan']);

  // The finance office fills the template: one student of the college (row 2), then 23 unknown NIMs
  // (rows 3–25), more than the preview lists.
  sheet.addRow([heldNim, 'Tunggakan', note]);
  sheet.addRow([unknownNim, '', '']);
  for (let i = 0; i < 22; i += 1) sheet.addRow([String(9999999910 + i), '', '']);
  const filled = Buffer.from(await book.xlsx.writeBuffer());

  await page.getByRole('button', { name: 'Impor', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Impor Tunggakan Biaya' });
  await expect(dialog.getByText('Tambahkan dari file (mahasiswa lain tidak berubah)')).toBeVisible();
  await expect(dialog.getByText(/Mahasiswa yang tidak ada di file tidak berubah/)).toBeVisible();
  await expect(dialog.getByText('File adalah daftar lengkap (tunggakan lain dihapus)')).toBeVisible();
  const fileInput = dialog.locator('input[type="file"]');

  // Too large on choosing: refused with the limit, nothing kept to send.
  await fileInput.setInputFiles({
    name: 'terlalu-besar.csv',
    mimeType: 'text/csv',
    buffer: Buffer.alloc(2_000_001, 'a'),
  });
  await expect(dialog.getByText('terlalu-besar.csv: Ukuran maksimal 2 MB')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Pratinjau' })).toBeDisabled();

  // A file the server cannot read: 'Unggah gagal: …' and the file is cleared.
  await fileInput.setInputFiles({ name: 'bukan-daftar.csv', mimeType: 'text/csv', buffer: Buffer.from('') });
  await dialog.getByRole('button', { name: 'Pratinjau' }).click();
  await expect(dialog.getByText(/^Unggah gagal: /)).toBeVisible();
  await expect(dialog.getByTestId('impor-tunggakan-file')).toHaveCount(0);

  await fileInput.setInputFiles({
    name: 'tunggakan-keuangan.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: filled,
  });
  await expect(dialog.getByTestId('impor-tunggakan-file')).toContainText('tunggakan-keuangan.xlsx');
  await screenshotBothWidths(page, 'tunggakan-impor', { fullPage: false });
  await dialog.getByRole('button', { name: 'Pratinjau' }).click();

  // The preview: what tambah would do, and the unknown NIMs by row; nothing is changed yet.
  const summary = dialog.getByLabel('Ringkasan pratinjau');
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('row', { name: /Baris di file/ })).toContainText('24');
  await expect(summary.getByRole('row', { name: /Ditandai baru/ })).toContainText('1');
  await expect(summary.getByRole('row', { name: /Tunggakan dihapus/ })).toContainText('0');
  const unknown = dialog.getByRole('list', { name: 'NIM tidak dikenal (23)' }).getByRole('listitem');
  await expect(unknown).toHaveCount(21);
  await expect(unknown.first()).toHaveText(`Baris 3: ${unknownNim} tidak dikenal`);
  await expect(unknown.nth(19)).toHaveText('Baris 22: 9999999928 tidak dikenal');
  await expect(unknown.last()).toHaveText('… dan 3 lainnya');
  await expectNoSeriousAxeViolations(page);
  // The list sits below the numbers: brought into view so the shots show the rows.
  await screenshotBothWidths(page, 'tunggakan-pratinjau', {
    fullPage: false,
    settle: () => dialog.getByText('NIM tidak dikenal (23)', { exact: true }).scrollIntoViewIfNeeded(),
  });

  await dialog.getByRole('button', { name: 'Impor', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(
      'Impor selesai: 1 mahasiswa ditandai, 0 tunggakan dihapus, 23 NIM tidak dikenal dilewati.',
    ),
  ).toBeVisible();

  // The list shows the student, found by NIM.
  await page.getByRole('textbox', { name: 'Cari mahasiswa dengan tunggakan' }).fill(heldNim);
  const row = page.getByRole('row', { name: new RegExp(heldNim) });
  // The search has applied (500 ms after typing): no other student is listed.
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasNotText: heldNim })).toHaveCount(
    0,
  );
  await expect(row).toContainText(note);
  await expect(row).toContainText('Sistem Informasi');
  await expect(row).toContainText('Siti Rahmawati');
  await expectNoSeriousAxeViolations(page);
  await screenshotBothWidths(page, 'tunggakan-daftar', {
    settle: () => expect(page.getByText(note)).toBeVisible(),
  });

  // The student in the file is refused, with the note from the file.
  const student = await browser.newPage();
  await student.goto('/login');
  await student.getByLabel('Username').fill(heldNim);
  await student.getByLabel('Password').fill(demoPassword);
  await student.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(student).toHaveURL(/\/forbidden$/, { timeout: 30_000 });
  await expect(student.getByText('Pembayaran biaya kuliah')).toBeVisible();
  await expect(student.getByText(note)).toBeVisible();
  await student.close();

  // Hapus Tunggakan asks first, then the list no longer has the student.
  await row.getByRole('button', { name: /^Hapus tunggakan / }).click();
  const confirm = page.getByRole('dialog', { name: 'Hapus tunggakan?' });
  await expect(confirm).toContainText(heldNim);
  await confirm.getByRole('button', { name: 'Hapus Tunggakan' }).click();
  await expect(page.getByText(/^Tunggakan .* dihapus\.$/)).toBeVisible();
  await expect(
    page.getByText('Tidak ada mahasiswa dengan tunggakan yang sesuai dengan pencarian.'),
  ).toBeVisible();
});

test('a read-only operator sees the holds but cannot import or remove', async ({ page }) => {
  await signIn(page, 'operator.lihat');
  await page.goto('/konfigurasi?tab=tunggakan');
  await expect(page.getByRole('heading', { name: 'Mahasiswa dengan Tunggakan' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Cari mahasiswa dengan tunggakan' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Impor', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Unduh Template' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Hapus tunggakan / })).toHaveCount(0);
});
