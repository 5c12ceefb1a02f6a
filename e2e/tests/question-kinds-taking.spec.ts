import { expect as baseExpect, test, type Page } from '@playwright/test';
import type { Attempt, QuestionGroup } from '@lms/contract/exam.schema';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import { api, createRunningExam, expectNoSeriousAxeViolations, screenshot, signIn } from './helpers.ts';
import { uniqueTitle } from './test-data.ts';

test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const classId = '20261_01_IF2102';

// The key of question 3 as first saved (CREATE wrongly ticked) and as corrected (INSERT and UPDATE).
const wrongWeights = [50, 50, -100, -100];
const rightWeights = [50, -100, 50, -100];

/** One question of each kind of issue 43, with their keys, as the question form sends them. */
const questions = [
  {
    pertanyaan: '<p>Perintah SQL untuk mengambil data adalah …</p>',
    isi: { jenis: 'isian_singkat', jawaban: [{ teks: 'SELECT', nilai: 100 }], peka_huruf_besar: false },
  },
  {
    pertanyaan: '<p>Percepatan gravitasi di permukaan bumi adalah …</p>',
    isi: {
      jenis: 'numerik',
      jawaban: [{ angka: 9.8, toleransi: 0.1, nilai: 100 }],
      satuan: [
        { satuan: 'm/s2', pengali: 1 },
        { satuan: 'cm/s2', pengali: 100 },
      ],
    },
  },
  {
    pertanyaan: '<p>Manakah yang termasuk perintah DML?</p>',
    isi: {
      jenis: 'pilihan_kompleks',
      pilihan: [{ teks: 'INSERT' }, { teks: 'CREATE' }, { teks: 'UPDATE' }, { teks: 'DROP' }],
      bobot: wrongWeights,
    },
  },
  {
    pertanyaan: '<p>Jodohkan negara dengan ibu kotanya.</p>',
    isi: {
      jenis: 'menjodohkan',
      pasangan: [
        { kiri: 'Indonesia', kanan: 'Jakarta' },
        { kiri: 'Jepang', kanan: 'Tokyo' },
        { kiri: 'Korea Selatan', kanan: 'Seoul' },
      ],
      pengecoh: ['Bangkok'],
    },
  },
  {
    pertanyaan: '<p>Perintah [[1]] membuat tabel baru dan termasuk kelompok [[2]].</p>',
    isi: {
      jenis: 'isian_rumpang',
      rumpang: [
        { jenis: 'isian', jawaban: [{ teks: 'CREATE TABLE', nilai: 100 }], peka_huruf_besar: false },
        { jenis: 'pilihan', pilihan: ['DDL', 'DML', 'DCL'], kunci: 0 },
      ],
    },
  },
];

/** The student's attempt as the lecturer reads it (marks and nilai_akhir after scoring). */
function attemptOf(lecturer: Page, examId: string, studentId: string) {
  return api<Attempt>(lecturer, 'GET', `/v2/lms/ujian/${examId}/pengerjaan/${studentId}`);
}

