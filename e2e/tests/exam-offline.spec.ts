import { expect as baseExpect, test, type Page } from '@playwright/test';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
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

/** A running 30-minute open-book quiz with a choice, a true/false and an essay, built through the API. */
async function createRunningQuiz(lecturer: Page, title: string): Promise<string> {
  const meetings = await api<MeetingListItem[]>(
    lecturer,
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/pertemuan?per_page=20`,
  );
  const meeting = meetings.filter((m) => m.status === 'belum_dimulai').at(-3)!;
  return createRunningExam(
    lecturer,
    { id_pertemuan: meeting.id, judul: title, jenis: 'kuis', sifat: 'open' },
    [
      {
        pertanyaan: '<p>Perintah SQL untuk mengambil data adalah …</p>',
        isi: {
          jenis: 'pilihan',
          pilihan: [{ teks: 'INSERT' }, { teks: 'SELECT' }, { teks: 'DELETE' }],
          kunci: 1,
        },
      },
      { pertanyaan: '<p>Primary key boleh bernilai NULL.</p>', isi: { jenis: 'benar_salah', kunci: false } },
      {
        pertanyaan: '<p>Jelaskan normalisasi bentuk pertama.</p>',
        isi: { jenis: 'esay', jenis_file_diterima: ['pdf'], kunci: '' },
      },
    ],
  );
}

/** The answers this device keeps for an attempt (IndexedDB `lms-ujian`/`jawaban`). */
function deviceAnswers(page: Page, attemptId: string) {
  return page.evaluate(
    (key) =>
      new Promise<Record<string, { urutan: number; tersimpan: boolean }> | undefined>((resolve, reject) => {
        const open = indexedDB.open('lms-ujian');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('jawaban').objectStore('jawaban').get(key);
          read.onsuccess = () => resolve(read.result);
          read.onerror = () => reject(read.error);
        };
      }),
    attemptId,
  );
}

const secondsLeft = async (page: Page) => {
  const text = (await page.getByTestId('exam-countdown').textContent()) ?? '';
  const [m, s] = /(\d+):(\d\d)$/.exec(text)!.slice(1).map(Number);
  return m! * 60 + s!;
};

test('a student on a phone answers offline, closes the tab, comes back and finishes; the lecturer extends, pauses and resumes', async ({
  browser,
}) => {
  const title = `Kuis Luring ${Date.now()}`;
  const lecturerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const lecturer = await lecturerContext.newPage();
  await signIn(lecturer, 'dosen');
  const examId = await createRunningQuiz(lecturer, title);

  // Signed in at desktop width (the menu check of signIn), then a phone.
  const studentContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  let student = await studentContext.newPage();
  await signIn(student, 'mahasiswa');
  await student.setViewportSize({ width: 375, height: 812 });
  await student.goto(`/ujian/${examId}/soal`);
  await student.getByText('Saya telah membaca dan menyetujui ketentuan di atas').click();
  await student.getByRole('dialog').getByRole('button', { name: 'Mulai' }).click();
  const saveState = () => student.getByTestId('exam-save-state');
  await expect(student.getByTestId('exam-countdown')).toContainText(/Sisa waktu (29|30):\d\d/);
  await student.getByText('B. SELECT').click();
  await expect(saveState()).toHaveText('Semua jawaban tersimpan');
  const attempt = await api<{ id: string }>(student, 'GET', `/v2/lms/ujian/${examId}/pengerjaan/me`);

  // Offline: the page says so at once, and the answers are kept in IndexedDB, not sent.
  await studentContext.setOffline(true);
  await expect(saveState()).toContainText('Offline');
  await student.getByRole('radio', { name: 'Salah' }).check();
  await student.getByRole('textbox', { name: 'Jawaban soal 3' }).fill('Setiap kolom berisi nilai atomik.');
  await expect(saveState()).toContainText('Offline');
  await expect
    .poll(
      async () =>
        Object.values((await deviceAnswers(student, attempt.id)) ?? {}).filter((a) => !a.tersimpan).length,
    )
    .toBe(2);
  await screenshot(student, 'exam-offline-375');

  // The tab is closed while offline; the phone comes back online and the student opens the exam again.
  await student.close();
  await studentContext.setOffline(false);
  student = await studentContext.newPage();
  await student.setViewportSize({ width: 375, height: 812 });
  await student.goto(`/ujian/${examId}/soal`);
  await expect(student.getByRole('textbox', { name: 'Jawaban soal 3' })).toHaveValue(
    'Setiap kolom berisi nilai atomik.',
  );
  await expect(student.getByRole('radio', { name: 'Salah' })).toBeChecked();
  await expect(saveState()).toHaveText('Semua jawaban tersimpan');
  await expect(student.getByText('Dijawab 3/3')).toBeVisible();
  // The server has them (sent after the return), and the time left went on, not back to 30:00.
  const onServer = await api<{ kelompok_soal: Array<{ soal: Array<{ jawaban: unknown }> }> }>(
    student,
    'GET',
    `/v2/lms/ujian/${examId}/pengerjaan/me`,
  );
  expect(onServer.kelompok_soal[0]!.soal.map((q) => q.jawaban)).toEqual([
    { jenis: 'pilihan', pilihan: 1 },
    { jenis: 'benar_salah', benar_salah: false },
    { jenis: 'esay', teks: 'Setiap kolom berisi nilai atomik.' },
  ]);
  await expect.poll(() => secondsLeft(student)).toBeLessThan(30 * 60);

  // A reload resumes the same way.
  await student.reload();
  await expect(saveState()).toHaveText('Semua jawaban tersimpan');
  await expect(student.getByTestId('exam-countdown')).toContainText(/Sisa waktu 2\d:\d\d/);
  await expectNoSeriousAxeViolations(student);
  await screenshot(student, 'exam-taking-375', { fullPage: true });

  // The lecturer gives ten more minutes: the countdown moves without a reload.
  await lecturer.goto(`/ujian/${examId}`);
  await lecturer.getByRole('tab', { name: 'Hasil' }).click();
  await lecturer.getByLabel('Perpanjang waktu (menit)').fill('10');
  await lecturer.getByRole('button', { name: 'Perpanjang', exact: true }).click();
  await expect(lecturer.getByText('Waktu kuis/ujian diperpanjang 10 menit')).toBeVisible();
  await expect(student.getByTestId('exam-countdown')).toContainText(/Sisa waktu 3\d:\d\d/);

  // An outage: the lecturer pauses; the student's countdown stands still and the questions wait.
  await lecturer.getByRole('button', { name: 'Jeda Ujian' }).click();
  await lecturer.getByRole('dialog').getByLabel('Alasan jeda').fill('Gangguan jaringan kampus');
  await lecturer.getByRole('dialog').getByRole('button', { name: 'Jeda', exact: true }).click();
  await expect(lecturer.getByText(/Ujian dijeda sejak/)).toBeVisible();
  await screenshot(lecturer, 'exam-paused-lecturer-1280', { fullPage: true });
  await expect(student.getByTestId('exam-paused')).toContainText('Gangguan jaringan kampus');
  await expect(student.getByRole('textbox', { name: 'Jawaban soal 3' })).toBeHidden();
  await expect(student.getByRole('radio', { name: 'Salah' })).toBeDisabled();
  const frozen = await secondsLeft(student);
  await student.waitForTimeout(2_500);
  expect(await secondsLeft(student)).toBe(frozen);
  await screenshot(student, 'exam-paused-375', { fullPage: true });
  await expectNoSeriousAxeViolations(student);

  await lecturer.getByRole('button', { name: 'Lanjutkan Ujian' }).click();
  await expect(lecturer.getByText(/Ujian dilanjutkan; \d+ menit dikembalikan/)).toBeVisible();
  await expect(student.getByTestId('exam-paused')).toBeHidden();
  await expect(student.getByRole('textbox', { name: 'Jawaban soal 3' })).toBeVisible();
  // The minutes of the pause were given back: the time left is what it was at the pause (give or take).
  await expect.poll(async () => Math.abs((await secondsLeft(student)) - frozen)).toBeLessThanOrEqual(5);

  await student.getByRole('button', { name: 'Selesai' }).click();
  await student.getByRole('dialog').getByRole('button', { name: 'Ya' }).click();
  await expect(student).toHaveURL(new RegExp(`/ujian/${examId}$`));
  await expect(student.getByText('Dijawab 3 dari 3 soal')).toBeVisible();

  // The lecturer's answer statistics per question.
  await lecturer.reload();
  await lecturer.getByRole('tab', { name: 'Statistik' }).click();
  await expect(lecturer.getByText('A: 0 · B: 1 · C: 0')).toBeVisible();
  await expect(lecturer.getByText('Benar: 0 · Salah: 1')).toBeVisible();
  await expectNoSeriousAxeViolations(lecturer);
  await screenshot(lecturer, 'exam-stats-1280', { fullPage: true });
  await lecturer.setViewportSize({ width: 375, height: 812 });
  await screenshot(lecturer, 'exam-stats-375', { fullPage: true });
  await studentContext.close();
  await lecturerContext.close();
});

test('the exam page opens on a slow 3G phone', async ({ browser }) => {
  const lecturerContext = await browser.newContext();
  const lecturer = await lecturerContext.newPage();
  await signIn(lecturer, 'dosen');
  const examId = await createRunningQuiz(lecturer, `Kuis 3G ${Date.now()}`);
  await lecturerContext.close();

  // A first visit: no service worker (its precache would serve the scripts) and no HTTP cache.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await signIn(page, 'mahasiswa');
  await page.setViewportSize({ width: 375, height: 812 });
  // Chrome DevTools' "Slow 3G": 400 ms latency, 400 kbit/s down and up; no cache from the sign-in.
  const cdp = await emulateSlowLink(context, page, { latencyMs: 400, downKbps: 400, upKbps: 400 });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
  });
  const started = Date.now();
  await page.goto(`/ujian/${examId}/soal`);
  await expect(page.getByText('Konfirmasi Mulai Ujian')).toBeVisible({ timeout: 120_000 });
  const confirmMs = Date.now() - started;
  await page.getByText('Saya telah membaca dan menyetujui ketentuan di atas').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mulai' }).click();
  await expect(page.getByTestId('exam-countdown')).toContainText(/Sisa waktu (29|30):\d\d/, {
    timeout: 60_000,
  });
  await page.getByText('B. SELECT').click();
  await expect(page.getByTestId('exam-save-state')).toHaveText('Semua jawaban tersimpan', {
    timeout: 60_000,
  });
  const readyMs = Date.now() - started;
  test.info().annotations.push({
    type: 'slow-3g',
    description: `confirmation after ${confirmMs} ms, first answer saved after ${readyMs} ms, ${Math.round(bytes / 1024)} KB transferred`,
  });
  console.log(
    `slow 3G: confirmation ${confirmMs} ms, first answer saved ${readyMs} ms, ${Math.round(bytes / 1024)} KB`,
  );
  await screenshot(page, 'exam-slow3g-375', { fullPage: true });
  await context.close();
});
