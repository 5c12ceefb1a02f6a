import { readFileSync } from 'node:fs';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import {
  api,
  chooseOption,
  clickListItem,
  expectNoSeriousAxeViolations,
  screenshot,
  signIn,
} from './helpers.ts';

test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const classId = '20261_01_IF2102';
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    text += content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
      .join('');
  }
  await doc.destroy();
  return text.replace(/[ \t]+/g, ' ');
}

/** Picks the first option of an antd select whose text contains `text` (any when empty). */
async function pickOption(page: Page, scope: Locator, label: string, text = ''): Promise<void> {
  await expect(async () => {
    if ((await page.locator('.ant-select-dropdown:visible').count()) === 0)
      await scope.getByLabel(label, { exact: true }).click();
    const option = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: text })
      .first();
    // Hovered first, and generous per try, as in chooseOption (helpers.ts): a CI run saw 2 s tries fail.
    await clickListItem(page, option, 5_000);
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 40_000 });
}

test('a lecturer builds a bank with every question kind, images and attachments, copies from an exam, downloads it and uses it in an exam', async ({
  browser,
}) => {
  const run = Date.now().toString(36);
  const title = `Bank E2E ${run}`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, 'dosen');
  await page.getByRole('navigation', { name: 'Menu utama' }).getByText('Bank Soal').click();
  await expect(page).toHaveURL(/\/bank-soal$/);
  await expect(page.getByTestId('bank-card').first()).toBeVisible();

  // A new bank: the modal's limits, then a shown bank of the class's course.
  await page.getByRole('button', { name: 'Tambah Bank Soal' }).click();
  const form = page.getByRole('dialog');
  await expect(form.getByText('Tambah Data Bank Soal')).toBeVisible();
  await form.getByRole('button', { name: 'Tambah' }).click();
  await expect(page.locator('.toast-notification').getByText('Pengisian Data Belum Lengkap!')).toBeVisible();
  await form.getByLabel('Judul').fill(title);
  await form.getByLabel('Deskripsi').fill('Latihan basis data untuk kuis.');
  await pickOption(page, form, 'Mata Kuliah', 'IF2102');
  await form.getByRole('button', { name: 'Tambah' }).click();
  await expect(page).toHaveURL(/\/bank-soal\/[0-9a-f-]+$/);
  const bankUrl = new URL(page.url()).pathname;
  await expect(page.getByText('Belum ada soal yang tersedia pada bank soal ini.')).toBeVisible();
  await screenshot(page, 'bank-empty-desktop');

  const addQuestion = async (fill: (dialog: Locator) => Promise<void>) => {
    await page.getByRole('button', { name: /Tambah Soal/ }).click();
    await page.getByRole('menuitem', { name: 'Soal Baru' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Tambah Soal Baru')).toBeVisible();
    await fill(dialog);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(dialog).toBeHidden();
  };
  const ask = async (dialog: Locator, text: string) => {
    const box = dialog.getByRole('textbox', { name: 'Pertanyaan' });
    await box.click();
    await box.fill(text);
  };
  const attach = (dialog: Locator, label: string, name: string, buffer: Buffer, mimeType: string) =>
    dialog
      .locator('div')
      .filter({ has: page.getByRole('button', { name: label }) })
      .last()
      .locator('input[type=file]')
      .setInputFiles({ name, mimeType, buffer });

  await addQuestion(async (dialog) => {
    await ask(dialog, `Perintah SQL untuk membaca data ${run}`);
    await dialog.getByRole('textbox', { name: 'Pilihan 1', exact: true }).fill('INSERT');
    await dialog.getByRole('textbox', { name: 'Pilihan 2', exact: true }).fill('SELECT');
    await dialog.getByRole('textbox', { name: 'Pilihan 3', exact: true }).fill('DELETE');
    await dialog.getByRole('radio', { name: 'Kunci pilihan 2' }).check();
    await dialog
      .locator('input[type=file][accept=".png,.jpg,.jpeg"]')
      .first()
      .setInputFiles({ name: 'pilihan.png', mimeType: 'image/png', buffer: png });
    await expect(dialog.getByRole('img', { name: 'Gambar pilihan 1' })).toBeVisible();
    await attach(dialog, 'Tambah Lampiran Soal', 'tabel.pdf', pdf, 'application/pdf');
    await expect(dialog.getByText(/^tabel\.pdf \(.+, baru\)$/)).toBeVisible();
    await screenshot(page, 'bank-question-form-desktop');
  });
  await addQuestion(async (dialog) => {
    await chooseOption(page, dialog, 'Jenis Soal', 'Benar/Salah');
    await ask(dialog, 'Primary key boleh bernilai NULL.');
    await dialog.getByRole('radio', { name: 'Salah' }).check();
    await attach(dialog, 'Tambah Lampiran Soal', 'skema.png', png, 'image/png');
  });
  await addQuestion(async (dialog) => {
    await chooseOption(page, dialog, 'Jenis Soal', 'Esai');
    await ask(dialog, 'Jelaskan normalisasi bentuk pertama.');
    await dialog.getByText('Semua', { exact: true }).click();
    // Keys take no audio or video.
    await attach(dialog, 'Tambah Lampiran Kunci', 'rekaman.mp3', png, 'audio/mpeg');
    await expect(page.locator('.toast-notification').getByText(/Lampiran kunci harus berupa/)).toBeVisible();
    await attach(dialog, 'Tambah Lampiran Kunci', 'kunci.pdf', pdf, 'application/pdf');
  });
  await expect(page.getByTestId('bank-question')).toHaveCount(3);
  await expect(page.getByRole('img', { name: 'Gambar pilihan A' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'tabel.pdf' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'skema.png' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'kunci.pdf' })).toBeVisible();
  await screenshot(page, 'bank-detail-desktop', { fullPage: true });
  await expectNoSeriousAxeViolations(page);

  // Copy questions of one of the class's quizzes.
  await page.getByRole('button', { name: /Tambah Soal/ }).click();
  await page.getByRole('menuitem', { name: 'Dari Kuis/Ujian' }).click();
  const copy = page.getByRole('dialog');
  await expect(copy.getByText('Soal Mata Kuliah')).toBeVisible();
  await copy.getByRole('button', { name: 'Salin Soal' }).click();
  await expect(page.locator('.toast-notification').getByText('Tidak ada soal yang dipilih')).toBeVisible();
  await pickOption(page, copy, 'Kelas', 'IF2102');
  await pickOption(page, copy, 'Kuis/Ujian', 'Ujian Tengah Semester');
  await copy.getByText(/Pilih semua \(\d+ soal\)/).click();
  await screenshot(page, 'bank-copy-desktop');
  await copy.getByRole('button', { name: 'Salin Soal' }).click();
  await expect(page.getByText(/Berhasil menyalin \d+ soal/)).toBeVisible();
  const count = await page.getByTestId('bank-question').count();
  expect(count).toBeGreaterThan(3);

  // Cari soal.
  await page.getByRole('textbox', { name: 'Cari soal' }).fill(run);
  await expect(page.getByTestId('bank-question')).toHaveCount(1);
  await page.getByRole('textbox', { name: 'Cari soal' }).fill('');
  await expect(page.getByTestId('bank-question')).toHaveCount(count);

  // The PDF has the questions.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /Unduh$/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Bank Soal - ${title}.pdf`);
  const text = await pdfText(readFileSync((await download.path())!));
  expect(text).toContain(`Bank Soal - ${title}`);
  expect(text).toContain(`Perintah SQL untuk membaca data ${run}`);
  expect(text).toContain('Kunci: B');
  expect(text).toContain('Primary key boleh bernilai NULL.');

  // Phone layout of the detail and the list.
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, 'bank-detail-phone', { fullPage: true });
  await expectNoSeriousAxeViolations(page);
  await page.goto('/bank-soal');
  await expect(page.getByTestId('bank-card').filter({ hasText: title })).toBeVisible();
  await screenshot(page, 'bank-list-phone', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'bank-list-desktop', { fullPage: true });
  await expectNoSeriousAxeViolations(page);

  // An exam of the class takes questions from the bank.
  const meetings = await api<MeetingListItem[]>(
    page,
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/pertemuan?per_page=20`,
  );
  const meeting = meetings.filter((m) => m.status === 'belum_dimulai').at(-3)!;
  const exam = await api<{ id: string }>(page, 'POST', '/v2/lms/ujian', {
    id_pertemuan: meeting.id,
    judul: `Kuis Bank ${run}`,
    deskripsi: 'Kuis dari bank soal',
    jenis: 'kuis',
    ditampilkan: false,
    waktu_mulai: new Date(Date.now() + 86_400_000).toISOString(),
    waktu_selesai: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  });
  await api(page, 'POST', `/v2/lms/ujian/${exam.id}/kelompok_soal`, { judul: '', aturan: 'semua' });
  await page.goto(`/ujian/${exam.id}`);
  await page.getByRole('tab', { name: 'Soal', exact: true }).click();
  await page.getByRole('button', { name: 'Ambil dari Bank Soal' }).click();
  const take = page.getByRole('dialog');
  await pickOption(page, take, 'Bank Soal', title);
  await take.getByText(/Pilih semua \(\d+ soal\)/).click();
  await take.getByRole('button', { name: 'Ambil Soal' }).click();
  await expect(page.getByText(/Berhasil mengambil \d+ soal dari bank soal/)).toBeVisible();
  await expect(page.getByTestId('question')).toHaveCount(count);
  expect(bankUrl).toMatch(/^\/bank-soal\//);
  await context.close();
});