test('a student on a phone answers the five new kinds through a lost connection; a corrected key rescores', async ({
  browser,
}) => {
  const lecturerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const lecturer = await lecturerContext.newPage();
  await signIn(lecturer, 'dosen');
  const meetings = await api<MeetingListItem[]>(
    lecturer,
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/pertemuan?per_page=20`,
  );
  const meeting = meetings.filter((m) => m.status === 'belum_dimulai').at(-4)!;
  const examId = await createRunningExam(
    lecturer,
    { id_pertemuan: meeting.id, judul: uniqueTitle('Kuis Jenis Soal Baru'), jenis: 'kuis', sifat: 'open' },
    questions,
  );

  const studentContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const student = await studentContext.newPage();
  await signIn(student, 'mahasiswa');
  await student.setViewportSize({ width: 375, height: 812 });
  await student.goto(`/ujian/${examId}/soal`);
  await student.getByText('Saya telah membaca dan menyetujui ketentuan di atas').click();
  await student.getByRole('dialog').getByRole('button', { name: 'Mulai' }).click();
  await expect(student.getByTestId('exam-countdown')).toContainText(/Sisa waktu (29|30):\d\d/);
  const saveState = student.getByTestId('exam-save-state');
  // The student's copy hides every key: the matching lists offer the right-hand texts sorted, no pairs.
  await expect(student.getByRole('combobox', { name: 'Indonesia' }).locator('option')).toHaveText([
    'Pilih pasangan',
    'Bangkok',
    'Jakarta',
    'Seoul',
    'Tokyo',
  ]);
  await expect(student.getByText('[[1]]')).toHaveCount(0);
  await screenshot(student, 'question-kinds-taking-empty-375', { fullPage: true });

  // Online: a short answer (typed; its case does not count) and a number in another unit.
  await student.getByRole('textbox', { name: 'Jawaban soal 1' }).pressSequentially('select');
  await student.getByRole('textbox', { name: 'Jawaban soal 2' }).fill('980');
  await student.getByRole('combobox', { name: 'Satuan jawaban soal 2' }).selectOption('cm/s2');
  await expect(saveState).toHaveText('Semua jawaban tersimpan');
  await expect(student.getByText('Dijawab 2/5')).toBeVisible();

  // Offline for a while: the other three are kept on the phone and counted.
  await studentContext.setOffline(true);
  await expect(saveState).toContainText('Offline');
  await student.getByRole('checkbox', { name: /INSERT/ }).check();
  await student.getByRole('checkbox', { name: /UPDATE/ }).check();
  await student.getByRole('combobox', { name: 'Indonesia' }).selectOption('Jakarta');
  await student.getByRole('combobox', { name: 'Jepang' }).selectOption('Tokyo');
  await student.getByRole('combobox', { name: 'Korea Selatan' }).selectOption('Bangkok');
  await student.getByRole('textbox', { name: 'Rumpang 1 soal 5' }).fill('create table');
  await student.getByRole('combobox', { name: 'Rumpang 2 soal 5' }).selectOption('DDL');
  await expect(student.getByText('Dijawab 5/5')).toBeVisible();
  await expect(saveState).toContainText('3 jawaban belum terkirim');
  await student.waitForTimeout(3_000);
  await screenshot(student, 'question-kinds-taking-offline-375', { fullPage: true });

  // Back online: everything is sent, and the server holds each answer as given.
  await studentContext.setOffline(false);
  await expect(saveState).toHaveText('Semua jawaban tersimpan');
  const held = await api<Attempt>(student, 'GET', `/v2/lms/ujian/${examId}/pengerjaan/me`);
  expect(held.kelompok_soal[0]!.soal.map((q) => q.jawaban)).toEqual([
    { jenis: 'isian_singkat', teks: 'select' },
    { jenis: 'numerik', teks: '980 cm/s2' },
    { jenis: 'pilihan_kompleks', pilihan: [0, 2] },
    { jenis: 'menjodohkan', pasangan: ['Jakarta', 'Tokyo', 'Bangkok'] },
    { jenis: 'isian_rumpang', rumpang: ['create table', 0] },
  ]);
  // A reload draws each answer again from what was kept.
  await student.reload();
  await expect(student.getByRole('textbox', { name: 'Jawaban soal 2' })).toHaveValue('980');
  await expect(student.getByRole('combobox', { name: 'Satuan jawaban soal 2' })).toHaveValue('cm/s2');
  await expect(student.getByRole('checkbox', { name: /UPDATE/ })).toBeChecked();
  await expect(student.getByRole('combobox', { name: 'Korea Selatan' })).toHaveValue('Bangkok');
  await expect(student.getByRole('textbox', { name: 'Rumpang 1 soal 5' })).toHaveValue('create table');
  await expectNoSeriousAxeViolations(student);
  await screenshot(student, 'question-kinds-taking-375', { fullPage: true });
  await student.setViewportSize({ width: 1280, height: 800 });
  await screenshot(student, 'question-kinds-taking-1280', { fullPage: true });
  await student.setViewportSize({ width: 375, height: 812 });

  await student.getByRole('button', { name: 'Selesai' }).click();
  await student.getByRole('dialog').getByRole('button', { name: 'Ya' }).click();
  await expect(student).toHaveURL(new RegExp(`/ujian/${examId}$`));
  await expect(student.getByText('Dijawab 5 dari 5 soal')).toBeVisible();
  // The student's own answers after the attempt, each kind readable (no key before its time).
  const own = student.locator('.ant-card').filter({ hasText: 'Jawaban Anda' });
  await expect(own).toContainText('980 cm/s2');
  await expect(own).toContainText('create table');
  await expect(own).toContainText('Bangkok');
  await screenshot(own, 'question-kinds-own-result-375');

  // The lecturer's view of the attempt: short 100, numeric 100, multiple answers 50 − 100 → 0,
  // matching 2 of 3 → 67, gaps 100: (100 + 100 + 0 + 67 + 100) / 5 = 73.4.
  const studentId = held.mahasiswa.id;
  await expect.poll(async () => (await attemptOf(lecturer, examId, studentId)).nilai_akhir).toBe(73.4);
  await lecturer.goto(`/ujian/${examId}?tab=hasil`);
  const row = lecturer.locator('.ant-table-row').filter({ hasText: 'Rizky Aditya Pratama' });
  await row.getByRole('button', { name: 'Nilai' }).click();
  const grading = lecturer.getByRole('dialog');
  await expect(grading.getByText('73.40')).toBeVisible();
  // Each answer is shown with its mark (question-view.tsx draws the answer beside the key).
  await expect(grading.getByText('Nilai 67')).toBeVisible();
  await expect(grading).toContainText('980 cm/s2');
  await expect(grading).toContainText('create table');
  await screenshot(lecturer, 'question-kinds-grading-1280');
  await grading.getByRole('button', { name: 'Tutup' }).click();

  // The key of question 3 is corrected (through the API): the attempt is scored again, 0 → 100 = 93.4.
  const content = await api<{ kelompok_soal: QuestionGroup[] }>(
    lecturer,
    'GET',
    `/v2/lms/ujian/${examId}/kelompok_soal`,
  );
  const group = content.kelompok_soal[0]!;
  const multiple = group.soal[2]!;
  await api(lecturer, 'PUT', `/v2/lms/ujian/${examId}/kelompok_soal/${group.id}/soal/${multiple.id}`, {
    pertanyaan: multiple.pertanyaan,
    isi: { ...questions[2]!.isi, bobot: rightWeights },
  });
  await expect
    .poll(async () => (await attemptOf(lecturer, examId, studentId)).nilai_akhir, { timeout: 90_000 })
    .toBe(93.4);
  await lecturer.reload();
  await expect(row).toContainText('93.40');
  await row.getByRole('button', { name: 'Nilai' }).click();
  await expect(grading.getByText('93.40')).toBeVisible();
  await grading.getByRole('button', { name: 'Tutup' }).click();

  // The preview draws each kind with its key for the lecturer.
  await lecturer.getByRole('tab', { name: 'Pratinjau' }).click();
  const preview = lecturer.getByRole('tabpanel');
  await expect(preview).toContainText('Jodohkan negara dengan ibu kotanya.');
  await expect(preview).toContainText('Seoul');
  await expect(preview).not.toContainText('[[1]]');
  await screenshot(lecturer, 'question-kinds-preview-1280', { fullPage: true });

  // The answer statistics: picks per option for multiple answers, "-" for the kinds without options.
  await lecturer.getByRole('tab', { name: 'Statistik' }).click();
  await expect(lecturer.getByText('A: 1 · B: 0 · C: 1 · D: 0')).toBeVisible();
  await screenshot(lecturer, 'question-kinds-stats-1280', { fullPage: true });
  await studentContext.close();
  await lecturerContext.close();
});
