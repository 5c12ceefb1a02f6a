import { expect, test } from '@playwright/test';
import { screenshot, signIn } from './helpers.ts';

// Issue 45: on a slow link a cold load showed a lone 'Memuat…' for the seconds the scripts took. index.html
// now draws the shell's and a page's frame itself; it stays until the app draws its first screen.
test('a cold load shows the frame of the shell and the page until the app draws', async ({ page }) => {
  await signIn(page, 'mahasiswa');

  // The app's own entry held back, as a slow link would: the frame is all there is.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  try {
    await page.reload({ waitUntil: 'commit' });
    const frame = page.locator('.boot-shell');
    await expect(frame).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Memuat…' })).toBeAttached();
    await expect(frame.locator('.boot-sider')).toBeVisible();
    await expect(frame.locator('.boot-card')).toHaveCount(3);
    await screenshot(page, 'cold-load-frame-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    // A phone: no side menu, the header with its menu button's place.
    await expect(frame.locator('.boot-sider')).toBeHidden();
    await expect(frame.locator('.boot-menu-button')).toBeVisible();
    await screenshot(page, 'cold-load-frame-375');
  } finally {
    release();
  }
  // The app draws its shell and page, and the frame goes.
  await expect(page.getByRole('banner')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.dashboard-class').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.boot-shell')).toBeHidden();
  await screenshot(page, 'cold-load-drawn-375');
});
