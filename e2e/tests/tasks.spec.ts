import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import type { ClassGroups } from '@lms/contract/task-group.schema';
import type { MyHandIn, Task } from '@lms/contract/task.schema';
import {
  api,
  demoPassword,
  expectNoSeriousAxeViolations,
  pickInDialog,
  screenshot,
  signIn,
  wibPicker,
  screenshotBothWidths,
} from './helpers.ts';
import { tryTag } from './test-data.ts';

test.describe.configure({ timeout: 300_000, mode: 'serial' });
const expect = baseExpect.configure({ timeout: 30_000 });

const classId = '20261_01_IF2102';
const answerPdf = {
  name: 'jawaban.pdf',
  mimeType: 'application/pdf',
  buffer: readFileSync(
    fileURLToPath(new URL('../../apps/server/src/db/seed/files/materi-pendahuluan.pdf', import.meta.url)),
  ),
};

async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username);
  return page;
}

/** Signs in as the first of the students who may (the demo has students on leave, who may not). */
async function signedInStudent(browser: Browser, nims: string[]): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  for (const nim of nims) {
    await page.goto('/login');
    await page.getByLabel('Username').fill(nim);
    await page.getByLabel('Password').fill(demoPassword);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    const refused = page.getByText('Username Atau Password Salah.');
    // The app loads after Masuk (sign-in is its own entry, login.html).
    await expect(page.getByRole('navigation', { name: 'Menu utama' }).or(refused)).toBeVisible({
      timeout: 30_000,
    });
    if (!(await refused.isVisible())) return page;
  }
  throw new Error(`none of ${nims.join(', ')} may sign in`);
}

/** A small real PNG: a part of the page itself. */
async function png(page: Page, name: string) {
  return {
    name,
    mimeType: 'image/png',
    buffer: await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 180 } }),
  };
}

