import { expect, test } from '@playwright/test';
import { menuLabels, screenshot, signIn, screenshotBothWidths } from './helpers.ts';

test('an operator acts for a student and comes back', async ({ page }) => {
  await signIn(page, 'operator');
  await screenshot(page, 'shell-operator-1280');
  await page.getByRole('button', { name: 'Menu profil' }).click();
  await page.getByRole('menuitem', { name: 'Login Akun Lain' }).click();
  const dialog = page.getByRole('dialog', { name: 'Login Akun Lain' });
  await expect(dialog).toBeVisible();
  // The active demo student by name: other demo students (on leave, with unpaid fees) match 'mahasiswa' too.
  await dialog.getByLabel('Cari mahasiswa').fill('Rizky');
  const pick = dialog.getByRole('button', { name: 'Masuk sebagai Rizky Aditya Pratama' });
  await expect(pick).toBeEnabled();
  await screenshot(page, 'act-as-dialog-1280');
  await pick.click();

  const banner = page.getByRole('status').filter({ hasText: 'Anda sedang masuk sebagai' });
  await expect(banner).toBeVisible();
  await expect(page).toHaveURL(/\/beranda$/);
  expect(await menuLabels(page)).toEqual(['Beranda', 'Kelas Kuliah', 'Kehadiran', 'Nilai', 'Pengaturan']);
  // The banner stays on every page while acting.
  await page.goto('/kelas');
  await expect(banner).toBeVisible();
  await screenshotBothWidths(page, 'acting-banner', { fullPage: false });

  await banner.getByRole('button', { name: 'Kembali ke akun operator' }).click();
  await expect(page).toHaveURL(/\/beranda$/);
  await expect(banner).toBeHidden();
  expect(await menuLabels(page)).toContain('Konfigurasi');
  await expect(page.getByRole('list', { name: 'Ringkasan aktivitas' })).toBeVisible();
});

test('an operator with only read rights is not offered Login Akun Lain', async ({ page }) => {
  await signIn(page, 'operator.lihat');
  await page.getByRole('button', { name: 'Menu profil' }).click();
  await expect(page.getByRole('menuitem', { name: 'SIAKAD' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Profil Saya' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Login Akun Lain' })).toHaveCount(0);
});

test('dialogs open at once for a user who prefers reduced motion, and zoom open otherwise', async ({
  browser,
}) => {
  // The whole suite runs with reduced motion (playwright.config.ts); this test compares both. Each
  // preference in a page of its own: a preference changed in an open page reaches the app only with the
  // media query's change event, at the page's next frame, which a quick click can come before.
  for (const [reducedMotion, zooms] of [
    ['reduce', false],
    ['no-preference', true],
  ] as const) {
    const context = await browser.newContext({ reducedMotion });
    const page = await context.newPage();
    await signIn(page, 'operator');
    // Whether the dialog runs antd's zoom animation: its start and active steps. A dialog without motion
    // still passes through the prepare step (which places its origin) and then ends.
    await page.evaluate(() => {
      const record = window as unknown as { zoomed: boolean };
      record.zoomed = false;
      const moving =
        '.ant-zoom-appear-start, .ant-zoom-appear-active, .ant-zoom-enter-start, .ant-zoom-enter-active';
      new MutationObserver(() => {
        if (document.querySelector(moving)) record.zoomed = true;
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['class'],
      });
    });
    await page.getByRole('button', { name: 'Menu profil' }).click();
    await page.getByRole('menuitem', { name: 'Login Akun Lain' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login Akun Lain' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Cari mahasiswa')).toBeVisible();
    // Read once the dialog has left its prepare step (to the start step, or to its end without motion):
    // read as soon as the dialog showed, the start step had not always come yet (flaky in CI, 27 Nov).
    await expect(dialog).not.toHaveClass(/-prepare\b/);
    expect(await page.evaluate(() => (window as unknown as { zoomed: boolean }).zoomed)).toBe(zooms);
    await context.close();
  }
});
