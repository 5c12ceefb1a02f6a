import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { expectNoSeriousAxeViolations, screenshotBothWidths, signIn } from './helpers.ts';
import { waitForMail } from './mail-box.ts';

// "Lupa kata sandi" as a student lives it: the link on the sign-in page, the request, the mail the run's
// SMTP server received (smtp-sink.ts), its link, a new password, and signing in with it. The student
// (TE, 2026) is one no other spec signs in as, so changing the password disturbs nobody.
const nim = '2026030015';
const email = `${nim}@student.und.ac.id`;

test('a forgotten password is reset through the emailed link', async ({ page }) => {
  const password = 'Sandi-baru-e2e';
  await page.goto('/login');
  await screenshotBothWidths(page, 'sign-in-with-forgot-link');
  await page.getByRole('link', { name: 'Lupa kata sandi?' }).click();
  await expect(page).toHaveURL(/\/lupa-kata-sandi$/);
  await expect(page.getByRole('heading', { name: 'Lupa Kata Sandi' })).toBeVisible();

  // An empty identity is refused here, before any call.
  await page.getByRole('button', { name: 'Kirim Tautan' }).click();
  await expect(page.getByText('Username, NIM atau email wajib diisi.')).toBeVisible();
  await screenshotBothWidths(page, 'password-reset-request');
  await expectNoSeriousAxeViolations(page);

  const since = Date.now() - 1000;
  await page.getByLabel('Username, NIM atau email').fill(nim);
  await page.getByRole('button', { name: 'Kirim Tautan' }).click();
  await expect(page.getByRole('status')).toContainText(
    'tautan untuk mengatur ulang kata sandi telah dikirim',
  );
  await screenshotBothWidths(page, 'password-reset-requested');

  const mail = await waitForMail(email, since, /^Atur ulang kata sandi LMS /);
  expect(mail.subject).toMatch(/^Atur ulang kata sandi LMS /);
  const link = mail.text?.match(/https?:\/\/\S+/)?.[0] ?? '';
  expect(link.startsWith(`${baseURL}/reset-kata-sandi?token=`)).toBe(true);

  // A fresh browser, as when the link is opened from a mail app.
  const context = await page.context().browser()!.newContext();
  const reset = await context.newPage();
  try {
    await reset.goto(link);
    await expect(reset.getByRole('heading', { name: 'Atur Ulang Kata Sandi' })).toBeVisible();
    await reset.getByLabel('Kata sandi baru', { exact: true }).fill('pendek');
    await reset.getByLabel('Ulangi kata sandi baru').fill('lain');
    await reset.getByRole('button', { name: 'Simpan Kata Sandi' }).click();
    await expect(reset.getByText('Password baru minimal 8 karakter.')).toBeVisible();
    await expect(reset.getByText('Konfirmasi password tidak sama.')).toBeVisible();
    await screenshotBothWidths(reset, 'password-reset-form');
    await expectNoSeriousAxeViolations(reset);

    await reset.getByLabel('Kata sandi baru', { exact: true }).fill(password);
    await reset.getByLabel('Ulangi kata sandi baru').fill(password);
    await reset.getByRole('button', { name: 'Simpan Kata Sandi' }).click();
    await expect(reset.getByRole('status')).toHaveText(
      'Kata sandi berhasil diubah. Silakan masuk dengan kata sandi baru.',
    );
    await screenshotBothWidths(reset, 'password-reset-done');
    await expect(reset.getByRole('link', { name: 'Kembali ke halaman masuk' })).toHaveCount(0);

    // The link works once.
    await reset.goto(link);
    await reset.getByLabel('Kata sandi baru', { exact: true }).fill(`${password}-lagi`);
    await reset.getByLabel('Ulangi kata sandi baru').fill(`${password}-lagi`);
    await reset.getByRole('button', { name: 'Simpan Kata Sandi' }).click();
    // The app shows server messages with capitalised words.
    await expect(reset.getByRole('alert')).toContainText(/sudah dipakai/i);
    await expect(reset.getByRole('link', { name: 'Minta tautan baru' })).toBeVisible();

    await signIn(reset, nim, password);
  } finally {
    await context.close();
  }
});

test("the operator sets the college's email server under Konfigurasi", async ({ page }) => {
  await signIn(page, 'operator');
  await page.goto('/konfigurasi?tab=email');
  await expect(page.getByLabel('Host SMTP')).toBeVisible();
  await expect(page.getByText('Kosongkan host untuk memakai server email bawaan server LMS.')).toBeVisible();
  await expect(page.getByText('Belum ada password tersimpan.')).toBeVisible();
  await screenshotBothWidths(page, 'email-settings');
  await expectNoSeriousAxeViolations(page);
  // A loopback host is refused: the run's server allows no private networks to colleges.
  await page.getByLabel('Host SMTP').fill('127.0.0.1');
  await page.getByLabel('Email Pengirim').fill('lms@und.ac.id');
  const form = page.locator('form').filter({ has: page.getByLabel('Host SMTP') });
  await form.getByRole('button', { name: 'Simpan', exact: true }).click();
  // Under the field, as the server said it.
  await expect(form.getByText(/^Host SMTP mengarah ke jaringan yang tidak diizinkan server/)).toBeVisible();
  await screenshotBothWidths(page, 'email-settings-refused');
});
