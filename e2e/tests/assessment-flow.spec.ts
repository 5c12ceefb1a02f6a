import { expect as baseExpect, test, type Browser, type Locator, type Page } from '@playwright/test';
import type { ClassDetail } from '@lms/contract/class.schema';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import {
  api,
  chooseOption,
  clickListItem,
  createRunningExam,
  expectNoSeriousAxeViolations,
  screenshot,
  screenshotBothWidths,
  signIn,
} from './helpers.ts';
import { signInByApi, uniqueTitle } from './test-data.ts';

/**
 * Issue 43's whole assessment flow as one user flow: the lecturer writes one question of each new kind
 * in a bank with the editor, takes them into a quiz, two students answer on a phone (one offline for a
 * while), and the lecturer corrects a key in the exam's editor and sees the rescored marks and the item
 * analysis; on the way, the editor's field errors, the bank's key display and an edit that keeps its
 * values. Taking and the analysis are tested closer in question-kinds-taking and item-analysis.
 */
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const classId = '20261_01_IF2102';
const phone = { width: 375, height: 812 };

/** Chooses the first option of an antd select in `scope` holding `text` (as question-bank.spec.ts does). */
async function pickOption(page: Page, scope: Locator, label: string, text: string): Promise<void> {
  await expect(async () => {
    if ((await page.locator('.ant-select-dropdown:visible').count()) === 0)
      await scope.getByLabel(label, { exact: true }).click();
    const option = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: text })
      .first();
    await clickListItem(page, option, 5_000);
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 40_000 });
}

/** The answers a student gives: right ones, or the other student's mix (see the marks below). */
type Answers = {
  short: string;
  number: string;
  unit: string;
  picks: string[];
  malaysia: string;
  gap2: string;
};
const allRight: Answers = {
  short: 'Jakarta',
  number: '9,8',
  unit: 'm/s2',
  picks: ['2', '3'],
  malaysia: 'Kuala Lumpur',
  gap2: 'bahasa Indonesia',
};
const mixed: Answers = {
  short: 'DKI Jakarta',
  number: '980',
  unit: 'cm/s2',
  picks: ['2', '4'],
  malaysia: 'Bangkok',
  gap2: 'bahasa Jawa',
};

/** A student's phone (signed in at 1280, where the menu shows, then narrowed) on the exam's first page. */
async function startOnPhone(browser: Browser, username: string, examId: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, username);
  await page.setViewportSize(phone);
  await page.goto(`/ujian/${examId}/soal`);
  await page.getByText('Saya telah membaca dan menyetujui ketentuan di atas').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mulai' }).click();
  await expect(page.getByTestId('exam-countdown')).toContainText(/Sisa waktu (29|30):\d\d/);
  return { context, page, saveState: page.getByTestId('exam-save-state') };
}

/** Answers questions 1 and 2 (short answer, numerical) of the quiz. */
async function answerFirstTwo(page: Page, a: Answers) {
  await page.getByRole('textbox', { name: 'Jawaban soal 1' }).fill(a.short);
  await page.getByRole('textbox', { name: 'Jawaban soal 2' }).fill(a.number);
  await page.getByRole('combobox', { name: 'Satuan jawaban soal 2' }).selectOption(a.unit);
}

/** Answers questions 3 to 5 (multiple answers, matching, gaps) of the quiz. */
async function answerLastThree(page: Page, a: Answers) {
  for (const pick of a.picks)
    await page.getByRole('checkbox', { name: new RegExp(`^[A-D]\\. ${pick}$`) }).check();
  await page.getByRole('combobox', { name: 'Indonesia', exact: true }).selectOption('Jakarta');
  await page.getByRole('combobox', { name: 'Malaysia', exact: true }).selectOption(a.malaysia);
  await page.getByRole('textbox', { name: 'Rumpang 1 soal 5' }).fill('Jakarta');
  await page.getByRole('combobox', { name: 'Rumpang 2 soal 5' }).selectOption(a.gap2);
}

