import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, screenshot, signIn } from './helpers.ts';

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
  const events = page.getByRole('list', { name: 'Agenda tanggal terpilih' });
  // The demo schedules Basis Data on today's weekday.
  await expect(events.getByRole('link').filter({ hasText: 'Basis Data' })).toBeVisible();
  await expect(today).toHaveAttribute('aria-label', /agenda/);

  // A week later the same class meets again.
  const nextWeek = wibDate(7);
  await page.locator(`[data-date="${nextWeek}"]`).first().click();
  await expect(page.locator(`[data-date="${nextWeek}"].is-selected`)).toBeVisible();
  await expect(events.getByRole('link').filter({ hasText: 'Basis Data' })).toBeVisible();

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
  await events.getByRole('link').filter({ hasText: 'Basis Data' }).first().click();
  await expect(page).toHaveURL(/\/kelas\/20261_01_IF2102\/[0-9a-f-]{36}$/);
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
