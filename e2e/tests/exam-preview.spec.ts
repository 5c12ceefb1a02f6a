import { expect as baseExpect, test } from '@playwright/test';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import {
  api,
  createRunningExam,
  expectNoSeriousAxeViolations,
  screenshotBothWidths,
  signIn,
} from './helpers.ts';

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const classId = '20261_01_IF2102';

test('a lecturer previews a random draw of an exam as a student gets it, and draws again', async ({
  page,
}) => {
  await signIn(page, 'dosen');
  const meetings = await api<MeetingListItem[]>(
    page,
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/pertemuan?per_page=20`,
  );
  const questions = Array.from({ length: 6 }, (_, i) => ({
    pertanyaan: `<p>Pernyataan pratinjau ${i + 1}</p>`,
    isi: { jenis: 'benar_salah', kunci: i % 2 === 0 },
  }));
  const examId = await createRunningExam(
    page,
    { id_pertemuan: meetings[1]!.id, judul: `Kuis acak ${Date.now()}`, jenis: 'kuis', sifat: 'open' },
    questions,
  );
  // The helper's one group becomes "random": each student gets 2 of its 6 questions.
  const [group] = (
    await api<{ kelompok_soal: Array<{ id: string }> }>(page, 'GET', `/v2/lms/ujian/${examId}/kelompok_soal`)
  ).kelompok_soal;
  await api(page, 'PUT', `/v2/lms/ujian/${examId}/kelompok_soal/${group!.id}`, {
    aturan: 'random',
    jumlah_wajib_dijawab: 2,
  });

  await page.goto(`/ujian/${examId}?tab=pratinjau`);
  const pane = page.getByRole('tabpanel', { name: 'Pratinjau' });
  await expect(pane.getByText('2 soal', { exact: true })).toBeVisible();
  await expect(pane.getByText('2 soal diundi untuk setiap mahasiswa')).toBeVisible();
  await expect(pane.getByTestId('question')).toHaveCount(2);
  const drawn = () =>
    pane
      .getByTestId('question')
      .getByText(/^Pernyataan pratinjau \d$/)
      .allTextContents();
  const first = await drawn();
  expect(first).toHaveLength(2);
  await expectNoSeriousAxeViolations(page);
  await screenshotBothWidths(page, 'exam-preview');

  // Acak ulang asks the server for a new draw (of C(6,2) = 15 sets, a few clicks find another one).
  const draws = new Set([first.join()]);
  for (let i = 0; i < 8 && draws.size < 2; i++) {
    const answer = page.waitForResponse((r) => r.url().includes(`/ujian/${examId}/pratinjau`));
    await pane.getByRole('button', { name: 'Acak ulang' }).click();
    expect((await answer).status()).toBe(200);
    await expect(pane.getByRole('button', { name: 'Acak ulang' })).not.toHaveClass(/ant-btn-loading/);
    await expect(pane.getByTestId('question')).toHaveCount(2);
    draws.add((await drawn()).join());
  }
  expect(draws.size).toBe(2);
});
