import { readFileSync } from 'node:fs';
import { expect as baseExpect, test, type Locator } from '@playwright/test';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import { formatFileSize } from '@lms/contract/format.rules';
import {
  api,
  createRunningExam,
  emulateSlowLink,
  expectNoSeriousAxeViolations,
  screenshot,
  signIn,
} from './helpers.ts';

test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const classId = '20261_01_IF2102';
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('a lecturer attaches files to an essay; a student on a phone sees them, attaches an answer file (retried) and the lecturer grades with it', async ({
  browser,
}) => {
  const run = Date.now();
  const lecturerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const lecturer = await lecturerContext.newPage();
  await signIn(lecturer, 'dosen');
  const meetings = await api<MeetingListItem[]>(
    lecturer,
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/pertemuan?per_page=20`,
  );
  const meeting = meetings.filter((m) => m.status === 'belum_dimulai').at(-2)!;
  const examId = await createRunningExam(
    lecturer,
    { id_pertemuan: meeting.id, judul: `Kuis Lampiran ${run}`, jenis: 'kuis', sifat: 'open' },
    [
      {
        pertanyaan: '<p>Normalisasikan tabel pada lampiran.</p>',
        isi: { jenis: 'esay', jenis_file_diterima: ['pdf'], kunci: '<p>Pisahkan kelompok berulang.</p>' },
      },
    ],
  );

  // The lecturer attaches the table to the question and the worked answer to the key.
  await lecturer.goto(`/ujian/${examId}`);
  await lecturer.getByRole('button', { name: 'edit Ubah', exact: true }).click();
  const dialog = lecturer.getByRole('dialog');
  const attach = (box: Locator, label: string, name: string) =>
    box
      .locator('div')
      .filter({ has: lecturer.getByRole('button', { name: label }) })
      .last()
      .locator('input[type=file]')
      .setInputFiles({ name, mimeType: 'application/pdf', buffer: pdf });
  await attach(dialog, 'Tambah Lampiran Soal', 'tabel-mahasiswa.pdf');
  await attach(dialog, 'Tambah Lampiran Kunci', 'kunci-normalisasi.pdf');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  await expect(lecturer.getByRole('link', { name: 'tabel-mahasiswa.pdf' })).toBeVisible();
  await expect(lecturer.getByRole('link', { name: 'kunci-normalisasi.pdf' })).toBeVisible();

  // The student on a phone: the question's file is there, the key's is not.
  const studentContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  let student = await studentContext.newPage();
  await signIn(student, 'mahasiswa');
  await student.setViewportSize({ width: 375, height: 812 });
  await student.goto(`/ujian/${examId}/soal`);
  await student.getByText('Saya telah membaca dan menyetujui ketentuan di atas').click();
  await student.getByRole('dialog').getByRole('button', { name: 'Mulai' }).click();
  await expect(student.getByRole('link', { name: 'tabel-mahasiswa.pdf' })).toBeVisible();
  await expect(student.getByText('kunci-normalisasi.pdf')).toHaveCount(0);
  await student.getByRole('textbox', { name: 'Jawaban soal 1' }).fill('Lihat lampiran jawaban.');

  // The first upload is lost on the way: the page says it tries again, and then it is there.
  let lost = 0;
  await student.route('**/jawaban/*/files', async (route) => {
    if (route.request().method() === 'PUT' && lost++ === 0) await route.abort('connectionreset');
    else await route.continue();
  });
  const answerFiles = student.getByTestId('answer-files');
  await answerFiles
    .locator('input[type=file]')
    .setInputFiles({ name: 'jawaban-normalisasi.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(answerFiles.getByText(/mengunggah ulang/)).toBeVisible();
  await expect(answerFiles.getByRole('button', { name: 'jawaban-normalisasi.pdf' })).toBeVisible();
  expect(lost).toBe(2);
  // A type the question does not take is explained before anything is sent.
  await answerFiles
    .locator('input[type=file]')
    .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: pdf });
  await expect(answerFiles.getByText('Lampiran jawaban harus berupa pdf.')).toBeVisible();
  await expectNoSeriousAxeViolations(student);
  await screenshot(student, 'exam-files-taking-375', { fullPage: true });

  // A reload keeps the answer's file.
  await student.reload();
  await expect(
    student.getByTestId('answer-files').getByRole('button', { name: 'jawaban-normalisasi.pdf' }),
  ).toBeVisible();
  // A bigger file on a slow uplink (100 KB/s, about 4 s): the page shows the bar with the percent and
  // the bytes sent of the whole while it goes, as the app's uploads do, and the file's size once there.
  const big = Buffer.concat([pdf, Buffer.alloc(400_000, 0x20)]);
  const cdp = await emulateSlowLink(studentContext, student, {
    latencyMs: 50,
    downKbps: 20_000,
    upKbps: 800,
  });
  await student
    .getByTestId('answer-files')
    .locator('input[type=file]')
    .setInputFiles({ name: 'jawaban-besar.pdf', mimeType: 'application/pdf', buffer: big });
  const uploading = student.getByTestId('answer-upload-progress');
  await expect(uploading.getByRole('status')).toHaveText(
    /^Mengunggah \d+(\.\d+)? (B|KB) dari 400(\.\d+)? KB \(\d{1,3}%\)$/,
  );
  await expect(uploading.getByRole('progressbar', { name: 'Progres unggah' })).toBeVisible();
  await screenshot(student, 'exam-files-uploading-375');
  await expect(
    student
      .getByTestId('answer-files')
      .getByRole('button', { name: `jawaban-besar.pdf (${formatFileSize(big.length)})` }),
  ).toBeVisible();
  await expect(uploading).toHaveCount(0);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await cdp.detach();
  await student.setViewportSize({ width: 1280, height: 800 });
  await screenshot(student, 'exam-files-size-1280');
  await student.setViewportSize({ width: 375, height: 812 });
  // Offline, a new choice is kept on the phone and sent by itself when the connection is back.
  await studentContext.setOffline(true);
  await student
    .getByTestId('answer-files')
    .locator('input[type=file]')
    .setInputFiles({ name: 'jawaban-akhir.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(student.getByTestId('answer-files').getByText(/disimpan di perangkat ini/)).toBeVisible({
    timeout: 30_000,
  });
  await screenshot(student, 'exam-files-kept-offline-375', { fullPage: true });
  await studentContext.setOffline(false);
  await expect(
    student.getByTestId('answer-files').getByRole('button', { name: 'jawaban-akhir.pdf' }),
  ).toBeVisible({ timeout: 30_000 });
  // The tab is closed while a file waits on the phone: the next visit sends it.
  await student.route('**/jawaban/*/files', (route) =>
    route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.continue(),
  );
  await student
    .getByTestId('answer-files')
    .locator('input[type=file]')
    .setInputFiles({ name: 'jawaban-final.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(student.getByTestId('answer-files').getByText(/disimpan di perangkat ini/)).toBeVisible({
    timeout: 30_000,
  });
  await student.close();
  student = await studentContext.newPage();
  await student.goto(`/ujian/${examId}/soal`);
  await expect(
    student.getByTestId('answer-files').getByRole('button', { name: 'jawaban-final.pdf' }),
  ).toBeVisible({ timeout: 30_000 });
  await student.getByRole('button', { name: 'Selesai' }).click();
  await student.getByRole('dialog').getByRole('button', { name: 'Ya' }).click();
  await expect(student).toHaveURL(new RegExp(`/ujian/${examId}$`));
  // The finished attempt lists the student's own answer file.
  await expect(
    student.getByLabel('Lampiran jawaban soal 1').getByRole('button', { name: 'jawaban-final.pdf' }),
  ).toBeVisible();
  await screenshot(student, 'exam-files-finished-375', { fullPage: true });

  // The lecturer grades with the student's file at hand, and it downloads.
  await lecturer.reload();
  await lecturer.getByRole('tab', { name: 'Hasil' }).click();
  await lecturer
    .locator('.ant-table-row')
    .filter({ hasText: 'Belum Dinilai' })
    .getByRole('button', { name: 'Nilai' })
    .click();
  const grading = lecturer.getByRole('dialog');
  // Answer files are private: fetched with the session, not linked; a PDF opens in the dialog (this
  // one is too small a PDF to draw, which the reader says) and downloads.
  await expect(grading.getByRole('button', { name: 'Tutup jawaban-final.pdf' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(
    grading
      .getByRole('img', { name: 'jawaban-final.pdf, halaman 1' })
      .or(grading.getByText('Dokumen tidak dapat ditampilkan. Unduh untuk membacanya.')),
  ).toBeVisible();
  const button = grading.getByRole('button', { name: 'Unduh jawaban-final.pdf' });
  await expect(button).toBeVisible();
  const downloading = lecturer.waitForEvent('download');
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('jawaban-final.pdf');
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await grading.getByLabel('Nilai soal 1').fill('90');
  await grading.getByRole('button', { name: 'Simpan Nilai' }).click();
  await expect(lecturer.getByText('Berhasil update nilai')).toBeVisible();
  await expectNoSeriousAxeViolations(lecturer);
  await screenshot(lecturer, 'exam-files-grading-1280', { fullPage: true });
  await studentContext.close();
  await lecturerContext.close();
});
