import { expect as baseExpect, test } from '@playwright/test';
import type { ClassDetail } from '@lms/contract/class.schema';
import type { Attempt } from '@lms/contract/exam.schema';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import {
  api,
  createRunningExam,
  expectNoSeriousAxeViolations,
  screenshotBothWidths,
  signIn,
} from './helpers.ts';
import { signInByApi, uniqueTitle, type ApiAccount } from './test-data.ts';

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const classId = '20261_01_IF2102';

test('a lecturer opens the item analysis of a finished exam and sees which question may have a wrong key', async ({
  page,
  baseURL,
}) => {
  await signIn(page, 'dosen');
  const meetings = await api<MeetingListItem[]>(
    page,
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/pertemuan?per_page=20`,
  );
  const judul = uniqueTitle('Kuis Analisis');
  const examId = await createRunningExam(
    page,
    { id_pertemuan: meetings.at(-3)!.id, judul, jenis: 'kuis', sifat: 'open' },
    ['Basis data relasional menyimpan data dalam', 'Kunci utama harus', 'SQL singkatan dari'].map(
      (text, i) => ({
        pertanyaan: `<p>${text} …</p>`,
        isi: {
          jenis: 'pilihan',
          pilihan: [{ teks: 'Pilihan A' }, { teks: 'Pilihan B' }, { teks: 'Pilihan C' }],
          kunci: i % 3,
        },
      }),
    ),
  );
  // The fourth question comes from the lecturer's bank. Its key says Benar; the students who know the
  // material answer Salah.
  const me = await api<{ id: string }>(page, 'GET', '/v2/user_info');
  const courses = await api<Array<{ id: string }>>(
    page,
    'GET',
    `/v2/lms/mata_kuliah/ref?id_dosen=${me.id}&ignore_default_pagination=true`,
  );
  const bank = await api<{ id: string }>(page, 'POST', '/v2/lms/bank_soal', {
    judul: uniqueTitle('Bank Analisis'),
    deskripsi: 'Bank untuk uji analisis soal',
    id_mata_kuliah: courses[0]!.id,
    ditampilkan: true,
  });
  const bankQuestion = await api<{ id: string }>(page, 'POST', `/v2/lms/bank_soal/${bank.id}/soal`, {
    pertanyaan: '<p>Normalisasi menambah redundansi data.</p>',
    isi: { jenis: 'benar_salah', label: { benar: 'Benar', salah: 'Salah' }, kunci: true },
  });
  const [group] = (
    await api<{ kelompok_soal: Array<{ id: string }> }>(page, 'GET', `/v2/lms/ujian/${examId}/kelompok_soal`)
  ).kelompok_soal;
  await api(page, 'POST', `/v2/lms/ujian/${examId}/kelompok_soal/${group!.id}/soal/dari_bank`, {
    id_bank_soal: bank.id,
    list_id_soal: [bankQuestion.id],
  });

  // Six students sit it through the API: three answer the choices right and the true/false "Salah",
  // three the choices wrong and the true/false "Benar".
  const { peserta } = await api<ClassDetail>(page, 'GET', `/v2/lms/kelas_kuliah/${classId}`);
  const students: ApiAccount[] = [];
  for (const p of peserta) {
    if (students.length === 6) break;
    const student = await signInByApi(baseURL!, p.nim).catch(() => null);
    if (!student) continue;
    const attempt = await student
      .call<Attempt>('POST', `/v2/lms/ujian/${examId}/pengerjaan/start`)
      .catch(() => null);
    if (!attempt) {
      await student.dispose();
      continue;
    }
    const strong = students.length < 3;
    const questions = attempt.kelompok_soal.flatMap((g) => g.soal);
    for (const [i, q] of questions.entries()) {
      const jawaban =
        q.isi.jenis === 'benar_salah'
          ? { jenis: 'benar_salah', benar_salah: !strong }
          : { jenis: 'pilihan', pilihan: strong ? q.nomor - 1 : q.nomor % 3 };
      await student.call('PUT', `/v2/lms/pengerjaan/${attempt.id}/jawaban/${q.id}`, {
        jawaban,
        urutan: i + 1,
      });
    }
    await student.call('POST', `/v2/lms/pengerjaan/${attempt.id}/selesai`);
    students.push(student);
  }
  await Promise.all(students.map((s) => s.dispose()));
  expect(students).toHaveLength(6);

  await page.goto(`/ujian/${examId}`);
  await page.getByRole('tab', { name: 'Analisis Soal' }).click();
  const pane = page.getByRole('tabpanel', { name: 'Analisis Soal' });
  await expect(pane.getByText('6 pengerjaan selesai')).toBeVisible();
  const trueFalse = pane.getByRole('row').filter({ hasText: 'Normalisasi menambah redundansi data.' });
  await expect(trueFalse.getByText('Kunci mungkin salah')).toBeVisible();
  const first = pane.getByRole('row').filter({ hasText: 'Basis data relasional' });
  // Everyone strong right, everyone weak wrong: half earned it, and it separates them perfectly.
  await expect(first.getByRole('cell', { name: '0,50' })).toBeVisible();
  await expect(first.getByRole('cell', { name: '1,00' }).first()).toBeVisible();
  await expect(first.getByText('Baik')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const download = page.waitForEvent('download');
  await pane.getByRole('button', { name: 'Ekspor Excel' }).click();
  expect((await download).suggestedFilename()).toBe(`Analisis Soal - ${judul}.xlsx`);

  await screenshotBothWidths(page, 'item-analysis', {
    settle: async () => {
      await expect(pane.getByText('Kunci mungkin salah').first()).toBeVisible();
    },
  });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(pane.getByTestId('item-analysis-card')).toHaveCount(4);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The bank question's history shows the same figures for this quiz.
  await page.goto(`/bank-soal/${bank.id}`);
  await page.getByRole('button', { name: 'Riwayat Analisis Soal 1' }).click();
  const history = page.getByRole('dialog', { name: 'Riwayat Analisis Soal 1' });
  await expect(history.getByText(judul)).toBeVisible();
  await expect(history.getByText('Kunci mungkin salah')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshotBothWidths(page, 'bank-question-history', { fullPage: false });
});
