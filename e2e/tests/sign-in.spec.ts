import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, menuLabels, screenshot, signIn, signOut } from './helpers.ts';

const studentMenu = ['Beranda', 'Kelas Kuliah', 'Kehadiran', 'Nilai', 'Berita', 'Pengaturan'];
const staffMenu = [
  'Beranda',
  'Kelas Kuliah',
  'Jadwal',
  'Kehadiran',
  'Nilai',
  'Bank Soal',
  'Pengumuman',
  'Berita',
  'Pengaturan',
  'Bantuan',
];
const operatorMenu = [
  'Beranda',
  'Kelas Kuliah',
  'Jadwal',
  'Kehadiran',
  'Nilai',
  'Bank Soal',
  'Pengumuman',
  'Berita',
  'Pengguna',
  'Konfigurasi',
  'Muat Semester',
  'Hak Akses Operator',
  'Pengaturan',
  'Bantuan',
];

const accounts: { username: string; menu: string[]; role: string }[] = [
  { username: 'mahasiswa', menu: studentMenu, role: 'Mahasiswa' },
  { username: 'mahasiswa.cuti', menu: studentMenu, role: 'Mahasiswa' },
  { username: 'dosen', menu: staffMenu, role: 'Dosen' },
  { username: 'operator', menu: operatorMenu, role: 'Operator' },
  { username: 'operator.lihat', menu: operatorMenu, role: 'Operator' },
];

for (const account of accounts) {
  test(`${account.username} signs in, sees the ${account.role} menu, and signs out`, async ({ page }) => {
    await signIn(page, account.username);
    expect(await menuLabels(page)).toEqual(account.menu);
    await expect(page).toHaveTitle('Beranda - LMS Mahasiswa');
    await expect(page.getByRole('list', { name: 'Ringkasan aktivitas' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Menu utama' }).getByText(/Periode 2026\/2027 Ganjil/),
    ).toBeVisible();
    await expect(page.getByLabel('Waktu server')).toContainText(/WIB$/);
    await expectNoSeriousAxeViolations(page);
    if (account.username === 'mahasiswa.cuti') {
      await expect(
        page.getByRole('navigation', { name: 'Menu utama' }).getByText('Cuti', { exact: true }),
      ).toBeVisible();
    }
    // The active menu item follows the route.
    await page
      .getByRole('navigation', { name: 'Menu utama' })
      .getByRole('menuitem', { name: 'Nilai' })
      .click();
    await expect(page).toHaveURL(/\/nilai$/);
    await expect(page.getByRole('heading', { name: 'Nilai', exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Nilai - LMS Mahasiswa');
    await signOut(page);
    // Signed out: a protected page goes back to sign-in, remembering the target.
    await page.goto('/kelas');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fkelas$/);
    await expect(page.getByRole('heading', { name: 'Masuk', exact: true })).toBeVisible();
  });
}

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill('mahasiswa');
  await page.getByLabel('Password').fill('salah-sekali');
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Username Atau Password Salah.');
  await expect(page).toHaveURL(/\/login$/);
});

test('empty fields show Indonesian validation messages', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page.getByText('Username wajib diisi')).toBeVisible();
  await expect(page.getByText('Password wajib diisi')).toBeVisible();
});

test('on a phone, the sign-in card stays in place when the demo accounts come', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The configuration answer (college name, demo accounts) after the form has been drawn, as on a slow link.
  await page.route('**/v1/configuration', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Masuk', exact: true })).toBeVisible();
  await expect(page.getByText('Akun demo')).toBeVisible();
  // A centred card moved up by half of what the demo accounts add (0.18 before the fix).
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.02);
});

test('a demo account click fills the form, and the target path is kept', async ({ page }) => {
  await page.goto('/pengaturan');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fpengaturan$/);
  await page.getByRole('button', { name: 'Gunakan akun demo dosen' }).click();
  await expect(page.getByLabel('Username')).toHaveValue('dosen');
  await expect(page.getByLabel('Password')).toHaveValue('demo12345');
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page).toHaveURL(/\/pengaturan$/, { timeout: 30_000 });
});

test('signed out, the home address leads to sign-in; signed in, sign-in goes on to the target', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?redirect=%2F$/);
  await expect(page.getByRole('heading', { name: 'Masuk', exact: true })).toBeVisible();
  await signIn(page, 'mahasiswa');
  // The sign-in page leaves at once for a visitor already signed in (before its own page has loaded).
  await page.goto('/login?redirect=%2Fnilai', { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/nilai$/);
  await expect(page.getByRole('heading', { name: 'Nilai', exact: true })).toBeVisible();
});

test('by keyboard alone: sign in, skip the menu to the main content, demo rows show their focus', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Username').focus();
  await page.keyboard.type('mahasiswa');
  await page.keyboard.press('Tab');
  await page.keyboard.type('demo12345');
  // A demo row focused after keyboard use draws a ring, not only the faint tint (issue 45).
  const demoRow = page.getByRole('button', { name: 'Gunakan akun demo dosen' });
  await demoRow.focus();
  await expect(demoRow).toHaveCSS('outline-style', 'solid');
  await page.getByLabel('Password').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/beranda$/, { timeout: 30_000 });
  await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeVisible();

  // The first Tab lands on the skip link, shown in the page; Enter puts focus on the main content.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Lewati ke konten utama' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await screenshot(page, 'skip-link-1280');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL(/\/beranda$/);

  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  await expect(page.getByRole('main')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await screenshot(page, 'skip-link-375');
});
