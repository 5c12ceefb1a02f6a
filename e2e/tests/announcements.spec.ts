import { expect as baseExpect, test, type Page } from '@playwright/test';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import { expectNoSeriousAxeViolations, screenshot, screenshotBothWidths, signIn } from './helpers.ts';
import { createQuiz, createTask, createVidcon, signInByApi, tryTag } from './test-data.ts';

// One worker for this file, in order, with room for slow shared machines: the first test publishes an
// announcement the others would otherwise race with, and pages load lazily.
test.describe.configure({ mode: 'default', timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** A date in the college zone (WIB), YYYY-MM-DD, `days` from today. */
function wibDate(days = 0): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(at);
}

async function typeInEditor(page: Page, label: string, text: string) {
  const editor = page.getByRole('textbox', { name: label });
  await editor.click();
  await page.keyboard.type(text);
}

test('an operator publishes an announcement; a student sees it on the dashboard and on /pengumuman', async ({
  page,
  browser,
}) => {
  const title = `Kuliah Umum Keamanan Siber ${Date.now()}`;
  await signIn(page, 'operator');
  await page.goto('/pengumuman');
  await page.getByRole('button', { name: 'Tambah Pengumuman' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah Pengumuman' });
  await dialog.getByRole('textbox', { name: /Judul/ }).fill(title);
  await typeInEditor(page, 'Isi pengumuman', 'Kuliah umum diadakan di Aula Utama pukul 09.00 WIB.');
  await dialog.getByRole('button', { name: 'Tebal' }).click();
  await page.keyboard.type(' Wajib hadir.');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Pengumuman berhasil disimpan')).toBeVisible();
  await expect(dialog).toBeHidden();
  const list = page.getByRole('list', { name: 'Daftar pengumuman' });
  await expect(list.getByRole('button').first()).toContainText(title);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.locator('article strong', { hasText: 'Wajib hadir.' })).toBeVisible();

  const student = await browser.newPage();
  await signIn(student, 'mahasiswa');
  const card = student.locator('.dashboard-announcements');
  await expect(card.getByRole('link').filter({ hasText: title })).toBeVisible();
  await expect(card.locator('.dashboard-announcement')).toHaveCount(2);
  await card.getByRole('link').filter({ hasText: title }).click();
  await expect(student).toHaveURL(/\/pengumuman\?index=0$/);
  await expect(student.getByRole('heading', { name: title })).toBeVisible();
  await expect(student.locator('article').getByText('Kuliah umum diadakan di Aula Utama')).toBeVisible();
  // Students read, they do not write.
  await expect(student.getByRole('button', { name: 'Tambah Pengumuman' })).toHaveCount(0);
  await expect(student.getByRole('button', { name: 'Ubah' })).toHaveCount(0);

  // Lihat Semua leads to the list, where the second one opens with ?index=1.
  await student.goto('/beranda');
  await student.locator('.dashboard-announcements').getByRole('link', { name: 'Lihat Semua' }).click();
  await expect(student).toHaveURL(/\/pengumuman$/);
  await student.getByRole('list', { name: 'Daftar pengumuman' }).getByRole('button').nth(1).click();
  await expect(student).toHaveURL(/\/pengumuman\?index=1$/);
  await student.close();
});

test('the dashboard lists the day’s meetings under Keterangan and moves between months', async ({ page }) => {
  await signIn(page, 'mahasiswa');
  const today = page.locator(`[data-date="${wibDate()}"]`);
  await expect(today).toHaveClass(/is-selected/);
  // The demo schedules Basis Data on today's weekday.
  await expect(meetingLinks(page).filter({ hasText: 'Basis Data' })).toBeVisible();
  await expect(today).toHaveAttribute('aria-label', /agenda/);

  // A week later the same class meets again.
  const nextWeek = wibDate(7);
  await page.locator(`[data-date="${nextWeek}"]`).first().click();
  await expect(page.locator(`[data-date="${nextWeek}"].is-selected`)).toBeVisible();
  await expect(meetingLinks(page).filter({ hasText: 'Basis Data' })).toBeVisible();

  // The month changes with the arrows.
  const header = page.locator('.dashboard-calendar__header strong');
  const before = await header.innerText();
  await page.getByRole('button', { name: 'Bulan berikutnya' }).click();
  await expect(header).not.toHaveText(before);
  await page.getByRole('button', { name: 'Bulan sebelumnya' }).click();
  await expect(header).toHaveText(before);

  // An event opens its meeting. Selecting next week showed the next month when today is in a month's
  // last week, so go back to today's month first.
  const todayCell = page.locator(`[data-date="${wibDate()}"]`).first();
  if (!(await todayCell.isVisible())) await page.getByRole('button', { name: 'Bulan sebelumnya' }).click();
  await todayCell.click();
  await meetingLinks(page).filter({ hasText: 'Basis Data' }).first().click();
  await expect(page).toHaveURL(/\/kelas\/20261_01_IF2102\/[0-9a-f-]{36}$/);
});

/** Keterangan's items of one kind (by their kind tag: Pertemuan, Kuis/Ujian, Tugas, Vidcon). */
function kindLinks(page: Page, kind: string) {
  return page
    .getByRole('list', { name: 'Agenda tanggal terpilih' })
    .getByRole('link')
    .filter({ has: page.locator('.plain-tag').getByText(kind, { exact: true }) });
}

function meetingLinks(page: Page) {
  return kindLinks(page, 'Pertemuan');
}

test('a day in Kalender lists its meeting, exam, task deadline and vidcon, each linking to its page', async ({
  browser,
  baseURL,
}) => {
  // Next week's Basis Data meeting (the demo's; meetings come from SIAKAD) gets an exam, a task due that
  // evening and a vidcon of this test's own, made by its lecturer through the API.
  const run = tryTag();
  const day = wibDate(7);
  const at = (time: string) => new Date(`${day}T${time}:00+07:00`).toISOString();
  const lecturer = await signInByApi(baseURL!, 'dosen');
  const meetings = await lecturer.call<MeetingListItem[]>(
    'GET',
    '/v2/lms/kelas_kuliah/20261_01_IF2102/pertemuan?per_page=100',
  );
  const wib = (iso: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date(iso));
  const meeting = meetings.find((m) => wib(m.waktu_mulai) === day)!;
  const exam = await createQuiz(lecturer, {
    id_pertemuan: meeting.id,
    judul: `Kuis Kalender ${run}`,
    waktu_mulai: at('13:00'),
    waktu_selesai: at('14:00'),
  });
  const task = await createTask(lecturer, {
    id_pertemuan: meeting.id,
    judul: `Tugas Kalender ${run}`,
    waktu_selesai: at('22:00'),
  });
  await createVidcon(lecturer, {
    id_pertemuan: meeting.id,
    judul: `Vidcon Kalender ${run}`,
    waktu_mulai: at('15:00'),
    waktu_selesai: at('16:00'),
  });
  await lecturer.dispose();

  const page = await browser.newPage();
  await signIn(page, 'mahasiswa');
  await page.locator(`[data-date="${day}"]`).first().click();
  await expect(page.locator(`[data-date="${day}"].is-selected`)).toBeVisible();
  const meetingPath = `/kelas/20261_01_IF2102/${meeting.id}`;
  await expect(meetingLinks(page).filter({ hasText: 'Basis Data' })).toHaveAttribute('href', meetingPath);
  const examLink = kindLinks(page, 'Kuis/Ujian').filter({ hasText: `Kuis Kalender ${run}` });
  await expect(examLink).toHaveAttribute('href', `/ujian/${exam.id}`);
  await expect(examLink).toContainText('13:00 - 14:00 WIB');
  await expect(examLink).toContainText('Basis Data');
  const taskLink = kindLinks(page, 'Tugas').filter({ hasText: `Tugas Kalender ${run}` });
  await expect(taskLink).toHaveAttribute('href', `/tugas/${task.id}`);
  await expect(taskLink).toContainText('Tenggat 22:00 WIB');
  const vidconLink = kindLinks(page, 'Vidcon').filter({ hasText: `Vidcon Kalender ${run}` });
  await expect(vidconLink).toHaveAttribute('href', meetingPath);
  await expect(vidconLink).toContainText('15:00 - 16:00 WIB');
  await expectNoSeriousAxeViolations(page);
  // The list at each width (a full-page picture would repeat the sticky header where it was scrolled).
  await screenshotBothWidths(page, 'beranda-keterangan', {
    fullPage: false,
    settle: () => examLink.scrollIntoViewIfNeeded(),
  });

  await examLink.click();
  await expect(page).toHaveURL(new RegExp(`/ujian/${exam.id}$`));
  await expect(page.getByText(`Kuis Kalender ${run}`).first()).toBeVisible();
  await page.goBack();
  await page.locator(`[data-date="${day}"]`).first().click();
  await taskLink.click();
  await expect(page).toHaveURL(new RegExp(`/tugas/${task.id}$`));
  await expect(page.getByText(`Tugas Kalender ${run}`).first()).toBeVisible();
  await page.close();

  // An operator with read on Kelas Kuliah counts every class of the college: this exam is not closed yet.
  const operator = await browser.newPage();
  await signIn(operator, 'operator.lihat');
  const examTile = operator
    .getByRole('list', { name: 'Ringkasan aktivitas' })
    .getByRole('link', { name: /Kuis\/Ujian/ });
  await expect(examTile.locator('.dashboard-tile__count')).toHaveText(/^[1-9]\d*$/);
  await screenshotBothWidths(operator, 'beranda-operator', { fullPage: false });
  await operator.close();
});

test('the dashboard tiles and class cards link to their pages', async ({ page }) => {
  await signIn(page, 'mahasiswa');
  const tiles = page.getByRole('list', { name: 'Ringkasan aktivitas' });
  for (const [label, path] of [
    ['Tugas', '/tugas'],
    ['Kuis/Ujian', '/ujian'],
    ['Forum', '/forum'],
    ['Vidcon', '/vidcon'],
  ] as const) {
    await expect(tiles.getByRole('link', { name: new RegExp(label.replace('/', '\\/')) })).toHaveAttribute(
      'href',
      path,
    );
  }
  const classes = page.locator('.dashboard-class');
  await expect(classes).toHaveCount(5);
  await expect(classes.first()).toContainText('Periode 2026/2027 Ganjil');
  await expect(classes.first()).toContainText(/Sedang Berlangsung|Akan Dimulai|Telah Berakhir/);
  const href = await classes.first().getAttribute('href');
  expect(href).toMatch(/^\/kelas\/20261_/);
});

test('screenshots of /beranda, /pengumuman and /bantuan at 1280 and 375 pixels', async ({ page }) => {
  await signIn(page, 'mahasiswa');
  await expect(page.locator('.dashboard-class').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Agenda tanggal terpilih' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshot(page, 'beranda-1280', { fullPage: true });

  await page.goto('/pengumuman');
  await expect(page.getByRole('list', { name: 'Daftar pengumuman' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshot(page, 'pengumuman-1280', { fullPage: true });

  await page.goto('/bantuan');
  await expect(page.getByRole('heading', { name: 'Pusat Bantuan' })).toBeVisible();
  await page.getByRole('button', { name: /Bagaimana cara masuk ke LMS/ }).click();
  await expect(page.getByText('isi Username')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshot(page, 'bantuan-1280', { fullPage: true });

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/beranda');
  await expect(page.locator('.dashboard-class').first()).toBeVisible();
  await screenshot(page, 'beranda-375', { fullPage: true });

  await page.goto('/pengumuman');
  await expect(page.getByRole('list', { name: 'Daftar pengumuman' })).toBeVisible();
  await screenshot(page, 'pengumuman-375', { fullPage: true });
  await page.getByRole('list', { name: 'Daftar pengumuman' }).getByRole('button').first().click();
  await expect(page.getByRole('button', { name: 'Kembali ke daftar' })).toBeVisible();
  await screenshot(page, 'pengumuman-detail-375', { fullPage: true });

  await page.goto('/bantuan');
  await expect(page.getByRole('heading', { name: 'Pusat Bantuan' })).toBeVisible();
  await screenshot(page, 'bantuan-375', { fullPage: true });
});

test('operator screens: scheduled announcements, the form and help editing', async ({ page }) => {
  await signIn(page, 'operator');
  await page.goto('/pengumuman?status=terjadwal');
  await expect(page.getByText('Pengisian Kuesioner Evaluasi Dosen').first()).toBeVisible();
  await screenshot(page, 'pengumuman-operator-1280', { fullPage: true });
  await page.getByRole('button', { name: 'Ubah' }).click();
  await expect(page.getByRole('dialog', { name: 'Ubah Pengumuman' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Judul/ })).toHaveValue(
    'Pengisian Kuesioner Evaluasi Dosen',
  );
  await screenshot(page, 'pengumuman-form-1280', { animations: 'disabled' });
  await page.getByRole('button', { name: 'Batal' }).click();

  await page.goto('/bantuan');
  await expect(page.getByRole('button', { name: 'Tambah Bantuan' })).toBeVisible();
});

/** A PNG drawn in the page (a coloured picture with a caption), as bytes for a file input. */
async function drawnPng(page: Page, caption: string, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ caption, width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const g = canvas.getContext('2d')!;
      const gradient = g.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, '#1d4ed8');
      gradient.addColorStop(1, '#0f766e');
      g.fillStyle = gradient;
      g.fillRect(0, 0, width, height);
      g.fillStyle = '#ffffff';
      g.font = `bold ${Math.round(height / 8)}px sans-serif`;
      g.fillText(caption, width / 16, height / 2);
      return canvas.toDataURL('image/png');
    },
    { caption, width, height },
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

test('an operator writes news with a cover and an inline image; a student sees both, also on a phone', async ({
  page,
  browser,
}) => {
  test.slow();
  const title = `Wisuda Periode II ${Date.now()}`;
  await signIn(page, 'operator');
  await page.goto('/berita');
  await page.getByRole('button', { name: 'Tambah Berita' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah Berita' });
  await dialog.getByRole('textbox', { name: /Judul/ }).fill(title);
  await dialog.getByRole('textbox', { name: /Ringkasan/ }).fill('Wisuda digelar di Auditorium Utama.');

  // The cover: too large is flagged on choosing, a PDF named .png is refused by the server, a PNG is taken.
  await dialog.getByRole('button', { name: 'Unggah Gambar Sampul' }).click();
  const coverUpload = page.getByRole('dialog', { name: 'Unggah Gambar Sampul' });
  const cover = await drawnPng(page, 'Wisuda 2026', 1200, 500);
  const big = Buffer.concat([cover, Buffer.alloc(5_000_001)]);
  await coverUpload
    .locator('input[type=file]')
    .setInputFiles({ name: 'besar.png', mimeType: 'image/png', buffer: big });
  await expect(coverUpload.getByText('Ukuran file melebihi batas maksimal')).toBeVisible();
  await expect(coverUpload.getByText('Ukuran file tidak boleh lebih dari 5.00MB.')).toBeVisible();
  await expect(coverUpload.getByRole('button', { name: 'Simpan' })).toBeDisabled();
  await coverUpload.locator('input[type=file]').setInputFiles({
    name: 'sampul.png',
    mimeType: 'image/png',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'),
  });
  await coverUpload.getByRole('button', { name: 'Simpan' }).click();
  await expect(
    coverUpload.getByText('Unggah gagal: Isi berkas tidak sesuai dengan format .png.'),
  ).toBeVisible();
  await coverUpload
    .locator('input[type=file]')
    .setInputFiles({ name: 'sampul.png', mimeType: 'image/png', buffer: cover });
  await coverUpload.getByRole('button', { name: 'Simpan' }).click();
  await expect(coverUpload).toBeHidden();
  await expect(dialog.getByRole('img', { name: 'Gambar sampul' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Hapus Gambar Sampul' })).toBeVisible();

  // An image in the body, through the editor's own button.
  await typeInEditor(page, 'Isi berita', 'Denah tempat duduk wisudawan:');
  await dialog.getByRole('button', { name: 'Sisipkan Gambar' }).click();
  const inlineUpload = page.getByRole('dialog', { name: 'Sisipkan Gambar' });
  await inlineUpload.locator('input[type=file]').setInputFiles({
    name: 'denah-auditorium.png',
    mimeType: 'image/png',
    buffer: await drawnPng(page, 'Denah', 800, 400),
  });
  await inlineUpload.getByRole('button', { name: 'Sisipkan' }).click();
  await expect(inlineUpload).toBeHidden();
  await expect(dialog.locator('.ProseMirror img[alt="denah auditorium"]')).toBeVisible();

  // A pasted picture is uploaded and inserted; a pasted web page's picture of another site is left out, said so.
  const pasted = (await drawnPng(page, 'Tempel', 400, 200)).toString('base64');
  await dialog.getByRole('textbox', { name: 'Isi berita' }).evaluate((editor, base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'image.png', { type: 'image/png' }));
    editor.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, pasted);
  await expect(dialog.locator('.ProseMirror img[alt="Gambar"]')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Isi berita' }).evaluate((editor) => {
    const data = new DataTransfer();
    data.setData(
      'text/html',
      '<p>Dari situs lain</p><img src="https://tracker.example/foto.jpg" alt="luar">',
    );
    data.setData('text/plain', 'Dari situs lain');
    editor.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect(page.getByText('Gambar dari situs lain tidak ikut ditempel.', { exact: false })).toBeVisible();
  await expect(dialog.locator('.ProseMirror').getByText('Dari situs lain')).toBeVisible();
  await expect(dialog.locator('.ProseMirror img[alt="luar"]')).toHaveCount(0);
  await screenshotBothWidths(page, 'berita-form-gambar', { fullPage: false, animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Berita berhasil disimpan')).toBeVisible();
  await expect(page).toHaveURL(/\/berita\/[^/]+$/);

  const student = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signIn(student, 'mahasiswa');
  await student.goto('/berita');
  const card = student.getByRole('link', { name: title });
  const thumbnail = card.locator('img.publication-card-cover');
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await screenshotBothWidths(student, 'berita-daftar-sampul');
  await card.click();
  const coverImage = student.getByRole('img', { name: `Gambar sampul ${title}` });
  const inlineImage = student.locator('article .rich-text img[alt="denah auditorium"]');
  await expect(coverImage).toBeVisible();
  await expect(inlineImage).toBeVisible();
  await expect(student.locator('article .rich-text img[alt="Gambar"]')).toBeVisible();
  // Both really load (served by /v2/files to an <img>, no token).
  for (const image of [coverImage, inlineImage]) {
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  await expectNoSeriousAxeViolations(student);
  await screenshotBothWidths(student, 'berita-artikel-gambar');

  // On a phone the pictures scale down to the column: nothing scrolls sideways.
  await student.setViewportSize({ width: 375, height: 812 });
  for (const image of [coverImage, inlineImage]) {
    const box = await image.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  }
  expect(await student.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await student.close();
});