/** Fills the task dialog and saves; answers nothing (the card appears). */
async function addTask(page: Page, title: string, type: 'Individu' | 'Kelompok') {
  await page.getByRole('button', { name: 'Tambah Tugas' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Judul Tugas').fill(title);
  await dialog.getByRole('textbox', { name: 'Deskripsi tugas' }).fill(`Kerjakan ${title} dengan rapi.`);
  await dialog.locator('label.ant-radio-button-wrapper').filter({ hasText: type }).click();
  await pickInDialog(page, 'Waktu Mulai', wibPicker(new Date(Date.now() - 60_000)));
  await pickInDialog(page, 'Waktu Selesai', wibPicker(new Date(Date.now() + 3 * 3_600_000)));
  await dialog.locator('.ant-upload input[type=file]').setInputFiles([await png(page, 'soal.png')]);
  await expect(dialog.getByText('soal.png')).toBeVisible();
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Tugas berhasil ditambahkan')).toBeVisible();
  await expect(page.getByTestId('task-card').filter({ hasText: title })).toBeVisible();
}

/** A student hands in on /tugas/{id}: an answer and a PDF (the tasks' default answer types are pdf and docx). */
async function handIn(page: Page, taskId: string, answer: string) {
  await page.goto(`/tugas/${taskId}`);
  const panel = page.locator('.ant-card').filter({ hasText: 'Pengumpulan' });
  const replace = panel.getByRole('button', { name: 'Ganti Pengumpulan' });
  const box = page.getByRole('textbox', { name: 'Jawaban tugas' });
  await expect(box.or(replace)).toBeVisible();
  if (await replace.isVisible()) await replace.click();
  await box.click();
  await box.fill(answer);
  await panel.locator('.ant-upload input[type=file]').setInputFiles([answerPdf]);
  await panel.getByRole('button', { name: 'Kumpulkan' }).click();
}

test('a lecturer gives an individual and a group task; a group hands in once, a student late; grades, publishes, zips', async ({
  browser,
}) => {
  // Other tests and repeats add tasks to the same meeting: this one names its own.
  const run = tryTag();
  const individual = `Tugas Individu E2E ${run}`;
  const grouped = `Tugas Kelompok E2E ${run}`;
  const lecturer = await signedInPage(browser, 'dosen');
  const meetings = await api<MeetingListItem[]>(
    lecturer,
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/pertemuan?per_page=20`,
  );
  const meeting = meetings.filter((m) => m.status === 'belum_dimulai').at(-3)!;
  await lecturer.goto(`/kelas/${classId}/${meeting.id}`);
  await addTask(lecturer, individual, 'Individu');
  await addTask(lecturer, grouped, 'Kelompok');
  await expectNoSeriousAxeViolations(lecturer);
  await screenshotBothWidths(lecturer, 'tasks-meeting-block');
  const tasks = await api<Task[]>(lecturer, 'GET', `/v2/lms/pertemuan/${meeting.id}/tugas`);
  const groupTask = tasks.find((x) => x.judul === grouped)!;
  expect(groupTask.lampiran.map((f) => f.nama)).toEqual(['soal.png']);
  // A task already past its deadline that accepts late hand-ins (made through the API: the form is above).
  const lateTask = await api<Task>(lecturer, 'POST', '/v2/lms/tugas', {
    id_pertemuan: meeting.id,
    judul: 'Tugas Terlambat E2E',
    deskripsi: '<p>Sudah lewat batas.</p>',
    jenis: 'individu',
    waktu_mulai: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    waktu_selesai: new Date(Date.now() - 86_400_000).toISOString(),
    tipe_file_jawaban: ['png', 'pdf'],
    terima_terlambat: true,
  });

  // Two members of the demo student's group, and a student of another group.
  const groups = await api<ClassGroups>(lecturer, 'GET', `/v2/lms/kelas_kuliah/${classId}/kelompok`);
  const first = await signedInPage(browser, 'mahasiswa');
  const own = await api<MyHandIn>(first, 'GET', `/v2/lms/tugas/${groupTask.id}/pengumpulan_saya`);
  const mine = groups.kelompok.find((g) => g.id === own.kelompok!.id)!;
  const myName = (await api<{ nama: string }>(first, 'GET', '/v2/user_info')).nama;
  const mate = await signedInStudent(
    browser,
    mine.anggota.filter((a) => a.mahasiswa.nama !== myName).map((a) => a.mahasiswa.nim),
  );
  const late = await signedInStudent(
    browser,
    groups.kelompok.filter((g) => g.id !== mine.id).flatMap((g) => g.anggota.map((a) => a.mahasiswa.nim)),
  );

  await handIn(first, groupTask.id, 'Jawaban kelompok versi pertama.');
  await expect(first.getByText('Tugas berhasil dikumpulkan')).toBeVisible();
  await expect(first.getByText(mine.nama, { exact: true })).toBeVisible();
  // The group mate sees the group's hand-in and replaces it: still one hand-in for the group.
  await mate.goto(`/tugas/${groupTask.id}`);
  await expect(mate.getByText('Jawaban kelompok versi pertama.')).toBeVisible();
  await handIn(mate, groupTask.id, 'Jawaban kelompok final.');
  await expect(mate.getByText('Pengumpulan berhasil diganti')).toBeVisible();
  await first.reload();
  await expect(first.getByText('Jawaban kelompok final.')).toBeVisible();
  await expectNoSeriousAxeViolations(mate);
  await screenshotBothWidths(mate, 'tasks-hand-in');

  await late.goto(`/tugas/${lateTask.id}`);
  await expect(late.getByText('Batas waktu sudah lewat: pengumpulan ini dicatat terlambat.')).toBeVisible();
  await handIn(late, lateTask.id, 'Maaf terlambat.');
  await expect(late.locator('.ant-tag').filter({ hasText: 'Terlambat' })).toBeVisible();

  // The lecturer's submissions tab: one row for the group, graded, published, zipped.
  await lecturer.goto(`/kelas/${classId}/tugas/${groupTask.id}?tab=submission&ref=nilai`);
  const row = lecturer.locator('tr').filter({ has: lecturer.getByText(mine.nama, { exact: true }) });
  await expect(row.getByText('Tepat waktu')).toBeVisible();
  await row.getByRole('button', { name: /^Nilai / }).click();
  const grade = lecturer.getByRole('dialog');
  await grade.getByLabel('Nilai (0–100)').fill('88');
  // One member gets a score different from the group's.
  const mateName = (await api<{ nama: string }>(mate, 'GET', '/v2/user_info')).nama;
  await expect(grade.getByText('Nilai per anggota')).toBeVisible();
  await grade.getByLabel(new RegExp(` - ${mateName}$`)).fill('75');
  await grade.getByLabel('Feedback').fill('Analisis kelompok sudah tajam.');
  await expectNoSeriousAxeViolations(lecturer);
  await screenshot(lecturer, 'tasks-member-score-1280');
  await grade.getByRole('button', { name: 'Simpan' }).click();
  await expect(lecturer.getByText('Nilai tersimpan')).toBeVisible();
  await expect(row.getByText('88', { exact: true })).toBeVisible();
  await expect(row.getByText(`${mateName}: 75`)).toBeVisible();
  await lecturer.getByRole('switch', { name: 'Publikasikan nilai' }).click();
  await expect(lecturer.getByText('Nilai dipublikasikan')).toBeVisible();
  const download = lecturer.waitForEvent('download');
  await lecturer.getByRole('button', { name: 'Unduh Semua' }).click();
  expect((await download).suggestedFilename()).toBe(`Pengumpulan - ${grouped}.zip`);
  await expectNoSeriousAxeViolations(lecturer);
  await screenshotBothWidths(lecturer, 'tasks-submissions');

  // Both members see their published score (the mate their own) and the feedback.
  for (const [page, score] of [
    [first, '88'],
    [mate, '75'],
  ] as const) {
    await page.goto(`/tugas/${groupTask.id}`);
    await expect(page.getByTestId('nilai-saya')).toHaveText(score);
    await expect(page.getByText('Analisis kelompok sudah tajam.')).toBeVisible();
  }
  // /tugas lists the student's tasks; the class page's monitoring card links to the real task.
  await first.goto('/tugas');
  await first.getByText('Sedang Berlangsung', { exact: true }).first().click();
  await expect(first.getByTestId('task-card').filter({ hasText: individual })).toBeVisible();
  await expectNoSeriousAxeViolations(first);
  await screenshotBothWidths(first, 'tasks-list');
  await first.goto(`/kelas/${classId}`);
  const item = first.getByTestId('monitoring-item').filter({ hasText: grouped });
  await expect(item.locator('[data-status="rated"]')).toBeVisible();
  await item.getByRole('link', { name: `Lihat ${grouped}` }).click();
  await expect(first).toHaveURL(new RegExp(`/tugas/${groupTask.id}$`));
});

test('a student reads their hand-in summary on a 375 px phone: the tag, answer and file name are not cut off', async ({
  browser,
}) => {
  const lecturer = await signedInPage(browser, 'dosen');
  const meetings = await api<MeetingListItem[]>(
    lecturer,
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/pertemuan?per_page=20`,
  );
  const task = await api<Task>(lecturer, 'POST', '/v2/lms/tugas', {
    id_pertemuan: meetings.filter((m) => m.status === 'belum_dimulai').at(-3)!.id,
    judul: `Tugas Ringkasan E2E ${Date.now().toString(36)}`,
    deskripsi: '<p>Kumpulkan laporan praktikum.</p>',
    jenis: 'individu',
    waktu_mulai: new Date(Date.now() - 60_000).toISOString(),
    waktu_selesai: new Date(Date.now() + 3_600_000).toISOString(),
    tipe_file_jawaban: ['pdf'],
    terima_terlambat: false,
  });
  const student = await signedInPage(browser, 'mahasiswa');
  await student.setViewportSize({ width: 375, height: 812 });
  const longName = 'Laporan_Praktikum_Basis_Data_Pertemuan_Ketiga_Revisi_Akhir_Kelompok_Satu.pdf';
  await student.goto(`/tugas/${task.id}`);
  const box = student.getByRole('textbox', { name: 'Jawaban tugas' });
  await box.click();
  await box.fill('Normalisasi_tabel_mahasiswa_sampai_bentuk_normal_ketiga_tanpa_redundansi_data.');
  await student.locator('.ant-upload input[type=file]').setInputFiles([{ ...answerPdf, name: longName }]);
  await student.getByRole('button', { name: 'Kumpulkan' }).click();
  await expect(student.getByText('Tugas berhasil dikumpulkan')).toBeVisible();

  const summary = student.getByTestId('hand-in-summary');
  await expect(summary.locator('.ant-tag').filter({ hasText: 'Tepat waktu' })).toBeInViewport();
  await expect(summary.getByRole('button', { name: new RegExp(longName) })).toBeVisible();
  // Nothing in the summary is wider than its box, and the page does not scroll sideways.
  const overflowing = await summary.evaluate((root) =>
    [root, ...Array.from(root.querySelectorAll('*'))]
      .filter((el) => el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.tagName}.${el.className}: ${el.scrollWidth} > ${el.clientWidth}`),
  );
  expect(overflowing).toEqual([]);
  const card = await summary.evaluate((el) => el.closest('.ant-card')!.getBoundingClientRect().right);
  for (const part of [
    summary.locator('.ant-tag').first(),
    summary.getByRole('button', { name: new RegExp(longName) }),
  ]) {
    expect((await part.boundingBox())!.x + (await part.boundingBox())!.width).toBeLessThanOrEqual(card + 0.5);
  }
  expect(await student.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshotBothWidths(student, 'tasks-hand-in-summary');
});

test('the group card follows the leader rules', async ({ browser }) => {
  const lecturer = await signedInPage(browser, 'dosen');
  await lecturer.goto(`/kelas/${classId}/kelompok`);
  const cards = lecturer.getByTestId('group-card');
  await expect(cards.first()).toBeVisible();
  // The group that handed in (demo): its leader handed in, so it is neither removable nor promotable.
  const handedIn = cards.filter({ hasText: 'Sudah mengumpulkan tugas' }).first();
  const leaderItem = handedIn
    .getByTestId('group-member')
    .filter({ has: lecturer.getByText('Ketua', { exact: true }) });
  await expect(leaderItem.getByRole('button', { name: /^Aksi / })).toHaveCount(0);

  const card = cards.filter({ hasNotText: 'Sudah mengumpulkan tugas' }).last();
  const members = card.getByTestId('group-member');
  const secondName = (await members.nth(1).locator('.ant-typography').first().innerText()).trim();
  await members
    .nth(1)
    .getByRole('button', { name: /^Aksi / })
    .click();
  await lecturer.getByRole('menuitem', { name: 'Jadikan Ketua Kelompok' }).click();
  await expect(members.nth(1).getByText('Ketua', { exact: true })).toBeVisible();
  await expect(card.getByText('Ketua', { exact: true })).toHaveCount(1);
  // The leader's menu offers no make-leader; removing the leader promotes the first remaining member.
  await members
    .nth(1)
    .getByRole('button', { name: /^Aksi / })
    .click();
  await expect(lecturer.getByRole('menuitem', { name: 'Jadikan Ketua Kelompok' })).toHaveCount(0);
  await lecturer.getByRole('menuitem', { name: 'Hapus Anggota' }).click();
  await lecturer.getByRole('dialog').getByRole('button', { name: 'Hapus' }).click();
  await expect(card.getByText(secondName)).toHaveCount(0);
  await expect(members.first().getByText('Ketua', { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(lecturer);
  await screenshotBothWidths(lecturer, 'tasks-groups');
});

/** Hands in `teks` and one file through the API as the student on `page` (multipart, as the form sends). */
async function handInWithFile(
  page: Page,
  taskId: string,
  teks: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const status = await page.evaluate(
    async ({ taskId, teks, name, mimeType, base64 }) => {
      const session = JSON.parse(localStorage.getItem('lms.session') ?? '{}') as { accessToken?: string };
      const form = new FormData();
      form.append('teks', teks);
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      form.append('file', new File([bytes], name, { type: mimeType }));
      const response = await fetch(`/v2/lms/tugas/${taskId}/pengumpulan`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${session.accessToken}`,
          'college-id': localStorage.getItem('lms.college_id') ?? '',
        },
        body: form,
      });
      return response.status;
    },
    { taskId, teks, name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') },
  );
  expect(status).toBe(200);
}

