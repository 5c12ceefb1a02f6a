import { expect as baseExpect, test, type Page } from '@playwright/test';
import type { Attempt, QuestionGroup } from '@lms/contract/exam.schema';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import { api, createRunningExam, expectNoSeriousAxeViolations, screenshot, signIn } from './helpers.ts';
import { uniqueTitle } from './test-data.ts';

test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const classId = '20261_01_IF2102';

const shortAnswer = (teks: string) => ({
  pertanyaan: '<p>Perintah SQL untuk mengambil data adalah …</p>',
  isi: { jenis: 'isian_singkat', jawaban: [{ teks, nilai: 100 }], peka_huruf_besar: false },
});
const questions = [
  shortAnswer('SELECT'),
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
];

function attemptOf(lecturer: Page, examId: string, studentId: string) {
  return api<Attempt>(lecturer, 'GET', `/v2/lms/ujian/${examId}/pengerjaan/${studentId}`);
}

test("a lecturer's mark overrides the automatic one, survives a corrected key and can go back; a typed unit is not doubled", async ({
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
  const meeting = meetings.filter((m) => m.status === 'belum_dimulai').at(-3)!;
  const examId = await createRunningExam(
    lecturer,
    { id_pertemuan: meeting.id, judul: uniqueTitle('Kuis Nilai Dosen'), jenis: 'kuis', sifat: 'open' },
    questions,
  );

  // The student on a phone: a synonym the key does not list, and a number with its unit typed in the box.
  const studentContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const student = await studentContext.newPage();
  await signIn(student, 'mahasiswa');
  await student.setViewportSize({ width: 375, height: 812 });
  await student.goto(`/ujian/${examId}/soal`);
  await student.getByText('Saya telah membaca dan menyetujui ketentuan di atas').click();
  await student.getByRole('dialog').getByRole('button', { name: 'Mulai' }).click();
  await student.getByRole('textbox', { name: 'Jawaban soal 1' }).fill('AMBIL');
  await student.getByRole('textbox', { name: 'Jawaban soal 2' }).pressSequentially('980 cm/s2');
  await expect(student.getByRole('textbox', { name: 'Jawaban soal 2' })).toHaveValue('980 cm/s2');
  await expect(student.getByRole('combobox', { name: 'Satuan jawaban soal 2' })).toHaveValue('cm/s2');
  await expect(student.getByTestId('exam-save-state')).toHaveText('Semua jawaban tersimpan');
  const held = await api<Attempt>(student, 'GET', `/v2/lms/ujian/${examId}/pengerjaan/me`);
  expect(held.kelompok_soal[0]!.soal.map((q) => q.jawaban)).toEqual([
    { jenis: 'isian_singkat', teks: 'AMBIL' },
    { jenis: 'numerik', teks: '980 cm/s2' },
  ]);
  await screenshot(student, 'mark-override-numeric-typed-unit-375');
  await student.getByRole('button', { name: 'Selesai' }).click();
  await student.getByRole('dialog').getByRole('button', { name: 'Ya' }).click();
  await expect(student).toHaveURL(new RegExp(`/ujian/${examId}$`));

  // Automatic: the synonym 0, the number 100 → 50.
  const studentId = held.mahasiswa.id;
  await expect.poll(async () => (await attemptOf(lecturer, examId, studentId)).nilai_akhir).toBe(50);
  await lecturer.goto(`/ujian/${examId}?tab=hasil`);
  const row = lecturer.locator('.ant-table-row').filter({ hasText: 'Rizky Aditya Pratama' });
  await row.getByRole('button', { name: 'Nilai' }).click();
  const grading = lecturer.getByRole('dialog');
  const card = (nomor: number) =>
    grading
      .locator('.ant-card')
      .filter({ has: lecturer.getByRole('spinbutton', { name: `Nilai soal ${nomor}` }) });
  await expect(card(1).getByText('Otomatis', { exact: true })).toBeVisible();
  await expect(card(2).getByText('Otomatis', { exact: true })).toBeVisible();
  await card(1).getByRole('spinbutton', { name: 'Nilai soal 1' }).fill('100');
  await card(1).getByRole('button', { name: 'Simpan Nilai' }).click();
  await expect(card(1).getByText('Diubah dosen')).toBeVisible();
  await expect(grading.getByText('100.00')).toBeVisible();
  await expectNoSeriousAxeViolations(lecturer);
  await screenshot(lecturer, 'mark-override-grading-1280');
  await lecturer.setViewportSize({ width: 375, height: 812 });
  await screenshot(lecturer, 'mark-override-grading-375');
  await lecturer.setViewportSize({ width: 1280, height: 800 });
  await grading.getByRole('button', { name: 'Tutup' }).click();

  // A corrected key of question 1 rescores the attempt; the lecturer's 100 stays.
  const content = await api<{ kelompok_soal: QuestionGroup[] }>(
    lecturer,
    'GET',
    `/v2/lms/ujian/${examId}/kelompok_soal`,
  );
  const group = content.kelompok_soal[0]!;
  await api(lecturer, 'PUT', `/v2/lms/ujian/${examId}/kelompok_soal/${group.id}/soal/${group.soal[0]!.id}`, {
    ...shortAnswer('PILIH'),
  });
  await expect
    .poll(
      async () =>
        (await api<{ status: string }>(lecturer, 'GET', `/v2/lms/ujian/${examId}/perhitungan_nilai`)).status,
      {
        timeout: 90_000,
      },
    )
    .toBe('selesai');
  expect((await attemptOf(lecturer, examId, studentId)).nilai_akhir).toBe(100);

  // Back to the automatic mark: 0 with the corrected key too.
  await lecturer.reload();
  await row.getByRole('button', { name: 'Nilai' }).click();
  await expect(card(1).getByText('Diubah dosen')).toBeVisible();
  await card(1).getByRole('button', { name: 'Kembalikan ke nilai otomatis' }).click();
  await expect(card(1).getByText('Otomatis', { exact: true })).toBeVisible();
  await expect(grading.getByText('50.00')).toBeVisible();
  await expect(card(1).getByRole('spinbutton', { name: 'Nilai soal 1' })).toHaveValue('0');
  await studentContext.close();
  await lecturerContext.close();
});
