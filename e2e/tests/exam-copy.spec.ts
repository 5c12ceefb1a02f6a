import { expect as baseExpect, test } from '@playwright/test';
import type { Exam } from '@lms/contract/exam.schema';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import {
  api,
  chooseOption,
  clickListItem,
  expectNoSeriousAxeViolations,
  pickInDialog,
  screenshotBothWidths,
  signIn,
  wibPicker,
} from './helpers.ts';

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const classId = '20261_01_IF2102';

interface ContentQuestion {
  isi: { kunci: unknown };
}
interface Content {
  kelompok_soal: Array<{ soal: ContentQuestion[] }>;
}
const keysOf = (content: Content) => content.kelompok_soal.flatMap((g) => g.soal.map((q) => q.isi.kunci));

test("an operator copies another class's exam (list_salin_ujian) into a meeting without its answer keys", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const operator = await context.newPage();
  await signIn(operator, 'operator');
  const copyable = await api<Exam[]>(
    operator,
    'GET',
    `/v2/lms/ujian/salin?exclude_id_kelas_kuliah=${classId}&per_page=50`,
  );
  const source = copyable.find((e) => e.jumlah_soal > 0)!;
  const sourceContent = await api<Content>(operator, 'GET', `/v2/lms/ujian/${source.id}/kelompok_soal`);
  expect(keysOf(sourceContent).some((k) => k !== null && k !== '')).toBe(true);
  const meetings = await api<MeetingListItem[]>(
    operator,
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/pertemuan?per_page=20`,
  );
  const meeting = meetings[2]!;
  await operator.goto(`/kelas/${classId}/${meeting.id}`);

  await operator.getByRole('button', { name: 'Tambah Kuis/Ujian' }).click();
  const dialog = operator.getByRole('dialog');
  // The suite's reduced motion opens the dialog at once, so this click cannot land mid-animation.
  const copyTab = dialog.getByRole('tab', { name: 'Salin Kuis/Ujian' });
  await copyTab.click();
  await expect(copyTab).toHaveAttribute('aria-selected', 'true');
  await dialog.getByRole('button', { name: 'Tambah' }).click();
  await expect(
    operator.locator('.toast-notification').getByText('Pilih ujian terlebih dahulu'),
  ).toBeVisible();
  await dialog.getByRole('searchbox', { name: 'Cari judul kuis/ujian' }).fill(source.judul);
  // The list is searched 500 ms after typing: a row checked just before the answer is drawn anew, so the
  // choice is tried again until it holds.
  await expect(async () => {
    await dialog.getByRole('row').filter({ hasText: source.judul }).first().getByRole('radio').check();
  }).toPass({ timeout: 15_000 });
  // The picked exam fills the form (its title among the rest); the times stay the form's.
  await expect(dialog.getByRole('textbox', { name: 'Judul', exact: true })).toHaveValue(source.judul);
  // Copying the keys offers when they are shown (waktu_tampil_kunci); a copy without keys shows none.
  const keysChoice = dialog.locator('.ant-form-item').filter({ hasText: 'Salin Kunci Jawaban' });
  const showKey = dialog
    .locator('.ant-form-item')
    .filter({ has: operator.locator('label[title="Kunci Jawaban"]') });
  await showKey.getByText('Ya', { exact: true }).click();
  await expect(dialog.getByLabel('Waktu Tampil Kunci')).toBeVisible();
  // The screenshots show the form, not the earlier toast or a list still loading.
  await operator.locator('.toast-notification').getByRole('button', { name: 'Tutup' }).click();
  await screenshotBothWidths(operator, 'exam-copy-operator', {
    fullPage: false,
    settle: () => expect(dialog.locator('.ant-spin-spinning')).toHaveCount(0),
  });
  await keysChoice.getByText('Tidak', { exact: true }).click();
  await expect(showKey).toHaveCount(0);
  await expect(dialog.getByLabel('Waktu Tampil Kunci')).toHaveCount(0);

  const title = `Salinan tanpa kunci ${Date.now()}`;
  // The operator picks the meeting (its option reads "Pertemuan n · time"); a click during the
  // dropdown's animation can miss, so the choice is tried again until it took.
  const meetingSelect = dialog.locator('.ant-form-item').filter({ hasText: 'Pertemuan' });
  await expect(async () => {
    if ((await operator.locator('.ant-select-dropdown:visible').count()) === 0)
      await dialog.getByRole('combobox', { name: 'Pertemuan' }).click();
    const option = operator
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: `Pertemuan ${meeting.nomor} ·` })
      .first();
    await clickListItem(operator, option, 5_000);
    await expect(meetingSelect.locator('.ant-select-content')).toContainText(`Pertemuan ${meeting.nomor} ·`, {
      timeout: 2_000,
    });
  }).toPass({ timeout: 40_000 });
  await dialog.getByRole('textbox', { name: 'Judul', exact: true }).fill(title);
  const description = dialog.getByRole('textbox', { name: 'Deskripsi' });
  await description.click();
  await description.fill('Salinan untuk kelas paralel.');
  await chooseOption(operator, dialog, 'Jenis', 'Kuis');
  await pickInDialog(operator, 'Waktu Mulai', wibPicker(new Date(Date.now() + 24 * 3_600_000)));
  await pickInDialog(operator, 'Waktu Selesai', wibPicker(new Date(Date.now() + 26 * 3_600_000)));
  await expectNoSeriousAxeViolations(operator);
  await dialog.getByRole('button', { name: 'Tambah' }).click();
  await expect(operator.getByText('Kuis/Ujian berhasil ditambahkan')).toBeVisible();

  const copies = await api<Exam[]>(
    operator,
    'GET',
    `/v2/lms/ujian?search=${encodeURIComponent(title)}&per_page=10`,
  );
  const copy = copies.find((e) => e.judul === title)!;
  expect(copy.jumlah_soal).toBe(source.jumlah_soal);
  expect(copy.tampilkan_kunci_jawaban).toBe(false);
  const copied = await api<Content>(operator, 'GET', `/v2/lms/ujian/${copy.id}/kelompok_soal`);
  expect(keysOf(copied)).toEqual(keysOf(sourceContent).map((k) => (typeof k === 'string' ? '' : null)));
  await context.close();
});
