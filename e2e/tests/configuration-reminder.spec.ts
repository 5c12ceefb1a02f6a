import { expect, test } from '@playwright/test';
import { screenshot, signIn } from './helpers.ts';

// Nothing is saved here: the college's settings stay as the other flows expect them.
test('Konfigurasi shows the reminder lead time in hours, 24 by default, and refuses 0', async ({ page }) => {
  await signIn(page, 'operator');
  await page.goto('/konfigurasi');
  const lead = page.getByRole('spinbutton', { name: 'Pengingat sebelum tenggat/ujian (jam)' });
  await expect(lead).toHaveValue('24');
  await lead.fill('0');
  await lead.blur();
  await expect(page.getByText('Nilai harus antara 1 dan 168.')).toBeVisible();
  await lead.fill('24');
  for (const [width, height] of [
    [1280, 800],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await lead.scrollIntoViewIfNeeded();
    await screenshot(page, `konfigurasi-pengingat-${width}`, { fullPage: false });
  }
});
