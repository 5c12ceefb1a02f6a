import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { formatRecapScore, gradeMessages } from '@lms/contract/grade.rules';
import type { GradeRecap, MyGrades } from '@lms/contract/grade.schema';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import {
  api,
  clickListItem,
  expectNoSeriousAxeViolations,
  screenshot,
  signIn,
  screenshotBothWidths,
} from './helpers.ts';
import { claimFirst, uniqueTitle } from './test-data.ts';

// The first flow takes over three minutes on a slow two-core CI machine. Who integrates grades is a
// college-wide setting: grade-integration.spec.ts changes it, after every spec here has run.
test.describe.configure({ timeout: 360_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username);
  return page;
}

test('a lecturer maps activities to a SIAKAD component, previews and sends; the demo SIAKAD closes the window and changes a value', async ({
  browser,
}) => {
  const lecturer = await signedInPage(browser, 'dosen');
  const operator = await signedInPage(browser, 'operator');

  // A class of the lecturer other than the one the forum spec works in, claimed (its grade components and
  // SIAKAD window change here), with a second (scored) forum of this test's own.
  const forumTitle = uniqueTitle('Forum Studi Kasus');
  const classes = await api<{ id: string; jumlah_aktivitas: number }[]>(
    lecturer,
    'GET',
    '/v2/lms/nilai?per_page=50',
  );
  const kelas = claimFirst(
    classes.filter((c) => c.id !== '20261_01_IF2102' && c.jumlah_aktivitas > 0),
    'class of the lecturer with activities',
  );
  const meetings = await api<MeetingListItem[]>(
    lecturer,
    'GET',
    `/v2/lms/kelas_kuliah/${encodeURIComponent(kelas.id)}/pertemuan?per_page=20`,
  );
  await api(lecturer, 'POST', '/v2/lms/forum', {
    id_pertemuan: meetings[0]!.id,
    judul: forumTitle,
    deskripsi: '<p>Bahas studi kasus pekan pertama.</p>',
    waktu_mulai: new Date(Date.now() - 3_600_000).toISOString(),
    waktu_selesai: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    penilaian_keaktifan: true,
    minimal_post: 1,
  });

  await lecturer.goto('/nilai');
  await lecturer
    .getByRole('link')
    .filter({ hasText: kelas.id.split('_')[2]! })
    .first()
    .click();
  await expect(lecturer).toHaveURL(new RegExp(`/nilai/${kelas.id}$`));
  await expect(lecturer.locator('.ant-card-head-title', { hasText: 'Rekap Nilai Kelas' })).toBeVisible();
  await expect(lecturer.getByText(gradeMessages.windowOpen)).toBeVisible();
  await expectNoSeriousAxeViolations(lecturer);

  // The table says that a component's header is where its activities are chosen.
  await expect(lecturer.getByTestId('component-hint')).toContainText(
    "Klik judul kolom komponen Siakad, mis. 'Tugas (25%)', untuk memilih aktivitas yang dihitung.",
  );
  // The component modal: both forums make up "Tugas".
  await lecturer.getByRole('button', { name: /^Tugas \(\d+%\) — pilih aktivitas$/ }).click();
  const modal = lecturer.getByRole('dialog', { name: 'Pengaturan Nilai Tugas SIKAD' });
  await expect(modal).toBeVisible();
  // Exactly these two, whatever the seed chose.
  for (const box of await modal.getByRole('checkbox').all()) await box.uncheck();
  await modal.getByRole('checkbox', { name: `Forum: ${forumTitle}` }).check();
  await modal.getByRole('checkbox', { name: 'Forum: Diskusi Materi Pekan Ini' }).check();
  await modal.getByRole('button', { name: 'Simpan' }).click();
  await expect(lecturer.getByText(gradeMessages.componentSaved)).toBeVisible();
  await expect(modal).toBeHidden();

  const recap = await api<GradeRecap>(
    lecturer,
    'GET',
    `/v2/lms/nilai/kelas_kuliah/${encodeURIComponent(kelas.id)}`,
  );
  const tugas = recap.header_sikad.find((k) => k.label === 'Tugas')!;
  expect(tugas.aktivitas).toHaveLength(2);
  const scored = recap.nilai_mahasiswa.find(
    (m) => m.nilai_sikad.find((v) => v.komponen.id === tugas.id)!.nilai > 0,
  )!;
  const expected = formatRecapScore(scored.nilai_sikad.find((v) => v.komponen.id === tugas.id)!.nilai);
  const row = lecturer.getByRole('row').filter({ hasText: scored.mahasiswa.nim });
  await expect(row.getByText(expected, { exact: true }).first()).toBeVisible();
  await screenshotBothWidths(lecturer, 'grade-recap');

  // Preview and send within the window.
  await lecturer.getByRole('button', { name: 'Kirim ke Siakad' }).click();
  const send = lecturer.getByRole('dialog', { name: 'Kirim Nilai ke Siakad' });
  await expect(send.getByText('Baru:', { exact: false })).toBeVisible();
  await screenshot(lecturer, 'grade-send-preview-1280');
  await send.getByRole('button', { name: 'Kirim', exact: true }).click();
  await expect(send.getByText('Selesai', { exact: true })).toBeVisible();
  await screenshot(lecturer, 'grade-send-done-1280');
  await send.locator('.ant-modal-footer').getByRole('button', { name: 'Tutup' }).click();

  // The operator closes the window in the demo SIAKAD: the lecturer may no longer send.
  await operator.goto(`/nilai/${kelas.id}/demo-siakad`);
  await expect(operator.getByText('Waktu Entri Nilai dan Kunci')).toBeVisible();
  await expectNoSeriousAxeViolations(operator);
  await screenshot(operator, 'demo-siakad-1280', { fullPage: true });
  await operator.getByRole('button', { name: 'Tutup Waktu Entri' }).click();
  await expect(operator.getByText('Waktu entri nilai ditutup')).toBeVisible();
  await lecturer.reload();
  await expect(lecturer.getByText(gradeMessages.outsideWindow)).toBeVisible();
  await expect(lecturer.getByRole('button', { name: 'Kirim ke Siakad' })).toBeDisabled();

  // The window opens again and somebody changes a value in SIAKAD: sending asks before overwriting it.
  await operator.getByRole('button', { name: 'Buka Waktu Entri' }).click();
  await expect(operator.getByText('Waktu entri nilai dibuka')).toBeVisible();
  // A click while the list still animates in can miss (it did, once in a run of the whole suite): the
  // choice is tried again until it took.
  const component = operator.locator('.ant-form-item').filter({ hasText: 'Komponen' });
  await expect(async () => {
    if ((await operator.locator('.ant-select-dropdown:visible').count()) === 0)
      await operator.getByRole('combobox', { name: 'Komponen' }).click();
    const option = operator.locator('.ant-select-dropdown:visible').getByTitle('Tugas (25%)');
    await clickListItem(operator, option, 5_000);
    await expect(component.locator('.ant-select-content')).toHaveText('Tugas (25%)', { timeout: 2_000 });
  }).toPass({ timeout: 40_000 });
  await operator.getByRole('combobox', { name: 'NIM' }).fill(scored.mahasiswa.nim);
  await operator.getByRole('spinbutton', { name: 'Nilai' }).fill('99');
  await operator.getByRole('button', { name: 'Ubah Nilai' }).click();
  await expect(operator.getByText('Nilai di Siakad diubah')).toBeVisible();

  await lecturer.reload();
  await expect(lecturer.getByText(gradeMessages.windowOpen)).toBeVisible();
  await lecturer.getByRole('button', { name: 'Kirim ke Siakad' }).click();
  await expect(send.getByText(gradeMessages.overwriteConfirm)).toBeVisible();
  await send.getByRole('button', { name: 'Kirim', exact: true }).click();
  const confirm = lecturer.getByRole('dialog', { name: 'Konfirmasi' });
  await expect(confirm.getByText(gradeMessages.overwriteConfirm)).toBeVisible();
  await confirm.getByRole('button', { name: 'Ya' }).click();
  await expect(send.getByText('Selesai', { exact: true })).toBeVisible();
  await expect(send.getByText('Terkirim', { exact: true }).first()).toBeVisible();
  await lecturer.setViewportSize({ width: 375, height: 740 });
  await screenshot(lecturer, 'grade-send-done-375');

  // A component with no activity chosen is named in the preview, with the way to choose them.
  const unchosen = recap.header_sikad.find((k) => k.aktivitas.length === 0);
  if (unchosen) {
    await send.locator('.ant-modal-footer').getByRole('button', { name: 'Tutup' }).click();
    await lecturer.getByRole('button', { name: 'Kirim ke Siakad' }).click();
    const gap = send.getByTestId('send-unchosen');
    await expect(gap).toContainText(`Belum ada aktivitas dipilih untuk komponen ${unchosen.label}`);
    await screenshot(lecturer, 'grade-send-unchosen-375');
    await lecturer.setViewportSize({ width: 1280, height: 800 });
    await screenshot(lecturer, 'grade-send-unchosen-1280');
    await gap.getByRole('button', { name: `Pilih aktivitas komponen ${unchosen.label}` }).click();
    await expect(send).toBeHidden();
    const choose = lecturer.getByRole('dialog', { name: `Pengaturan Nilai ${unchosen.label} SIKAD` });
    await expect(choose).toBeVisible();
    await choose.getByRole('button', { name: 'Batal' }).click();
  }
});

