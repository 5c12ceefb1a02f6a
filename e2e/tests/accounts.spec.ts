import { expect, test } from '@playwright/test';
import { chooseOption, screenshotBothWidths, signIn } from './helpers.ts';
import { waitForMail } from './mail-box.ts';
import { tryTag } from './test-data.ts';

test.describe.configure({ timeout: 180_000 });

/**
 * Pengguna: an operator adds a lecturer (a taken username is refused under its field), finds them,
 * edits them and deactivates them; the lecturer then cannot sign in. The lecturer is this try's own.
 */
test('an operator creates, finds, edits and deactivates a lecturer, who can no longer sign in', async ({
  page,
  browser,
}) => {
  const tag = tryTag();
  const username = `dosen.e2e.${tag}`;
  const password = 'sandi-awal-e2e';
  const nama = `Dosen Uji ${tag}`;

  await signIn(page, 'operator');
  await page
    .getByRole('navigation', { name: 'Menu utama' })
    .getByRole('menuitem', { name: 'Pengguna' })
    .click();
  await expect(page).toHaveURL(/\/pengguna$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pengguna' })).toBeVisible();

  // Tambah Pengguna: a lecturer, first with the demo lecturer's username (taken, any case).
  await page.getByRole('button', { name: 'Tambah Pengguna' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah Pengguna' });
  await chooseOption(page, dialog, 'Peran', 'Dosen');
  await dialog.getByLabel('Nama Lengkap').fill(nama);
  await dialog.getByLabel('Username').fill('DOSEN');
  await dialog.getByLabel('NIDN').fill(`88${Date.now().toString().slice(-8)}`);
  await dialog.getByLabel('Gelar Akademik').fill('M.T.');
  await dialog.getByLabel('Email').fill(`${tag}@kampus.ac.id`);
  await dialog.getByLabel('Password Awal').fill(password);
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog.getByText('Username sudah dipakai pengguna lain.')).toBeVisible();
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();

  // Found by part of the name, filtered to lecturers.
  await page.getByRole('textbox', { name: 'Cari pengguna' }).fill(tag);
  await page.getByRole('textbox', { name: 'Cari pengguna' }).press('Enter');
  const table = page.getByRole('table', { name: 'Daftar pengguna' });
  const row = table.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText(nama);
  await expect(row).toContainText('Aktif');

  // Ubah: a new name.
  await row.getByRole('button', { name: 'Ubah' }).click();
  const edit = page.getByRole('dialog', { name: 'Ubah Pengguna' });
  await expect(edit.getByLabel('Username')).toHaveValue(username);
  await edit.getByLabel('Nama Lengkap').fill(`${nama} Diubah`);
  await edit.getByRole('button', { name: 'Simpan' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText(`${nama} Diubah`);
  await screenshotBothWidths(page, 'accounts-list');

  // Kirim Tautan Reset, after a confirmation naming the address: the lecturer gets the link by mail.
  const since = Date.now() - 1000;
  await row.getByRole('button', { name: `Tindakan lain untuk ${nama} Diubah` }).click();
  await page.getByRole('menuitem', { name: 'Kirim Tautan Reset' }).click();
  const sendLink = page.getByRole('dialog', { name: 'Kirim tautan atur ulang password?' });
  await expect(sendLink).toContainText(`${tag}@kampus.ac.id`);
  await screenshotBothWidths(page, 'accounts-send-reset-link');
  await sendLink.getByRole('button', { name: 'Kirim Tautan' }).click();
  await expect(
    page.getByText(`Tautan atur ulang password telah dikirim ke ${tag}@kampus.ac.id.`),
  ).toBeVisible();
  const mail = await waitForMail(`${tag}@kampus.ac.id`, since, /^Atur ulang kata sandi LMS /);
  expect(mail.text).toMatch(/\/reset-kata-sandi\?token=/);

  // Nonaktifkan, after a confirmation.
  await row.getByRole('button', { name: `Tindakan lain untuk ${nama} Diubah` }).click();
  await page.getByRole('menuitem', { name: 'Nonaktifkan' }).click();
  const confirm = page.getByRole('dialog', { name: 'Nonaktifkan pengguna?' });
  await expect(confirm).toContainText('tidak dapat masuk lagi');
  await confirm.getByRole('button', { name: 'Nonaktifkan' }).click();
  await expect(row).toContainText('Nonaktif');
  await chooseOption(page, page.locator('.accounts-filters'), 'Saring status', 'Nonaktif');
  await expect(row).toBeVisible();

  // The lecturer is refused at sign-in.
  const lecturer = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await lecturer.goto('/login');
  await lecturer.getByLabel('Username').fill(username);
  await lecturer.getByLabel('Password').fill(password);
  await lecturer.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(lecturer.getByRole('alert')).toHaveText(/tidak aktif/i);
  await expect(lecturer).toHaveURL(/\/login/);
  await lecturer.close();
});

test('on a phone the accounts are cards with their actions, and the form fits', async ({ page }) => {
  await signIn(page, 'operator');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/pengguna');
  const cards = page.getByRole('list', { name: 'Daftar pengguna' });
  await expect(cards.getByRole('listitem').first()).toBeVisible();
  await expect(cards.getByRole('button', { name: 'Ubah' }).first()).toBeVisible();
  // Nothing wider than the phone: no sideways scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Tambah Pengguna' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah Pengguna' });
  await expect(dialog.getByLabel('Password Awal')).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(375);
  await screenshotBothWidths(page, 'accounts-form', { fullPage: false });
});