/** Submits the attempt and waits for the exam's page that says all five were answered. */
async function submit(page: Page, examId: string) {
  await page.getByRole('button', { name: 'Selesai' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ya' }).click();
  await expect(page).toHaveURL(new RegExp(`/ujian/${examId}$`));
  await expect(page.getByText('Dijawab 5 dari 5 soal')).toBeVisible();
}

test('a lecturer writes the five new kinds in a bank, quizzes two students on phones (one offline a while), corrects a key and reads the rescored results and the item analysis', async ({
  browser,
  baseURL,
}) => {
  const lecturerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const lecturer = await lecturerContext.newPage();
  await signIn(lecturer, 'dosen');

  // 1. A bank (through the API) and one question of each new kind written with the editor. The lecturer
  // ticks the wrong second answer of the multiple-answers question ("4" instead of "3").
  const me = await api<{ id: string }>(lecturer, 'GET', '/v2/user_info');
  const courses = await api<Array<{ id: string; kode?: string }>>(
    lecturer,
    'GET',
    `/v2/lms/mata_kuliah/ref?id_dosen=${me.id}&ignore_default_pagination=true`,
  );
  const bankTitle = uniqueTitle('Bank Alur Penilaian');
  const bank = await api<{ id: string }>(lecturer, 'POST', '/v2/lms/bank_soal', {
    judul: bankTitle,
    deskripsi: 'Bank untuk uji alur penilaian jenis soal baru',
    id_mata_kuliah: (courses.find((c) => c.kode === 'IF2102') ?? courses[0]!).id,
    ditampilkan: true,
  });
  await lecturer.goto(`/bank-soal/${bank.id}`);
  await expect(lecturer.getByText('Belum ada soal yang tersedia pada bank soal ini.')).toBeVisible();

  const addQuestion = async (kind: string, fill: (dialog: Locator) => Promise<void>) => {
    await lecturer.getByRole('button', { name: /Tambah Soal/ }).click();
    await lecturer.getByRole('menuitem', { name: 'Soal Baru' }).click();
    const dialog = lecturer.getByRole('dialog');
    await expect(dialog.getByText('Tambah Soal Baru')).toBeVisible();
    await chooseOption(lecturer, dialog, 'Jenis Soal', kind);
    await fill(dialog);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(dialog).toBeHidden();
  };
  const ask = async (dialog: Locator, text: string) => {
    const box = dialog.getByRole('textbox', { name: 'Pertanyaan' });
    await box.click();
    await box.fill(text);
  };
  const box = (dialog: Locator, name: string) => dialog.getByRole('textbox', { name, exact: true });

  await addQuestion('Isian Singkat', async (dialog) => {
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
  await addQuestion('Numerik', async (dialog) => {
    await ask(dialog, 'Percepatan gravitasi bumi?');
    await box(dialog, 'Angka 1').fill('9,8');
    await box(dialog, 'Toleransi 1').fill('0,1');
    await dialog.getByRole('button', { name: /Tambah Satuan/ }).click();
    await dialog.getByRole('button', { name: /Tambah Satuan/ }).click();
    await box(dialog, 'Satuan 1').fill('m/s2');
    await box(dialog, 'Satuan 2').fill('cm/s2');
    await box(dialog, 'Pengali satuan 2').fill('100');
  });
  await addQuestion('Pilihan Ganda Kompleks', async (dialog) => {
    await ask(dialog, 'Manakah bilangan prima?');
    await dialog.getByRole('button', { name: /Tambah Pilihan/ }).click();
    for (const [i, text] of ['2', '4', '3', '9'].entries()) await box(dialog, `Pilihan ${i + 1}`).fill(text);
    await dialog.getByRole('checkbox', { name: 'Pilihan 1 benar' }).check();
    await dialog.getByRole('checkbox', { name: 'Pilihan 2 benar' }).check();
    await expect(dialog.getByLabel('Bobot pilihan 3')).toHaveText('-50%');
  });
  await addQuestion('Menjodohkan', async (dialog) => {
    await ask(dialog, 'Jodohkan negara dengan ibu kotanya.');
    await box(dialog, 'Kiri 1').fill('Indonesia');
    await box(dialog, 'Kanan 1').fill('Jakarta');
    await box(dialog, 'Kiri 2').fill('Malaysia');
    await box(dialog, 'Kanan 2').fill('Kuala Lumpur');
    await dialog.getByRole('button', { name: /Tambah Pengecoh/ }).click();
    await box(dialog, 'Pengecoh 1').fill('Bangkok');
  });
  await addQuestion('Isian Rumpang', async (dialog) => {
    await ask(dialog, 'Ibu kota Indonesia adalah ');
    await dialog.getByRole('button', { name: /Sisipkan Rumpang/ }).click();
    await lecturer.keyboard.type(', bahasa resminya ');
    await dialog.getByRole('button', { name: /Sisipkan Rumpang/ }).click();
    await lecturer.keyboard.type('.');
    await expect(dialog.getByRole('textbox', { name: 'Pertanyaan' })).toHaveText(
      'Ibu kota Indonesia adalah [[1]], bahasa resminya [[2]].',
    );
    await box(dialog, 'Rumpang 1 jawaban 1').fill('Jakarta');
    await dialog.getByRole('region', { name: 'Rumpang 2' }).getByText('Pilihan', { exact: true }).click();
    await box(dialog, 'Rumpang 2 pilihan 1').fill('bahasa Indonesia');
    await box(dialog, 'Rumpang 2 pilihan 2').fill('bahasa Jawa');
    await dialog.getByRole('radio', { name: 'Kunci rumpang 2 pilihan 1' }).check();
  });
  // The bank lists them with their keys, and editing one keeps its values.
  const questions = lecturer.getByTestId('bank-question');
  await expect(questions).toHaveCount(5);
  await expect(lecturer.getByText('Jakarta (100%)').first()).toBeVisible();
  await expect(lecturer.getByText('DKI* (50%)')).toBeVisible();
  await expect(lecturer.getByText('9,8 ± 0,1 m/s2 (100%)')).toBeVisible();
  await expect(lecturer.getByText('Satuan: m/s2, cm/s2 (× 100)')).toBeVisible();
  await expect(lecturer.getByText('Kunci 50%')).toHaveCount(2);
  await expect(lecturer.getByRole('list', { name: /^Pasangan soal/ })).toContainText(
    'Malaysia → Kuala Lumpur',
  );
  await expect(lecturer.getByText('Pengecoh: Bangkok')).toBeVisible();
  await expect(lecturer.getByLabel('Rumpang 1', { exact: true })).toContainText('Jakarta');
  await expect(lecturer.getByLabel('Rumpang 2', { exact: true })).toContainText('bahasa Indonesia');
  await screenshotBothWidths(lecturer, 'question-kinds-bank');
  await expectNoSeriousAxeViolations(lecturer);
  await questions
    .filter({ hasText: 'Percepatan gravitasi bumi?' })
    .getByRole('button', { name: /Ubah/ })
    .click();
  const editDialog = lecturer.getByRole('dialog');
  await expect(editDialog.getByRole('textbox', { name: 'Angka 1', exact: true })).toHaveValue('9,8');
  await expect(editDialog.getByRole('textbox', { name: 'Pengali satuan 2', exact: true })).toHaveValue('100');
  await editDialog.getByRole('button', { name: 'Batal' }).click();
  await expect(editDialog).toBeHidden();

  // 2. A running quiz of the class (through the API, one empty group) takes the five from the bank.
  const meetings = await api<MeetingListItem[]>(
    lecturer,
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/pertemuan?per_page=20`,
  );
  const meeting = meetings.filter((m) => m.status === 'belum_dimulai').at(-5)!;
  const examId = await createRunningExam(
    lecturer,
    { id_pertemuan: meeting.id, judul: uniqueTitle('Kuis Alur Penilaian'), jenis: 'kuis', sifat: 'open' },
    [],
  );
  await lecturer.goto(`/ujian/${examId}?tab=soal`);
  await lecturer.getByRole('button', { name: 'Ambil dari Bank Soal' }).click();
  const take = lecturer.getByRole('dialog', { name: 'Ambil Soal dari Bank Soal' });
  await pickOption(lecturer, take, 'Bank Soal', bankTitle);
  await take.getByText('Pilih semua (5 soal)').click();
  await take.getByRole('button', { name: 'Ambil Soal' }).click();
  await expect(lecturer.getByText('Berhasil mengambil 5 soal dari bank soal')).toBeVisible();
  await expect(lecturer.getByTestId('question')).toHaveCount(5);

  // 3. Two students on phones. The second is another student of the class who can sign in.
  const { peserta } = await api<ClassDetail>(lecturer, 'GET', `/v2/lms/kelas_kuliah/${classId}`);
  const firstName = 'Rizky Aditya Pratama';
  let second: { nim: string; nama: string } | undefined;
  for (const p of [...peserta].reverse()) {
    if (p.nama === firstName) continue;
    const account = await signInByApi(baseURL!, p.nim).catch(() => null);
    if (!account) continue;
    await account.dispose();
    second = p;
    break;
  }
  expect(second, 'another student of the class who can sign in').toBeDefined();

  // The first answers everything right, online.
  const first = await startOnPhone(browser, 'mahasiswa', examId);
  await answerFirstTwo(first.page, allRight);
  await answerLastThree(first.page, allRight);
  await expect(first.page.getByText('Dijawab 5/5')).toBeVisible();
  await expect(first.saveState).toHaveText('Semua jawaban tersimpan');
  await screenshot(first.page, 'assessment-flow-answered-375', { fullPage: true });
  await submit(first.page, examId);
  await first.context.close();

  // The second answers two online, loses the connection for the other three (kept on the phone and
  // counted), comes back, sees them all sent, and submits.
  const other = await startOnPhone(browser, second!.nim, examId);
  await answerFirstTwo(other.page, mixed);
  await expect(other.saveState).toHaveText('Semua jawaban tersimpan');
  await expect(other.page.getByText('Dijawab 2/5')).toBeVisible();
  await other.context.setOffline(true);
  await expect(other.saveState).toContainText('Offline');
  await answerLastThree(other.page, mixed);
  await expect(other.page.getByText('Dijawab 5/5')).toBeVisible();
  await expect(other.saveState).toContainText('3 jawaban belum terkirim');
  await screenshot(other.page, 'assessment-flow-offline-375', { fullPage: true });
  await other.context.setOffline(false);
  await expect(other.saveState).toHaveText('Semua jawaban tersimpan');
  await submit(other.page, examId);
  await other.context.close();

  // Marks under the key as written. All right: 100, 100, multiple answers 2 (50) + 4 (−50) → 0, 100, 100
  // = 80. Mixed: "DKI Jakarta" by DKI* 50, 980 cm/s2 100, 2 and 4 → 100, one pair of two 50, one gap of
  // two 50 = 70.
  await lecturer.goto(`/ujian/${examId}?tab=hasil`);
  const rowOf = (name: string) => lecturer.locator('.ant-table-row').filter({ hasText: name });
  await expect(rowOf(firstName)).toContainText('80.00');
  await expect(rowOf(second!.nama)).toContainText('70.00');

  // 4. The lecturer corrects the key in the exam's question editor: 2 and 3 are the primes.
  await lecturer.getByRole('tab', { name: 'Soal', exact: true }).click();
  const multiple = lecturer
    .locator('.ant-card-type-inner')
    .filter({ has: lecturer.getByText('Manakah bilangan prima?') });
  await multiple.getByRole('button', { name: /Ubah/ }).click();
  const editor = lecturer.getByRole('dialog', { name: 'Ubah Soal Nomor 3' });
  await expect(editor.getByRole('checkbox', { name: 'Pilihan 2 benar' })).toBeChecked();
  await editor.getByRole('checkbox', { name: 'Pilihan 2 benar' }).uncheck();
  await editor.getByRole('checkbox', { name: 'Pilihan 3 benar' }).check();
  await expect(editor.getByLabel('Bobot pilihan 3')).toHaveText('50%');
  await expect(editor.getByLabel('Bobot pilihan 2')).toHaveText('-50%');
  await editor.getByRole('button', { name: 'Simpan' }).click();
  await expect(editor).toBeHidden();
  await expect(lecturer.getByText('Soal berhasil disimpan')).toBeVisible();

  // Rescored: all right 0 → 100 on question 3 = 100; mixed 100 → 0 = 50. The results tab follows the
  // calculation while it runs; a reload reads it if it ended before the tab asked.
  await lecturer.getByRole('tab', { name: 'Hasil' }).click();
  await expect(async () => {
    if (!(await rowOf(firstName).getByText('100.00').isVisible())) {
      await lecturer.reload();
    }
    await expect(rowOf(firstName)).toContainText('100.00', { timeout: 5_000 });
    await expect(rowOf(second!.nama)).toContainText('50.00', { timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
  await screenshot(lecturer, 'assessment-flow-results-1280', { fullPage: true });

  // The item analysis lists the five with their figures: question 2 earned in full by both (1,00),
  // question 3 by one of the two under the corrected key (0,50).
  await lecturer.getByRole('tab', { name: 'Analisis Soal' }).click();
  const pane = lecturer.getByRole('tabpanel', { name: 'Analisis Soal' });
  await expect(pane.getByText('2 pengerjaan selesai')).toBeVisible();
  for (const text of [
    'Ibu kota Indonesia?',
    'Percepatan gravitasi bumi?',
    'Manakah bilangan prima?',
    'Jodohkan negara dengan ibu kotanya.',
    // Gaps read as blanks, as students see them.
    'Ibu kota Indonesia adalah ___, bahasa resminya ___.',
  ])
    await expect(pane.getByRole('row').filter({ hasText: text })).toHaveCount(1);
  const numeric = pane.getByRole('row').filter({ hasText: 'Percepatan gravitasi bumi?' });
  await expect(numeric.getByRole('cell', { name: '1,00' }).first()).toBeVisible();
  const primes = pane.getByRole('row').filter({ hasText: 'Manakah bilangan prima?' });
  await expect(primes.getByRole('cell', { name: '0,50' }).first()).toBeVisible();
  await screenshotBothWidths(lecturer, 'assessment-flow-analysis', {
    settle: async () => {
      await expect(pane.getByText('2 pengerjaan selesai')).toBeVisible();
    },
  });
  await lecturerContext.close();
});
