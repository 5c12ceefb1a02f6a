import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import type { Material } from '@lms/contract/material.schema';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import { api, chooseOption, screenshot, screenshotBothWidths, signIn } from './helpers.ts';
import { tryTag } from './test-data.ts';

// Uploads, a 60-second reading countdown and real playback: these flows take time on a shared machine.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const classId = '20261_01_IF2102';
const demoFile = (name: string) =>
  fileURLToPath(new URL(`../../apps/server/src/db/seed/files/${name}`, import.meta.url));

/** The class's online meetings that have not started, by number (their default deadline applies). */
async function upcomingOnlineMeetings(page: Page): Promise<MeetingListItem[]> {
  const meetings = await api<MeetingListItem[]>(
    page,
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/pertemuan?per_page=20`,
  );
  return meetings.filter((m) => m.jenis === 'online' && m.status === 'belum_dimulai');
}

/** Adds a material through Tambah Materi › Upload Materi Baru, as the lecturer on the meeting page. */
async function addMaterial(
  page: Page,
  material: { judul: string; jenis: string; tipe: string; file?: string; link?: string },
) {
  await page.getByRole('button', { name: 'Tambah Materi' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Tambah Data Materi')).toBeVisible();
  await dialog.getByLabel('Judul').fill(material.judul);
  await chooseOption(page, dialog, 'Jenis Materi', material.jenis);
  await chooseOption(page, dialog, 'Tipe', material.tipe);
  if (material.file) await dialog.locator('input[type=file]').setInputFiles(material.file);
  if (material.link) await dialog.getByLabel('Link').fill(material.link);
  await dialog.getByRole('textbox', { name: 'Deskripsi materi' }).fill(`Bacaan: ${material.judul}.`);
  // The meeting has not started, so its default deadline is already there.
  await expect(dialog.getByLabel('Batas Waktu Kehadiran')).not.toHaveValue('');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  // The previous material's toast may still be showing; the dialog closing and the card prove this save.
  await expect(page.getByText('Materi berhasil ditambahkan').last()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('material-card').filter({ hasText: material.judul })).toBeVisible();
}

test('a lecturer adds a PDF, a video and a link required for attendance; a student reads and plays them', async ({
  browser,
}) => {
  // Other tests and repeats add materials to the same meeting: this one names its own.
  const suffix = ` ${tryTag()}`;
  const ebookTitle = `Normalisasi Basis Data${suffix}`;
  const videoTitle = `Video Normalisasi${suffix}`;
  const linkTitle = `Artikel Basis Data${suffix}`;
  const lecturer = await browser.newPage();
  await signIn(lecturer, 'dosen');
  const [meeting] = await upcomingOnlineMeetings(lecturer);
  const url = `/kelas/${classId}/${meeting!.id}`;
  await lecturer.goto(url);

  await addMaterial(lecturer, {
    judul: ebookTitle,
    jenis: 'Buku Ajar',
    tipe: 'E-Book',
    file: demoFile('materi-pendahuluan.pdf'),
  });
  await addMaterial(lecturer, {
    judul: videoTitle,
    jenis: 'Audio Visual',
    tipe: 'Video',
    file: demoFile('video-pengantar.webm'),
  });
  await addMaterial(lecturer, {
    judul: linkTitle,
    jenis: 'Alat Bantu',
    tipe: 'Link Eksternal',
    link: 'id.wikipedia.org/wiki/Basis_data',
  });
  const pdfCard = lecturer.getByTestId('material-card').filter({ hasText: ebookTitle });
  await expect(pdfCard.getByText(/^Syarat kehadiran · batas waktu/)).toBeVisible();
  await screenshot(lecturer, 'materials-lecturer-desktop', { fullPage: true });

  const context = await browser.newContext();
  const student = await context.newPage();
  await signIn(student, 'mahasiswa');
  // The student reads on a phone.
  await student.setViewportSize({ width: 375, height: 812 });
  await student.goto(url);
  const ebook = student.getByTestId('material-card').filter({ hasText: ebookTitle });
  await expect(ebook.getByText(/Syarat kehadiran: baca materi ini selama 60 detik/)).toBeVisible();
  await ebook.getByRole('button', { name: 'Baca' }).click();
  // The PDF is drawn in the page, not handed to an outside viewer.
  await expect(ebook.getByRole('img', { name: `${ebookTitle}, halaman 1` })).toBeVisible();
  const sudahBaca = ebook.getByRole('button', { name: /Sudah Baca/ });
  await expect(sudahBaca).toBeDisabled();
  await expect(sudahBaca).toHaveText(/Sudah Baca \(\d+\)/);
  await screenshot(student, 'materials-student-reading-phone');
  await expect(sudahBaca).toBeEnabled({ timeout: 75_000 });
  await sudahBaca.click();
  await expect(ebook.getByText('Sudah dibaca')).toBeVisible();

  const video = student.getByTestId('material-card').filter({ hasText: videoTitle });
  await video.getByRole('button', { name: 'Putar' }).click();
  const player = video.locator('video');
  await player.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  // Half of the 8-second video, played for real (a seek would not count), then paused to report it.
  await student.waitForTimeout(6_000);
  await player.evaluate((v: HTMLVideoElement) => v.pause());
  await expect(video.getByText('Selesai', { exact: true })).toBeVisible();

  const link = student.getByTestId('material-card').filter({ hasText: linkTitle });
  const popup = student.waitForEvent('popup');
  await link.getByRole('button', { name: 'Buka Link' }).click();
  await (await popup).close();
  await expect(link.getByText('Selesai', { exact: true })).toBeVisible();
  await screenshot(student, 'materials-student-phone', { fullPage: true });

  // The server holds the facts, not the page.
  const materials = await api<Material[]>(
    student,
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/materi?id_pertemuan=${meeting!.id}`,
  );
  const done = Object.fromEntries(materials.map((m) => [m.judul, m.aktivitas]));
  expect(done[ebookTitle]).toMatchObject({ selesai: true, tepat_waktu: true });
  expect(done[videoTitle]!.selesai).toBe(true);
  expect(done[videoTitle]!.persen_diputar).toBeGreaterThanOrEqual(50);
  expect(done[linkTitle]).toMatchObject({ selesai: true });
  await context.close();
});

