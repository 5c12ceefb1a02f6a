import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { api, expectNoSeriousAxeViolations, signIn, screenshotBothWidths } from './helpers.ts';
import { uniqueTitle } from './test-data.ts';

test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** The server's GIFT fixture with one more question, outside our rules (two options): it is skipped. */
const giftFile = {
  name: 'soal.gift',
  mimeType: 'text/plain',
  buffer: Buffer.concat([
    readFileSync(
      fileURLToPath(
        new URL('../../apps/server/src/modules/question-import/fixtures/soal.gift', import.meta.url),
      ),
    ),
    Buffer.from('\n::Dua pilihan:: Warna langit pada siang hari? {=biru ~merah}\n'),
  ]),
};

/** The downloaded template of the modal, filled with rows from row 2, as an upload. */
async function fillTemplate(path: string, rows: string[][]) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const sheet = book.worksheets[0]!;
  rows.forEach((values, i) =>
    values.forEach((value, c) => {
      if (value) sheet.getRow(i + 2).getCell(c + 1).value = value;
    }),
  );
  return {
    name: 'soal-pilihan.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await book.xlsx.writeBuffer()),
  };
}

async function openImport(page: Page) {
  await page.getByRole('button', { name: /Tambah Soal/ }).click();
  await page.getByRole('menuitem', { name: 'Impor Soal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Impor Soal' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a lecturer imports an Excel template and a GIFT file into a bank and exports it as Moodle XML', async ({
  browser,
}) => {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(page, 'dosen');
  const judul = uniqueTitle('Impor E2E');
  const me = await api<{ id: string }>(page, 'GET', '/v2/user_info');
  const courses = await api<Array<{ id: string }>>(
    page,
    'GET',
    `/v2/lms/mata_kuliah/ref?id_dosen=${me.id}&ignore_default_pagination=true`,
  );
  const bank = await api<{ id: string }>(page, 'POST', '/v2/lms/bank_soal', {
    judul,
    deskripsi: 'Bank untuk uji impor',
    id_mata_kuliah: courses[0]!.id,
    ditampilkan: true,
  });
  await page.goto(`/bank-soal/${bank.id}`);
  await expect(page.getByText('Belum ada soal yang tersedia pada bank soal ini.')).toBeVisible();

  // Excel: the template of the kind, first with a row missing its key (nothing imported), then right.
  let dialog = await openImport(page);
  await expectNoSeriousAxeViolations(page);
  // Six Excel kinds, each with its template button, fit a phone.
  await expect(dialog.getByRole('button', { name: /Template/ })).toHaveCount(6);
  await screenshotBothWidths(page, 'question-import-form');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /Template Pilihan Ganda$/ }).click();
  const template = await downloading;
  expect(template.suggestedFilename()).toBe('template-impor-soal-pilihan.xlsx');
  const templatePath = test.info().outputPath('template.xlsx');
  await template.saveAs(templatePath);
  await dialog.getByText('Pilihan Ganda', { exact: true }).click();
  await dialog.locator('input[type=file]').setInputFiles([
    await fillTemplate(templatePath, [
      ['1', 'Ibu kota Indonesia adalah ...', 'Bandung', 'Jakarta', 'Surabaya', '', '', 'B'],
      ['2', 'Planet terbesar adalah ...', 'Bumi', 'Mars', 'Jupiter', '', '', ''],
    ]),
  ]);
  await expect(dialog.getByText('soal-pilihan.xlsx')).toBeVisible();
  await dialog.getByRole('button', { name: 'Impor', exact: true }).click();
  await expect(dialog.getByText('Impor Gagal', { exact: true })).toBeVisible();
  await expect(
    dialog.getByText('Baris 3, kolom H (Kunci Jawaban): Kunci jawaban wajib dipilih'),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshotBothWidths(page, 'question-import-gagal');
  await dialog.getByRole('button', { name: 'Impor Ulang' }).click();
  await expect(dialog.getByText('Klik atau seret file ke area ini')).toBeVisible();
  await dialog.getByText('Pilihan Ganda', { exact: true }).click();
  await dialog.locator('input[type=file]').setInputFiles([
    await fillTemplate(templatePath, [
      ['1', 'Ibu kota Indonesia adalah ...', 'Bandung', 'Jakarta', 'Surabaya', '', '', 'B'],
      ['2', 'Planet terbesar adalah ...', 'Bumi', 'Mars', 'Jupiter', '', '', 'C'],
    ]),
  ]);
  await dialog.getByRole('button', { name: 'Impor', exact: true }).click();
  await expect(dialog.getByText('2 soal akan diimpor.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Impor 2 Soal' }).click();
  await expect(dialog.getByText('Impor Berhasil', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Berhasil mengimpor 2 soal.')).toBeVisible();
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Tutup' }).click();
  await expect(page.getByTestId('bank-question')).toHaveCount(2);

  // GIFT: a preview first (what will be added, what is skipped and why), nothing added until confirmed.
  dialog = await openImport(page);
  await dialog.locator('label.ant-radio-button-wrapper').filter({ hasText: 'GIFT' }).click();
  await dialog.locator('input[type=file]').setInputFiles([giftFile]);
  await dialog.getByRole('button', { name: 'Impor', exact: true }).click();
  await expect(dialog.getByText('10 soal akan diimpor, 2 soal dilewati.')).toBeVisible();
  await expect(
    dialog.getByText('Proses tumbuhan membuat makanan dengan bantuan cahaya disebut'),
  ).toBeVisible();
  const skipped = dialog.getByRole('list', { name: 'Soal yang dilewati (2)' });
  await expect(
    skipped.getByText('Soal ke-12 (baris 38) "Dua pilihan": Pilihan jawaban minimal 3'),
  ).toBeVisible();
  await expect(
    skipped.getByText(
      'Soal ke-11 (baris 36) "Bagian ini hanya keterangan tanpa jawaban.": Jenis soal deskripsi (description) tidak didukung',
    ),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshotBothWidths(page, 'question-import-pratinjau');
  await dialog.getByRole('button', { name: 'Impor 10 Soal' }).click();
  await expect(dialog.getByText('Impor Berhasil', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Berhasil mengimpor 10 soal. 2 soal dilewati.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshotBothWidths(page, 'question-import-berhasil');
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Tutup' }).click();
  await expect(page.getByTestId('bank-question')).toHaveCount(12);
  await expect(page.getByText('Proses tumbuhan membuat makanan dengan bantuan cahaya disebut')).toBeVisible();

  // Unduh Moodle XML: every question of the bank, for Moodle or another bank.
  const exporting = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Unduh Moodle XML' }).click();
  const xml = await exporting;
  expect(xml.suggestedFilename()).toBe(`Bank Soal - ${judul}.xml`);
  const xmlPath = test.info().outputPath('bank.xml');
  await xml.saveAs(xmlPath);
  const text = readFileSync(xmlPath, 'utf8');
  expect(text).toContain('<quiz>');
  expect(
    text.match(/<question type="(multichoice|truefalse|essay|shortanswer|numerical|matching|cloze)">/g),
  ).toHaveLength(12);
  expect(text).toContain('Ibu kota Indonesia adalah ...');

  // Unduh GIFT: the same questions as GIFT text (what GIFT cannot say is a // comment with the reason).
  const giftDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Unduh GIFT' }).click();
  const gift = await giftDownload;
  expect(gift.suggestedFilename()).toBe(`Bank Soal - ${judul}.gift.txt`);
  const giftPath = test.info().outputPath('bank.gift.txt');
  await gift.saveAs(giftPath);
  expect(readFileSync(giftPath, 'utf8')).toContain('Ibu kota Indonesia adalah ...');
  await expectNoSeriousAxeViolations(page);
  await screenshotBothWidths(page, 'question-import-bank');
});
