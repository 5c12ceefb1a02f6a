import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import type { Attempt } from '@lms/contract/exam.schema';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import type { ClassGroups } from '@lms/contract/task-group.schema';
import {
  api,
  createRunningExam,
  demoPassword,
  chooseOption,
  expectNoSeriousAxeViolations,
  pickInDialog,
  screenshot,
  screenshotBothWidths,
  signIn,
  wibPicker,
  clickListItem,
} from './helpers.ts';
import { uniqueTitle } from './test-data.ts';

// The whole exam from building to rescoring and comments: past 180 s on a slow two-core CI machine.
test.describe.configure({ timeout: 360_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const classId = '20261_01_IF2102';

test('a lecturer builds a quiz, a student takes it through a lost connection and a reload, the lecturer grades the essay', async ({
  browser,
}) => {
  // Other tests and repeats add quizzes to the same meeting: this one names its own.
  const title = uniqueTitle('Kuis Basis Data E2E');
  const lecturerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const lecturer = await lecturerContext.newPage();
  await signIn(lecturer, 'dosen');
  const meetings = await api<MeetingListItem[]>(
    lecturer,
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/pertemuan?per_page=20`,
  );
  // A meeting the other content specs leave alone.
  const meeting = meetings.filter((m) => m.status === 'belum_dimulai').at(-2)!;
  await lecturer.goto(`/kelas/${classId}/${meeting.id}`);

  // The form: the eight checks come before saving, as bottom toasts with the spec's texts.
  await lecturer.getByRole('button', { name: 'Tambah Kuis/Ujian' }).click();
  const dialog = lecturer.getByRole('dialog');
  await expect(dialog.getByText('Tambah Data Kuis/Ujian')).toBeVisible();
  await dialog.getByLabel('Judul').fill(title);
  const description = dialog.getByRole('textbox', { name: 'Deskripsi' });
  await description.click();
  await description.fill('Kerjakan sendiri tanpa bantuan.');
  await chooseOption(lecturer, dialog, 'Jenis', 'Kuis');
  await pickInDialog(lecturer, 'Waktu Mulai', wibPicker(new Date(Date.now() - 5 * 60_000)));
  await pickInDialog(lecturer, 'Waktu Selesai', wibPicker(new Date(Date.now() + 2 * 3_600_000)));
  await dialog
    .locator('.ant-form-item')
    .filter({ hasText: 'Batas Waktu' })
    .getByText('Ya', { exact: true })
    .click();
  await dialog.getByRole('button', { name: 'Tambah' }).click();
  await expect(lecturer.locator('.toast-notification').getByText('Durasi wajib diisi')).toBeVisible();
  await dialog.getByLabel('Durasi (menit)').fill('30');
  await screenshot(lecturer, 'exam-form-desktop');
  await dialog.getByRole('button', { name: 'Tambah' }).click();
  await expect(lecturer.getByText('Kuis/Ujian berhasil ditambahkan')).toBeVisible();
  await expectNoSeriousAxeViolations(lecturer);

  // The questions: one group with a choice, a true/false and an essay. Until then students do not see
  // the quiz, and the lecturer is told so in the meeting and on the exam's page.
  const card = lecturer.getByTestId('exam-card').filter({ hasText: title });
  const noQuestions = 'Belum ada soal — belum terlihat oleh mahasiswa';
  await expect(card.getByTestId('exam-no-questions')).toHaveText(noQuestions);
  await screenshot(card, 'exam-no-questions-meeting');
  await card.getByRole('link', { name: title, exact: true }).click();
  await expect(lecturer).toHaveURL(/\/ujian\/[0-9a-f-]+$/);
  const examUrl = new URL(lecturer.url()).pathname;
  await expect(lecturer.getByTestId('exam-no-questions')).toContainText(noQuestions);
  await screenshotBothWidths(lecturer, 'exam-no-questions');
  await lecturer.getByRole('button', { name: 'Tambah Kelompok Soal' }).click();
  await expect(lecturer.getByText('Kelompok Soal 1')).toBeVisible();

  const addQuestion = async (fill: () => Promise<void>) => {
    await lecturer.getByRole('button', { name: 'Tambah Soal' }).click();
    await expect(lecturer.getByRole('dialog').getByText('Tambah Soal Baru')).toBeVisible();
    await fill();
    await lecturer.getByRole('dialog').getByRole('button', { name: 'Simpan' }).click();
    await expect(lecturer.getByRole('dialog')).toBeHidden();
  };
  const question = (text: string) => async () => {
    const box = lecturer.getByRole('dialog').getByRole('textbox', { name: 'Pertanyaan' });
    await box.click();
    await box.fill(text);
  };
  await addQuestion(async () => {
    await question('Perintah SQL untuk mengambil data adalah …')();
    const q = lecturer.getByRole('dialog');
    await q.getByRole('textbox', { name: 'Pilihan 1', exact: true }).fill('INSERT');
    await q.getByRole('textbox', { name: 'Pilihan 2', exact: true }).fill('SELECT');
    await q.getByRole('textbox', { name: 'Pilihan 3', exact: true }).fill('DELETE');
    await q.getByRole('radio', { name: 'Kunci pilihan 2' }).check();
  });
  await addQuestion(async () => {
    await chooseOption(lecturer, lecturer.getByRole('dialog'), 'Jenis Soal', 'Benar/Salah');
    await question('Primary key boleh bernilai NULL.')();
    await lecturer.getByRole('dialog').getByRole('radio', { name: 'Salah' }).check();
  });
  await addQuestion(async () => {
    await chooseOption(lecturer, lecturer.getByRole('dialog'), 'Jenis Soal', 'Esai');
    await question('Jelaskan normalisasi bentuk pertama.')();
  });
  await expect(lecturer.getByTestId('question')).toHaveCount(3);
  await expect(lecturer.getByTestId('exam-no-questions')).toBeHidden();
  await screenshot(lecturer, 'exam-questions-desktop', { fullPage: true });
  await expectNoSeriousAxeViolations(lecturer);

  // The student, on a phone.
  const studentContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const student = await studentContext.newPage();
  await signIn(student, 'mahasiswa');
  await student.setViewportSize({ width: 375, height: 812 });
  await student.goto(`${examUrl}/soal`);
  const confirm = student.getByRole('dialog');
  await expect(confirm.getByText('Konfirmasi Mulai Ujian')).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Mulai' })).toBeDisabled();
  await confirm.getByText('Saya telah membaca dan menyetujui ketentuan di atas').click();
  await screenshot(student, 'exam-confirm-phone');
  await expectNoSeriousAxeViolations(student);
  await confirm.getByRole('button', { name: 'Mulai' }).click();
  const saveState = student.getByTestId('exam-save-state');
  await expect(student.getByTestId('exam-countdown')).toContainText(/Sisa waktu (29|30):\d\d/);

  await student.getByText('B. SELECT').click();
  await expect(saveState).toHaveText('Semua jawaban tersimpan');

  // The connection drops: answers stay on the device and the page says so.
  await studentContext.setOffline(true);
  await student.getByRole('radio', { name: 'Salah' }).check();
  await student.getByRole('textbox', { name: 'Jawaban soal 3' }).fill('Setiap kolom berisi nilai atomik.');
  await expect(saveState).toContainText('Offline');
  await screenshot(student, 'exam-offline-phone', { fullPage: true });

  // Back online, and the tab reloaded: nothing is lost, the unsent answers go out.
  await studentContext.setOffline(false);
  await student.reload();
  await expect(student.getByRole('textbox', { name: 'Jawaban soal 3' })).toHaveValue(
    'Setiap kolom berisi nilai atomik.',
  );
  await expect(student.getByRole('radio', { name: 'Salah' })).toBeChecked();
  await expect(saveState).toHaveText('Semua jawaban tersimpan');
  await expect(student.getByText('Dijawab 3/3')).toBeVisible();
  await expectNoSeriousAxeViolations(student);
  await screenshot(student, 'exam-taking-phone', { fullPage: true });
  // The lecturer gives ten more minutes: the student's countdown moves without a reload.
  await expect(student.getByTestId('exam-countdown')).toContainText(/Sisa waktu 2\d:\d\d/);
  await lecturer.goto(examUrl);
  await lecturer.getByRole('tab', { name: 'Hasil' }).click();
  await lecturer.getByLabel('Perpanjang waktu (menit)').fill('10');
  await lecturer.getByRole('button', { name: 'Perpanjang', exact: true }).click();
  await expect(lecturer.getByText('Waktu kuis/ujian diperpanjang 10 menit')).toBeVisible();
  await expect(student.getByTestId('exam-countdown')).toContainText(/Sisa waktu 3\d:\d\d/);

  await student.getByRole('button', { name: 'Selesai' }).click();
  await student.getByRole('dialog').getByRole('button', { name: 'Ya' }).click();
  await expect(student).toHaveURL(new RegExp(`${examUrl}$`));
  await expect(student.getByText('Dijawab 3 dari 3 soal')).toBeVisible();

  // The lecturer marks the essay and publishes.
  await lecturer.reload();
  await lecturer.getByRole('tab', { name: 'Hasil' }).click();
  const row = lecturer.locator('.ant-table-row').filter({ hasText: 'Belum Dinilai' });
  await row.getByRole('button', { name: 'Nilai' }).click();
  const grading = lecturer.getByRole('dialog');
  await grading.getByLabel('Nilai soal 3').fill('80');
  // Every question has its mark field now (a lecturer may override an automatic mark): the essay's.
  await grading
    .locator('.ant-card')
    .filter({ has: lecturer.getByRole('spinbutton', { name: 'Nilai soal 3' }) })
    .getByRole('button', { name: 'Simpan Nilai' })
    .click();
  await expect(lecturer.getByText('Berhasil update nilai')).toBeVisible();
  // Choice right (100), true/false right (100), essay 80.
  await expect(grading.getByText('93.33')).toBeVisible();
  await screenshot(lecturer, 'exam-grading-desktop');
  await grading.getByRole('button', { name: 'Tutup' }).click();
  await expect(grading).toBeHidden();
  await lecturer.getByRole('switch', { name: 'Tampilkan nilai ke mahasiswa' }).click();
  await expect(lecturer.getByText('Berhasil publish nilai')).toBeVisible();
  await expect(lecturer.locator('.ant-table-row').filter({ hasText: 'Sudah Dinilai' })).toBeVisible();
  // Every enrolled student is listed: the one who sat the quiz, and those who did not.
  await expect(lecturer.locator('.ant-table-row').filter({ hasText: 'Rizky Aditya Pratama' })).toContainText(
    'Sudah Dinilai',
  );
  await expect(
    lecturer.locator('.ant-table-row').filter({ hasText: 'Tidak Mengerjakan' }).first(),
  ).toBeVisible();
  await screenshotBothWidths(lecturer, 'exam-results');

  await student.reload();
  await expect(student.getByText(/Nilai Akhir 93\.33/)).toBeVisible();
  await screenshot(student, 'exam-result-phone', { fullPage: true });
  // The lecturer corrects the true/false key after the attempt: the score is calculated again.
  await lecturer.getByRole('tab', { name: 'Soal', exact: true }).click();
  await lecturer.locator('.ant-card-type-inner').nth(1).getByRole('button', { name: 'Ubah' }).click();
  await lecturer.getByRole('dialog').getByRole('radio', { name: 'Benar' }).check();
  await lecturer.getByRole('dialog').getByRole('button', { name: 'Simpan' }).click();
  await expect(lecturer.getByRole('dialog')).toBeHidden();
  await lecturer.getByRole('tab', { name: 'Hasil' }).click();
  // Choice right (100), true/false now wrong (0), essay 80.
  await expect(lecturer.locator('.ant-table-row').filter({ hasText: 'Sudah Dinilai' })).toContainText(
    'Sudah Dinilai60.00',
    { timeout: 90_000 },
  );
  await expect(lecturer.getByText('Sedang proses perhitungan nilai')).toBeHidden();
  await student.reload();
  await expect(student.getByText(/Nilai Akhir 60\b/)).toBeVisible();
  // A comment on the exam reaches the lecturer's thread of this student.
  const studentThread = student.locator('.ant-card').filter({ hasText: 'Komentar' });
  await studentThread.getByRole('textbox', { name: 'Tulis pesan' }).fill('Terima kasih, Bu.');
  await studentThread.getByRole('button', { name: 'Kirim' }).click();
  await expect(studentThread.getByText('Terima kasih, Bu.')).toBeVisible();
  await lecturer.reload();
  const picker = lecturer.getByRole('combobox', { name: 'Pilih mahasiswa' });
  await picker.click();
  await clickListItem(lecturer, lecturer.locator('.ant-select-item-option').first());
  await expect(lecturer.locator('.ant-card').filter({ hasText: 'Terima kasih, Bu.' }).last()).toBeVisible();
  await student.goto('/ujian');
  // Newest start first: the other flows' exams starting later can push this one off the first page.
  await student.locator('.ant-segmented').getByText('Sedang Berlangsung', { exact: true }).click();
  await expect(student.getByTestId('exam-card').filter({ hasText: title })).toBeVisible();
  await expectNoSeriousAxeViolations(student);
  await screenshot(student, 'exam-list-phone', { fullPage: true });
  // The lecturer's list narrows to one course; a reload keeps the filter (it is in the address).
  await lecturer.goto('/ujian');
  const cards = lecturer.getByTestId('exam-card');
  await expect(cards.filter({ hasNotText: 'IF3103' }).first()).toBeVisible();
  const course = 'IF3103(IF3103) - Rekayasa Perangkat Lunak';
  const courseFilter = lecturer.getByRole('combobox', { name: 'Mata Kuliah' });
  await courseFilter.click();
  await courseFilter.fill('IF3103');
  await clickListItem(lecturer, lecturer.locator('.ant-select-dropdown:visible').getByTitle(course));
  await expect(lecturer).toHaveURL(/[?&]id_mata_kuliah=IF3103\b/);
  await expect(cards.first()).toContainText('IF3103');
  await expect(cards.filter({ hasNotText: 'IF3103' })).toHaveCount(0);
  await lecturer.reload();
  await expect(
    lecturer.locator('.ant-select').filter({ has: courseFilter }).locator('.ant-select-content'),
  ).toHaveText(course);
  await expect(cards.first()).toContainText('IF3103');
  await expect(cards.filter({ hasNotText: 'IF3103' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(lecturer);
  await screenshotBothWidths(lecturer, 'exam-list-filtered');
  await studentContext.close();
  await lecturerContext.close();
});

/** Signs in as the first of `nims` who may (the demo has students on leave, who may not). */
async function signedInStudent(browser: Browser, nims: string[]): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  for (const nim of nims) {
    await page.goto('/login');
    await page.getByLabel('Username').fill(nim);
    await page.getByLabel('Password').fill(demoPassword);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    const refused = page.getByText('Username Atau Password Salah.');
    await expect(page.getByRole('navigation', { name: 'Menu utama' }).or(refused)).toBeVisible();
    if (!(await refused.isVisible())) return page;
  }
  throw new Error(`none of ${nims.join(', ')} may sign in`);
}

test('the lecturer marks two essays with Berikutnya and Sebelumnya, each saved before moving', async ({
  browser,
}) => {
  const lecturer = await (await browser.newContext()).newPage();
  await signIn(lecturer, 'dosen');
  const meetings = await api<MeetingListItem[]>(
    lecturer,
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/pertemuan?per_page=20`,
  );
  const meeting = meetings.filter((m) => m.status === 'belum_dimulai').at(-4)!;
  const examId = await createRunningExam(
    lecturer,
    { id_pertemuan: meeting.id, judul: `Kuis Esai Berurutan ${Date.now()}`, jenis: 'kuis', sifat: 'open' },
    [{ pertanyaan: '<p>Jelaskan normalisasi.</p>', isi: { jenis: 'esay', kunci: '<p>Bentuk normal.</p>' } }],
  );
  // Two students sit it through the API: start, answer the essay, submit.
  const first = await (await browser.newContext()).newPage();
  await signIn(first, 'mahasiswa');
  const myName = (await api<{ nama: string }>(first, 'GET', '/v2/user_info')).nama;
  const groups = await api<ClassGroups>(lecturer, 'GET', `/v2/lms/kelas_kuliah/${classId}/kelompok`);
  const second = await signedInStudent(
    browser,
    groups.kelompok.flatMap((g) =>
      g.anggota.filter((a) => a.mahasiswa.nama !== myName).map((a) => a.mahasiswa.nim),
    ),
  );
  for (const [student, answer] of [
    [first, 'Memecah tabel agar tidak berulang.'],
    [second, 'Menghilangkan anomali pembaruan.'],
  ] as const) {
    const attempt = await api<Attempt>(student, 'POST', `/v2/lms/ujian/${examId}/pengerjaan/start`);
    const question = attempt.kelompok_soal[0]!.soal[0]!;
    await api(student, 'PUT', `/v2/lms/pengerjaan/${attempt.id}/jawaban/${question.id}`, {
      jawaban: { jenis: 'esay', teks: answer },
      urutan: 1,
    });
    await api(student, 'POST', `/v2/lms/pengerjaan/${attempt.id}/selesai`);
  }

  await lecturer.goto(`/ujian/${examId}?tab=hasil`);
  await lecturer
    .locator('.ant-table-row')
    .filter({ hasText: 'Belum Dinilai' })
    .first()
    .getByRole('button', { name: 'Nilai' })
    .click();
  const grading = lecturer.getByRole('dialog');
  await expect(grading.getByText('Mahasiswa 1 dari 2')).toBeVisible();
  await grading.getByLabel('Nilai soal 1').fill('70');
  await grading.getByRole('button', { name: 'Berikutnya ›' }).click();
  await expect(lecturer.getByText('Berhasil update nilai')).toBeVisible();
  await expect(grading.getByText('Mahasiswa 2 dari 2')).toBeVisible();
  // The mark typed for the first student is not carried over.
  await expect(grading.getByLabel('Nilai soal 1')).toHaveValue('');
  await grading.getByLabel('Nilai soal 1').fill('90');
  await screenshotBothWidths(lecturer, 'exam-grading-stepper', { fullPage: false });
  await grading.getByRole('button', { name: '‹ Sebelumnya' }).click();
  await expect(grading.getByText('Mahasiswa 1 dari 2')).toBeVisible();
  await expect(grading.getByLabel('Nilai soal 1')).toHaveValue('70');
  await grading.getByRole('button', { name: 'Tutup' }).click();
  await expect(lecturer.locator('.ant-table-row').filter({ hasText: 'Sudah Dinilai' })).toHaveCount(2);
  await expect(lecturer.locator('.ant-table-row').filter({ hasText: '90.00' })).toBeVisible();
});