test("an exam's and a forum's header in the recap open them, and lead back to the recap", async ({
  browser,
}) => {
  const lecturer = await signedInPage(browser, 'dosen');
  const classId = '20261_01_IF2102';
  await lecturer.goto(`/nilai/${classId}`);
  // The demo's UTS sits in an ordinary meeting: it is typed by its own jenis, not as a Kuis (issue 45).
  await expect(lecturer.getByRole('link', { name: 'UTS: Ujian Tengah Semester' })).toBeVisible();
  await expect(lecturer.getByText('Kuis: Ujian Tengah Semester')).toHaveCount(0);
  await expect(lecturer.getByRole('columnheader', { name: 'Rata-rata UTS' })).toBeVisible();
  await screenshot(lecturer, 'grade-recap-uts-1280');
  const examHeader = lecturer.locator(`a[href^="/kelas/${classId}/ujian/"]`).first();
  await expect(examHeader).toBeVisible();
  const title = (await examHeader.textContent())!.replace(/^[^:]+: /, '');
  await examHeader.click();
  await expect(lecturer).toHaveURL(
    new RegExp(`/kelas/${classId}/ujian/[0-9a-f-]{36}\\?tab=hasil&from=nilai$`),
  );
  await expect(lecturer.locator('.ant-card-head-title').filter({ hasText: title })).toBeVisible();
  await expect(lecturer.getByRole('tab', { name: 'Hasil', selected: true })).toBeVisible();
  await screenshot(lecturer, 'exam-results-from-recap-1280');
  // Another tab is kept in the address, so a reload (or a shared link) opens it again.
  await lecturer.getByRole('tab', { name: 'Statistik' }).click();
  await expect(lecturer).toHaveURL(/tab=statistik/);
  await lecturer.reload();
  await expect(lecturer.getByRole('tab', { name: 'Statistik', selected: true })).toBeVisible();
  await lecturer.getByRole('link', { name: '‹ Kembali ke Rekap Nilai' }).click();
  await expect(lecturer).toHaveURL(new RegExp(`/nilai/${classId}$`));
  await expect(lecturer.locator('.ant-card-head-title', { hasText: 'Rekap Nilai Kelas' })).toBeVisible();

  // A forum's header (spec 3 §2: forumId=FORUM__{id}) opens its discussion, which leads back here too.
  const forumHeader = lecturer.locator('a[href*="forumId=FORUM__"]').first();
  const forumTitle = (await forumHeader.textContent())!.replace(/^[^:]+: /, '');
  await forumHeader.click();
  await expect(lecturer.getByRole('heading', { name: forumTitle, level: 3 })).toBeVisible();
  await expect(lecturer.getByText('Forum tidak ditemukan')).toHaveCount(0);
  await lecturer.getByRole('link', { name: /Pertemuan \d+$/ }).click();
  await expect(lecturer).toHaveURL(new RegExp(`/nilai/${classId}$`));

  // An operator's forum header opens the class on its forums (/kelas/{id}?back=forum), and back.
  const operator = await signedInPage(browser, 'operator');
  await operator.goto(`/nilai/${classId}`);
  const operatorHeader = operator.locator(`a[href="/kelas/${classId}?back=forum"]`).first();
  const operatorForum = (await operatorHeader.textContent())!.replace(/^[^:]+: /, '');
  await operatorHeader.click();
  await expect(operator).toHaveURL(new RegExp(`/kelas/${classId}\\?back=forum$`));
  const forums = operator.getByTestId('class-forums');
  await expect(forums.getByTestId('forum-card').filter({ hasText: operatorForum })).toBeVisible();
  await expect(operator.getByRole('link', { name: '‹ Kembali ke Rekap Nilai' })).toBeInViewport();
  await expect(forums).toBeInViewport();
  await expectNoSeriousAxeViolations(operator);
  await screenshotBothWidths(operator, 'class-forums-from-recap', { fullPage: false });
  await operator.getByRole('link', { name: '‹ Kembali ke Rekap Nilai' }).click();
  await expect(operator).toHaveURL(new RegExp(`/nilai/${classId}$`));
  await expect(operator.locator('.ant-card-head-title', { hasText: 'Rekap Nilai Kelas' })).toBeVisible();
});

