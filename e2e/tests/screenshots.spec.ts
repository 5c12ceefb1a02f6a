import { expect, test } from '@playwright/test';
import { screenshotPath, signIn } from './helpers.ts';

test('sign-in page at 1280 and 375 pixels', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Masuk', exact: true })).toBeVisible();
  await expect(page.getByText('Akun demo')).toBeVisible();
  await page.screenshot({ path: screenshotPath('login-1280'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: screenshotPath('login-375'), fullPage: true });
});

test('student shell at 1280 and 375 pixels, and the phone menu', async ({ page }) => {
  await signIn(page, 'mahasiswa');
  await page.screenshot({ path: screenshotPath('shell-student-1280') });
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeHidden();
  await expect(page.getByLabel('Waktu server')).toBeHidden();
  await page.screenshot({ path: screenshotPath('shell-student-375') });
  await page.getByRole('button', { name: 'Buka menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu utama' });
  await expect(menu).toBeVisible();
  await page.screenshot({ path: screenshotPath('phone-menu-375'), animations: 'disabled' });
  await menu.getByRole('menuitem', { name: 'Kehadiran' }).click();
  await expect(page).toHaveURL(/\/kehadiran$/);
  await expect(menu).toBeHidden();
});
