import { expect, test, type Page } from '@playwright/test';
import { oidcClient, oidcIssuer } from '../playwright.config.ts';
import { api, expectNoSeriousAxeViolations, screenshotBothWidths, signIn, signOut } from './helpers.ts';

// "Masuk dengan SSO Kampus" against the run's own OpenID provider (oidc-provider.ts): the operator
// configures it, a student signs in there and lands on their Beranda, signs out of both, and a person
// the college does not know is told so on the sign-in page. A college-wide spec (the sign-in page of
// everyone shows the button while it is on): it puts the settings back at the end.
const student = { nim: '2024010001', nama: 'Rizky Aditya Pratama' };

async function signInAtProvider(page: Page, nim: string): Promise<void> {
  await page.getByRole('button', { name: 'Masuk dengan SSO Kampus' }).click();
  await expect(page).toHaveURL(new RegExp(`^${oidcIssuer}/interaction/`));
  await page.locator('input[name="login"]').fill(nim);
  await page.locator('input[name="password"]').fill('sandi-kampus');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('a student signs in through the campus provider and signs out of both', async ({ page, browser }) => {
  // Three sign-ins, two at the provider, settings saved twice (each asks the provider): a long flow.
  test.setTimeout(180_000);
  await signIn(page, 'operator');
  try {
    await page.goto('/konfigurasi');
    await page.getByRole('tab', { name: 'SSO Kampus' }).click();
    const issuer = page.getByLabel('URL Penerbit (Issuer)');
    await expect(issuer).toBeVisible();
    // A provider the server may not call is refused under its field.
    await issuer.fill('http://169.254.169.254/latest');
    await page.getByLabel('Client ID').fill(oidcClient.id);
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(
      page.getByText('URL penerbit mengarah ke jaringan yang tidak diizinkan server'),
    ).toBeVisible();

    await issuer.fill(oidcIssuer);
    await page.getByLabel('Client Secret').fill(oidcClient.secret);
    await page.getByRole('radio', { name: /NIM \/ NIDN/ }).check();
    await page.getByLabel('Nama klaim berisi NIM / NIDN').fill('nim');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Pengaturan SSO Kampus berhasil disimpan.')).toBeVisible();
    await expect(page.getByText('Client secret tersimpan dan tidak ditampilkan.')).toBeVisible();
    await expect(page.getByText('/v2/oidc/callback/demo')).toBeVisible();
    await screenshotBothWidths(page, 'oidc-settings');
    await expectNoSeriousAxeViolations(page);
    await signOut(page);

    // The sign-in page offers the campus sign-in now.
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Masuk dengan SSO Kampus' })).toBeVisible();
    await screenshotBothWidths(page, 'oidc-sign-in-page');
    await expectNoSeriousAxeViolations(page);

    await signInAtProvider(page, student.nim);
    await expect(page).toHaveURL(/\/beranda$/, { timeout: 30_000 });
    await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeVisible();
    await expect(page.getByText(student.nama).first()).toBeVisible();
    await expect(page.locator('.dashboard-class').first()).toBeVisible();
    await screenshotBothWidths(page, 'oidc-signed-in-beranda');

    // Logout ends the LMS session, then the provider's (which sends the browser back to /login).
    await page.getByRole('button', { name: 'Menu profil' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Masuk', exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('lms.session'))).toBeNull();
    // Signed out at the provider too: it asks for the login again instead of signing in at once.
    await signInAtProvider(page, '9999000099');

    // A person the college does not know is refused, with the reason on the sign-in page.
    await expect(page).toHaveURL(/\/login\?sso_galat=sso_akun_tidak_dikenal$/);
    await expect(page.getByRole('alert')).toHaveText(
      'Akun SSO Kampus Anda belum terdaftar di LMS. Hubungi operator perguruan tinggi Anda.',
    );
    await screenshotBothWidths(page, 'oidc-unknown-person');
  } finally {
    // Off again for the other flows (no button on their sign-in page), from a browser of its own.
    const context = await browser.newContext();
    const operator = await context.newPage();
    await signIn(operator, 'operator');
    await api(operator, 'PUT', '/v2/lms/pengaturan/sso', {
      issuer: '',
      client_id: '',
      hapus_client_secret: true,
      cocokkan_dengan: 'nim_nidn',
      nama_klaim: 'nim',
      buat_akun_baru: false,
    });
    await context.close();
  }
});
