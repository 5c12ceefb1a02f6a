import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { screenshotBothWidths, signIn } from './helpers.ts';
import { createTryStudent, signInByApi } from './test-data.ts';

test.describe.configure({ timeout: 180_000 });

/** A 300×300 PNG logo: a green square with a white centre (distinct from the initials logo's 128 px). */
function logoPng(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 300, channels: 4, background: '#15803d' } })
    .composite([{ input: { create: { width: 120, height: 120, channels: 4, background: '#ffffff' } } }])
    .png()
    .toBuffer();
}

/**
 * Konfigurasi > Profil Kampus: the operator uploads a logo, refused first for a text file named .png,
 * and the shell shows the new logo at once. The demo college's logo is removed again afterwards.
 */
test('an operator uploads the college logo and sees it in the shell at once', async ({ page, baseURL }) => {
  const admin = await signInByApi(baseURL!, 'operator');
  try {
    await signIn(page, 'operator');
    const shellLogo = page.getByRole('img', { name: 'Logo perguruan tinggi' });
    await expect(shellLogo).toBeVisible();
    await page.goto('/konfigurasi?tab=profil_kampus');
    await expect(page.getByRole('tab', { name: 'Profil Kampus', selected: true })).toBeVisible();
    await expect(page.getByLabel('Nama Perguruan Tinggi')).not.toHaveValue('');

    // A text file renamed .png is refused by its content.
    await page.getByLabel('Berkas logo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('bukan gambar'),
    });
    await expect(page.getByText('Logo harus berupa gambar PNG, JPEG, atau WebP.')).toBeVisible();

    await page.getByLabel('Berkas logo').setInputFiles({
      name: 'logo-kampus.png',
      mimeType: 'image/png',
      buffer: await logoPng(),
    });
    await expect(page.getByText('Logo kampus tersimpan.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Hapus Logo' })).toBeVisible();
    // The shell's logo is the uploaded one (300 px wide; the initials logo is 128) without a reload.
    await expect.poll(() => shellLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
    await screenshotBothWidths(page, 'college-profile');
  } finally {
    await admin.call('DELETE', '/v2/lms/perguruan_tinggi/logo');
    await admin.dispose();
  }
});

/**
 * Profil > Biodata: with the college allowing it, a student of this try fills their biodata, is told
 * the NIK is too short under its field, then saves a valid one.
 */
test('a student edits their biodata: a short NIK is refused, a valid one saved', async ({
  page,
  baseURL,
}) => {
  const admin = await signInByApi(baseURL!, 'operator');
  try {
    const { nim, password } = await createTryStudent(admin, 'Mahasiswa Biodata');
    await admin.call('PUT', '/v2/lms/pengaturan', { pengaturan_mahasiswa: { is_edit_mahasiswa: true } });

    await signIn(page, nim, password);
    await page.goto('/profil');
    await page.getByRole('tab', { name: 'Biodata' }).click();
    await page.getByLabel('NIK').fill('327301234');
    await page.getByLabel('Email').fill(`${nim}@mahasiswa.ac.id`);
    await page.getByLabel('Tempat Lahir').fill('Bandung');
    await page.getByLabel('Tanggal Lahir', { exact: true }).fill('2004-05-17');
    await page.getByLabel('Telepon').fill('081234567890');
    await page.getByLabel('Alamat').fill('Jl. Dipati Ukur No. 35, Bandung');
    await page.getByLabel('Nama Ibu').fill('Siti Aminah');
    await page.getByLabel('Tanggal Lahir Ibu').fill('1975-08-01');
    await page.getByRole('button', { name: 'Simpan Biodata' }).click();
    await expect(page.getByText('NIK harus berupa angka, minimal 16 karakter.')).toBeVisible();
    await screenshotBothWidths(page, 'student-biodata-error');

    await page.getByLabel('NIK').fill('3273012345678901');
    await page.getByRole('button', { name: 'Simpan Biodata' }).click();
    await expect(page.getByText('Biodata berhasil disimpan.')).toBeVisible();
    await expect(page.getByText('NIK harus berupa angka, minimal 16 karakter.')).toHaveCount(0);

    await page.reload();
    await page.getByRole('tab', { name: 'Biodata' }).click();
    await expect(page.getByLabel('NIK')).toHaveValue('3273012345678901');
    await expect(page.getByLabel('Nama Ibu')).toHaveValue('Siti Aminah');
    await screenshotBothWidths(page, 'student-biodata');
  } finally {
    await admin.call('PUT', '/v2/lms/pengaturan', { pengaturan_mahasiswa: { is_edit_mahasiswa: false } });
    await admin.dispose();
  }
});