test('a student sees the published scores of tasks on /nilai, nothing unpublished', async ({ browser }) => {
  const student = await signedInPage(browser, 'mahasiswa');
  const mine = await api<MyGrades>(student, 'GET', '/v2/lms/nilai/me');
  const published = mine.flatMap((c) => c.nilai.map((n) => ({ ...n, kelas: c })));
  // The seed grades and publishes Tugas 1 in every current class; the forum's keaktifan scores are graded
  // facts that are never published.
  expect(published.some((n) => n.jenis === 'tugas')).toBe(true);
  expect(published.some((n) => n.jenis === 'forum')).toBe(false);
  await student.goto('/nilai');
  const shown = published.find((n) => n.jenis === 'tugas')!;
  const card = student.locator('.ant-card').filter({
    hasText: `${shown.kelas.mata_kuliah.kode} - ${shown.kelas.mata_kuliah.nama} (${shown.kelas.kelas.nama})`,
  });
  const row = card.locator('tr').filter({ hasText: shown.label });
  await expect(row.getByText(formatRecapScore(shown.nilai), { exact: true })).toBeVisible();
  await expect(row.getByText('Tugas', { exact: true })).toBeVisible();
  await expect(student.locator('.ant-tag').filter({ hasText: /^Forum$/ })).toHaveCount(0);
  await expectNoSeriousAxeViolations(student);
  await screenshot(student, 'my-grades-1280', { fullPage: true });
  await student.setViewportSize({ width: 375, height: 740 });
  await screenshot(student, 'my-grades-375', { fullPage: true });
});