test('Beri Nilai shows a hand-in PDF and image in the dialog and steps between two students, saving first', async ({
  browser,
}) => {
  const lecturer = await signedInPage(browser, 'dosen');
  const meetings = await api<MeetingListItem[]>(
    lecturer,
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/pertemuan?per_page=20`,
  );
  const meeting = meetings.filter((m) => m.status === 'belum_dimulai').at(-3)!;
  const task = await api<Task>(lecturer, 'POST', '/v2/lms/tugas', {
    id_pertemuan: meeting.id,
    judul: `Tugas Pratinjau E2E ${Date.now().toString(36)}`,
    deskripsi: '<p>Kumpulkan laporan.</p>',
    jenis: 'individu',
    waktu_mulai: new Date(Date.now() - 60_000).toISOString(),
    waktu_selesai: new Date(Date.now() + 3_600_000).toISOString(),
    tipe_file_jawaban: ['png', 'pdf'],
    terima_terlambat: false,
  });
  const first = await signedInPage(browser, 'mahasiswa');
  const groups = await api<ClassGroups>(lecturer, 'GET', `/v2/lms/kelas_kuliah/${classId}/kelompok`);
  const myName = (await api<{ nama: string }>(first, 'GET', '/v2/user_info')).nama;
  const other = await signedInStudent(
    browser,
    groups.kelompok.flatMap((g) =>
      g.anggota.filter((a) => a.mahasiswa.nama !== myName).map((a) => a.mahasiswa.nim),
    ),
  );
  await handInWithFile(first, task.id, '<p>Laporan dalam PDF.</p>', answerPdf);
  await handInWithFile(other, task.id, '<p>Foto hasil praktikum.</p>', await png(other, 'foto-hasil.png'));

  await lecturer.goto(`/kelas/${classId}/tugas/${task.id}?tab=submission`);
  await lecturer
    .getByRole('button', { name: /^Nilai / })
    .first()
    .click();
  const dialog = lecturer.getByRole('dialog', { name: 'Beri Nilai' });
  await expect(dialog.getByText('Mahasiswa 1 dari 2')).toBeVisible();
  // Each hand-in's file opens in the dialog: the PDF drawn by pdf.js, the image as an image.
  const pdfPage = dialog.getByRole('img', { name: 'jawaban.pdf, halaman 1' });
  const image = dialog.getByRole('img', { name: 'foto-hasil.png' });
  await expect(pdfPage.or(image)).toBeVisible();
  const pdfFirst = await pdfPage.isVisible();
  await screenshotBothWidths(lecturer, `tasks-grade-${pdfFirst ? 'pdf' : 'image'}`, { fullPage: false });
  await dialog.getByLabel('Nilai (0–100)').fill('81');
  await dialog.getByRole('button', { name: 'Berikutnya ›' }).click();
  await expect(lecturer.getByText('Nilai tersimpan')).toBeVisible();
  await expect(dialog.getByText('Mahasiswa 2 dari 2')).toBeVisible();
  await expect(pdfFirst ? image : pdfPage).toBeVisible();
  await expect(dialog.getByLabel('Nilai (0–100)')).toHaveValue('');
  await screenshotBothWidths(lecturer, `tasks-grade-${pdfFirst ? 'image' : 'pdf'}`, { fullPage: false });
  await dialog.getByLabel('Nilai (0–100)').fill('92');
  await dialog.getByRole('button', { name: '‹ Sebelumnya' }).click();
  await expect(dialog.getByText('Mahasiswa 1 dari 2')).toBeVisible();
  await expect(dialog.getByLabel('Nilai (0–100)')).toHaveValue('81.00');
  await dialog.getByRole('button', { name: 'Batal' }).click();
  // Both rows are graded now (their buttons say Ubah Nilai), the second with the score saved on moving back.
  const rows = lecturer.locator('tr').filter({ hasText: 'Ubah Nilai' });
  await expect(rows).toHaveCount(2);
  await expect(rows.getByText('92', { exact: true })).toBeVisible();
});