test('a file the server refuses shows Unggah gagal with its reason, and is cleared', async ({ page }) => {
  await signIn(page, 'dosen');
  const [meeting] = await upcomingOnlineMeetings(page);
  await page.goto(`/kelas/${classId}/${meeting!.id}`);
  await page.getByRole('button', { name: 'Tambah Materi' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Judul').fill('Materi Berkas Palsu');
  await chooseOption(page, dialog, 'Jenis Materi', 'Buku Ajar');
  await chooseOption(page, dialog, 'Tipe', 'E-Book');
  // Named .pdf, but plain text inside: the server checks the content (file-content-check.ts).
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'bukan-pdf.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('ini bukan berkas pdf'),
  });
  await expect(dialog.getByText(/bukan-pdf\.pdf \(/)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Deskripsi materi' }).fill('Berkas yang ditolak.');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog.getByText(/^Unggah gagal: Isi Berkas Tidak Sesuai Dengan Format \.pdf/i)).toBeVisible();
  await expect(dialog.getByText(/bukan-pdf\.pdf \(/)).toBeHidden();
  await screenshotBothWidths(page, 'materials-upload-failed', {
    fullPage: false,
    settle: () => dialog.getByText(/^Unggah gagal/).scrollIntoViewIfNeeded(),
  });
  await dialog.getByRole('button', { name: 'Batal' }).click();
});

test('a lecturer copies a material from another class into a meeting', async ({ page }) => {
  await signIn(page, 'dosen');
  const meetings = await upcomingOnlineMeetings(page);
  const meeting = meetings[1]!;
  await page.goto(`/kelas/${classId}/${meeting.id}`);
  await page.getByRole('button', { name: 'Tambah Materi' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Salin Materi Kelas Lain' }).click();
  await dialog.getByRole('button', { name: 'Salin' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Materi wajib dipilih!' })).toBeVisible();

  await dialog.getByPlaceholder('Cari judul materi').fill('Contoh Kode');
  await dialog.getByPlaceholder('Cari judul materi').press('Enter');
  const row = dialog.locator('tbody tr').filter({ hasText: 'Contoh Kode Program' }).first();
  await expect(row).toBeVisible();
  // Only other classes are offered.
  await expect(dialog.locator('tbody tr').filter({ hasText: 'IF2102' })).toHaveCount(0);
  await row.getByRole('checkbox').check();
  await screenshot(page, 'materials-copy-desktop');
  await dialog.getByRole('button', { name: 'Salin' }).click();
  await expect(page.getByText('Materi berhasil disalin')).toBeVisible();
  const copied = page.getByTestId('material-card').filter({ hasText: 'Contoh Kode Program' });
  await expect(copied).toBeVisible();
  await expect(copied.getByText('contoh-kode.zip')).toBeVisible();
});

test('a student reads a Word e-book in the page, with the reading countdown', async ({ browser }) => {
  const context = await browser.newContext();
  const student = await context.newPage();
  await signIn(student, 'mahasiswa');
  await student.setViewportSize({ width: 375, height: 812 });
  const meetings = await api<MeetingListItem[]>(
    student,
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/pertemuan?per_page=20`,
  );
  const second = meetings.find((m) => m.nomor === 2)!;
  await student.goto(`/kelas/${classId}/${second.id}`);
  const card = student.getByTestId('material-card').filter({ hasText: 'Ringkasan Normalisasi' });
  await expect(card.getByText('ringkasan-normalisasi.docx')).toBeVisible();
  await card.getByRole('button', { name: 'Baca' }).click();
  const document = card.getByTestId('office-document');
  await expect(
    document.getByRole('heading', { name: 'Ringkasan Materi: Normalisasi Basis Data' }),
  ).toBeVisible();
  await expect(
    document.getByText('tidak ada ketergantungan transitif antar kolom bukan kunci.'),
  ).toBeVisible();
  await expect(document.getByRole('cell', { name: 'Sumatera Utara' })).toBeVisible();
  // The same countdown as a PDF before Sudah Baca.
  await expect(card.getByRole('button', { name: /Sudah Baca \(\d+\)/ })).toBeDisabled();
  await screenshot(card, 'materials-docx-phone');
  await student.setViewportSize({ width: 1280, height: 800 });
  await screenshot(card, 'materials-docx-desktop');
  await context.close();
});
