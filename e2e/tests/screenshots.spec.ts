import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, openClassMembers, screenshot, signIn } from './helpers.ts';

test('sign-in page at 1280 and 375 pixels', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Masuk', exact: true })).toBeVisible();
  await expect(page.getByText('Akun demo')).toBeVisible();
  await screenshot(page, 'login-1280', { fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await screenshot(page, 'login-375', { fullPage: true });
});

test('student shell at 1280 and 375 pixels, and the phone menu', async ({ page }) => {
  await signIn(page, 'mahasiswa');
  await screenshot(page, 'shell-student-1280');
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeHidden();
  await expect(page.getByLabel('Waktu server')).toBeHidden();
  await screenshot(page, 'shell-student-375');
  await page.getByRole('button', { name: 'Buka menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu utama' });
  await expect(menu).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshot(page, 'phone-menu-375', { animations: 'disabled' });
  await menu.getByRole('menuitem', { name: 'Kehadiran' }).click();
  await expect(page).toHaveURL(/\/kehadiran$/);
  await expect(menu).toBeHidden();
});

test('dashboard, class page and meeting at 1280 and 375 pixels: breadcrumb chain and avatar', async ({
  page,
}) => {
  await signIn(page, 'mahasiswa');
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  // The user's avatar is an image (their photo or the placeholder), never an icon.
  await expect(page.getByRole('navigation', { name: 'Menu utama' }).locator('img.user-avatar')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu profil' }).locator('img.user-avatar')).toBeVisible();
  await expect(breadcrumb.getByRole('link', { name: 'Beranda' })).toHaveAttribute('aria-current', 'page');
  // The calendar's week runs Minggu to Sabtu (spec 1 §9).
  await expect(page.locator('.calendar-month th').first()).toHaveAttribute('abbr', 'Minggu');
  await expect(page.locator('.calendar-month th').last()).toHaveAttribute('abbr', 'Sabtu');
  await expect(page.locator('.dashboard-class').first()).toBeVisible();
  await screenshot(page, 'beranda-shell-1280', { fullPage: true });

  // Today's Basis Data meeting, from Keterangan: Beranda › Kelas Kuliah › class › Pertemuan.
  const events = page.getByRole('list', { name: 'Agenda tanggal terpilih' });
  await events
    .getByRole('link')
    .filter({ hasText: 'Basis Data' })
    .filter({ has: page.locator('.plain-tag').getByText('Pertemuan', { exact: true }) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/kelas\/20261_01_IF2102\/[0-9a-f-]{36}$/);
  await expect(breadcrumb.getByRole('link', { name: 'Beranda' })).toHaveAttribute('href', '/beranda');
  await expect(breadcrumb.getByRole('link', { name: 'Kelas Kuliah' })).toHaveAttribute('href', '/kelas');
  await expect(breadcrumb.getByRole('link')).toHaveCount(3);
  await expect(breadcrumb.getByRole('link').nth(2)).toHaveAttribute('href', '/kelas/20261_01_IF2102');
  // The meeting page names its class's crumb and its own, instead of 'Detail Kelas' and 'Pertemuan'.
  await expect(breadcrumb.getByRole('link').nth(2)).toHaveText('Basis Data 01');
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(/^Pertemuan \d+$/);
  await screenshot(page, 'pertemuan-breadcrumb-1280');
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(breadcrumb.getByRole('link').nth(2)).toHaveText('Basis Data 01');
  await screenshot(page, 'pertemuan-375', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Up one level through the breadcrumb: the class page.
  await breadcrumb.getByRole('link').nth(2).click();
  await expect(page).toHaveURL(/\/kelas\/20261_01_IF2102$/);
  await expect(breadcrumb.getByRole('link')).toHaveCount(2);
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Basis Data 01');
  await expect(page.getByRole('region', { name: 'Data Pertemuan' })).toBeVisible();
  // People on the class page are images too (their photo or the placeholder), never an icon.
  await expect(
    page.getByRole('region', { name: 'Data Pengajar' }).locator('img.user-avatar').first(),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Data Peserta' }).locator('img.user-avatar').first(),
  ).toBeVisible();
  await expect(page.locator('.ant-avatar .anticon-user')).toHaveCount(0);
  await screenshot(page, 'kelas-detail-1280');

  await page.setViewportSize({ width: 375, height: 740 });
  await expect(breadcrumb.getByRole('link', { name: 'Kelas Kuliah' })).toBeVisible();
  await screenshot(page, 'kelas-detail-375');

  // The profile names its parent crumb with the class too.
  await page.goto('/kelas/20261_01_IF2102/profil');
  await expect(breadcrumb.getByRole('link').nth(2)).toHaveText('Basis Data 01');
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Profil Kelas');
  await page.goto('/beranda');
  await expect(page.locator('.dashboard-class').first()).toBeVisible();
  await screenshot(page, 'beranda-shell-375', { fullPage: true });
});

test("the lecturer's class page and Anggota Kelas at 1280 and 375 pixels: avatars are images", async ({
  page,
}) => {
  await signIn(page, 'dosen');
  await page.goto('/kelas/20261_01_IF2102');
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Basis Data 01');
  await expect(
    page.getByRole('region', { name: 'Data Pengajar' }).locator('img.user-avatar').first(),
  ).toBeVisible();
  await screenshot(page, 'kelas-detail-dosen-1280', { fullPage: true });
  const members = await openClassMembers(page);
  await expect(members.locator('img.user-avatar').first()).toBeVisible();
  await expect(members.locator('.ant-avatar .anticon-user')).toHaveCount(0);
  await screenshot(page, 'anggota-kelas-1280');
  await page.keyboard.press('Escape');
  await expect(members).toBeHidden();
  // Closing the modal focuses (and scrolls to) its button; the full-page shot starts from the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Basis Data 01');
  await screenshot(page, 'kelas-detail-dosen-375', { fullPage: true });
});

test('toasts show at the top centre on a desktop and at the bottom on a phone', async ({ page }) => {
  await signIn(page, 'operator');
  await page.getByRole('button', { name: 'Menu profil' }).click();
  await page.getByRole('menuitem', { name: 'Login Akun Lain' }).click();
  const dialog = page.getByRole('dialog', { name: 'Login Akun Lain' });
  await dialog.getByLabel('Cari mahasiswa').fill('Rizky');
  await dialog.getByRole('button', { name: 'Masuk sebagai Rizky Aditya Pratama' }).click();
  await expect(dialog).toBeHidden();
  const toast = page.locator('.toast-message').filter({ hasText: 'Anda sekarang masuk sebagai mahasiswa.' });
  await expect(toast).toBeVisible();
  // Over the page's header, not the rows below it (issue 45: at the bottom they covered the tables).
  const top = (await toast.boundingBox())!;
  expect(top.y).toBeGreaterThanOrEqual(0);
  expect(top.y + top.height).toBeLessThan(100);
  await screenshot(page, 'toast-top-1280');
  // On a phone: at the bottom, inside the screen (going back to the operator, so the acting session ends).
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: /Kembali ke akun operator/ }).click();
  const back = page.locator('.toast-message').filter({ hasText: 'Anda kembali ke akun operator.' });
  await expect(back).toBeVisible();
  const bottom = (await back.boundingBox())!;
  expect(bottom.y).toBeGreaterThan(812 / 2);
  expect(bottom.y + bottom.height).toBeLessThanOrEqual(812);
  expect(bottom.x).toBeGreaterThanOrEqual(0);
  expect(bottom.x + bottom.width).toBeLessThanOrEqual(375);
  await screenshot(page, 'toast-bottom-375');
});
