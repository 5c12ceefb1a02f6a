import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import {
  api,
  chooseOption,
  expectNoSeriousAxeViolations,
  screenshot,
  screenshotBothWidths,
  signIn,
} from './helpers.ts';
import { uniqueTitle } from './test-data.ts';

test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** The dialog at 1280 and 375 px (the form redraws for a phone), tall enough to hold it whole, then back. */
async function shootDialog(page: Page, dialog: Locator, name: string) {
  for (const [width, height] of [
    [1280, 1400],
    [375, 1800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(dialog).toBeVisible();
    await screenshot(dialog, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a lecturer adds a question of each new kind to a bank through the editor and sees them with their keys', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, 'dosen');
  const me = await api<{ id: string }>(page, 'GET', '/v2/user_info');
  const courses = await api<Array<{ id: string }>>(
    page,
    'GET',
    `/v2/lms/mata_kuliah/ref?id_dosen=${me.id}&ignore_default_pagination=true`,
  );
  const bank = await api<{ id: string }>(page, 'POST', '/v2/lms/bank_soal', {
    judul: uniqueTitle('Jenis Soal E2E'),
    deskripsi: 'Bank untuk uji jenis soal baru',
    id_mata_kuliah: courses[0]!.id,
    ditampilkan: true,
  });
  await page.goto(`/bank-soal/${bank.id}`);
  await expect(page.getByText('Belum ada soal yang tersedia pada bank soal ini.')).toBeVisible();

  const addQuestion = async (kind: string, shot: string, fill: (dialog: Locator) => Promise<void>) => {
    await page.getByRole('button', { name: /Tambah Soal/ }).click();
    await page.getByRole('menuitem', { name: 'Soal Baru' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Tambah Soal Baru')).toBeVisible();
    await chooseOption(page, dialog, 'Jenis Soal', kind);
    await fill(dialog);
    await shootDialog(page, dialog, shot);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(dialog).toBeHidden();
  };
  const ask = async (dialog: Locator, text: string) => {
    const box = dialog.getByRole('textbox', { name: 'Pertanyaan' });
    await box.click();
    await box.fill(text);
  };
  const box = (dialog: Locator, name: string) => dialog.getByRole('textbox', { name, exact: true });

  await addQuestion('Isian Singkat', 'question-kind-isian-singkat', async (dialog) => {
    await ask(dialog, 'Ibu kota Indonesia?');
    // The contract's message, under its field.
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(dialog.locator('[data-field="jawaban"]')).toHaveText('Jawaban yang diterima wajib diisi');
    await box(dialog, 'Jawaban 1').fill('Jakarta');
    await expect(dialog.locator('[data-field="jawaban"]')).toHaveCount(0);
    await dialog.getByRole('button', { name: /Tambah Jawaban/ }).click();
    await box(dialog, 'Jawaban 2').fill('DKI*');
    await box(dialog, 'Nilai jawaban 2').fill('50');
  });
  await addQuestion('Numerik', 'question-kind-numerik', async (dialog) => {
    await ask(dialog, 'Percepatan gravitasi bumi?');
    await box(dialog, 'Angka 1').fill('9,8');
    await box(dialog, 'Toleransi 1').fill('0,1');
    await dialog.getByRole('button', { name: /Tambah Satuan/ }).click();
    await dialog.getByRole('button', { name: /Tambah Satuan/ }).click();
    await box(dialog, 'Satuan 1').fill('m/s2');
    await box(dialog, 'Satuan 2').fill('cm/s2');
    await box(dialog, 'Pengali satuan 2').fill('100');
  });
  await addQuestion('Pilihan Ganda Kompleks', 'question-kind-pilihan-kompleks', async (dialog) => {
    await ask(dialog, 'Manakah bilangan prima?');
    await dialog.getByRole('button', { name: /Tambah Pilihan/ }).click();
    for (const [i, text] of ['2', '4', '3', '9'].entries()) await box(dialog, `Pilihan ${i + 1}`).fill(text);
    await dialog.getByRole('checkbox', { name: 'Pilihan 1 benar' }).check();
    await dialog.getByRole('checkbox', { name: 'Pilihan 3 benar' }).check();
    await expect(dialog.getByLabel('Bobot pilihan 2')).toHaveText('-50%');
  });
  await addQuestion('Menjodohkan', 'question-kind-menjodohkan', async (dialog) => {
    await ask(dialog, 'Jodohkan negara dengan ibu kotanya.');
    await box(dialog, 'Kiri 1').fill('Indonesia');
    await box(dialog, 'Kanan 1').fill('Jakarta');
    await box(dialog, 'Kiri 2').fill('Malaysia');
    await box(dialog, 'Kanan 2').fill('Kuala Lumpur');
    await dialog.getByRole('button', { name: /Tambah Pengecoh/ }).click();
    await box(dialog, 'Pengecoh 1').fill('Bangkok');
  });
  await addQuestion('Isian Rumpang', 'question-kind-isian-rumpang', async (dialog) => {
    await ask(dialog, 'Ibu kota Indonesia adalah ');
    // The marker goes where the cursor is, and typing goes on after it.
    await dialog.getByRole('button', { name: /Sisipkan Rumpang/ }).click();
    await page.keyboard.type(', bahasa resminya ');
    await dialog.getByRole('button', { name: /Sisipkan Rumpang/ }).click();
    await page.keyboard.type('.');
    await expect(dialog.getByRole('textbox', { name: 'Pertanyaan' })).toHaveText(
      'Ibu kota Indonesia adalah [[1]], bahasa resminya [[2]].',
    );
    await box(dialog, 'Rumpang 1 jawaban 1').fill('Jakarta');
    const second = dialog.getByRole('region', { name: 'Rumpang 2' });
    await second.getByText('Pilihan', { exact: true }).click();
    await box(dialog, 'Rumpang 2 pilihan 1').fill('bahasa Indonesia');
    await box(dialog, 'Rumpang 2 pilihan 2').fill('bahasa Jawa');
    await dialog.getByRole('radio', { name: 'Kunci rumpang 2 pilihan 1' }).check();
  });

  // The bank lists them with their keys.
  const questions = page.getByTestId('bank-question');
  await expect(questions).toHaveCount(5);
  await expect(page.getByText('Jakarta (100%)').first()).toBeVisible();
  await expect(page.getByText('DKI* (50%)')).toBeVisible();
  await expect(page.getByText('9,8 ± 0,1 m/s2 (100%)')).toBeVisible();
  await expect(page.getByText('Satuan: m/s2, cm/s2 (× 100)')).toBeVisible();
  await expect(page.getByText('Kunci 50%')).toHaveCount(2);
  await expect(page.getByRole('list', { name: /^Pasangan soal/ })).toContainText('Malaysia → Kuala Lumpur');
  await expect(page.getByText('Pengecoh: Bangkok')).toBeVisible();
  await expect(page.getByLabel('Rumpang 1', { exact: true })).toContainText('Jakarta');
  await expect(page.getByLabel('Rumpang 2', { exact: true })).toContainText('bahasa Indonesia');
  await screenshotBothWidths(page, 'question-kinds-bank');
  await expectNoSeriousAxeViolations(page);

  // Editing one keeps its values.
  const numeric = questions.filter({ hasText: 'Percepatan gravitasi bumi?' });
  await numeric.getByRole('button', { name: /Ubah/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: 'Angka 1', exact: true })).toHaveValue('9,8');
  await expect(dialog.getByRole('textbox', { name: 'Pengali satuan 2', exact: true })).toHaveValue('100');
  await dialog.getByRole('button', { name: 'Batal' }).click();
  await expect(dialog).toBeHidden();
  await context.close();
});
