import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';

test('the SIAKAD menu opens /sso, which sends the browser to SIAKAD with a code and state', async ({
  page,
  context,
}) => {
  await signIn(page, 'mahasiswa');
  await page.getByRole('button', { name: 'Menu profil' }).click();
  const popupOpened = context.waitForEvent('page');
  await page.getByRole('menuitem', { name: 'SIAKAD' }).click();
  const popup = await popupOpened;
  await popup.waitForURL(/\/dev\?/);
  const url = new URL(popup.url());
  expect(url.pathname).toBe('/dev');
  expect(url.searchParams.get('code')).toBeTruthy();
  expect(url.searchParams.get('state')).toBeTruthy();
  await expect(popup.getByTestId('dev-param-code')).toHaveText(url.searchParams.get('code')!);
});

test('/sso carries app, legacy, role and path as spec 1 says', async ({ page, context }) => {
  await signIn(page, 'dosen');
  await page.getByRole('button', { name: 'Menu profil' }).click();
  const requested = context.waitForEvent('request', (request) => request.url().includes('/sso?'));
  await page.getByRole('menuitem', { name: 'SIAKAD' }).click();
  const url = new URL((await requested).url());
  expect(Object.fromEntries(url.searchParams)).toEqual({
    app: 'siakad',
    legacy: 'true',
    role: 'dosen',
    path: '/pesan/index.php',
  });
});
