import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, filterHistoryByLogout, signIn } from './helpers.ts';
import type { UserInfo } from '@lms/contract/auth.schema';

// "Done means" of the shell (spec 1 §2) for the roles other specs do not walk through. Nothing here
// changes college-wide settings or a shared account's password (the colour mode is in college-rules.spec.ts).

/** The signed-in user's name, from the API with the page's own token. */
async function currentName(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('lms.session') ?? '{}') as { accessToken?: string };
    const response = await fetch('/v2/user_info', {
      headers: {
        authorization: `Bearer ${session.accessToken}`,
        'college-id': localStorage.getItem('lms.college_id') ?? '',
      },
    });
    return ((await response.json()) as { data: UserInfo }).data.nama;
  });
}

for (const role of ['dosen', 'operator'] as const) {
  test(`a ${role} opens /profil (Data Diri, filtered Riwayat Aktivitas) and /pengaturan`, async ({
    page,
  }) => {
    await signIn(page, role);
    const name = await currentName(page);
    await page.goto('/profil');
    await expect(page).toHaveTitle('Profil - LMS Mahasiswa');
    await expect(page.getByRole('tab', { name: 'Data Diri' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Nama', { exact: true })).toBeVisible();
    await expect(page.getByText(name).first()).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await filterHistoryByLogout(page);

    await page.goto('/pengaturan');
    await expect(page).toHaveTitle('Pengaturan - LMS Mahasiswa');
    for (const card of ['Foto Profil', 'Kontak', 'Ubah Password']) {
      await expect(page.getByText(card, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByLabel('Password Lama')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
}

test('an operator publishes a news item and a student reads it on /berita', async ({ page, browser }) => {
  // Two people sign in one after the other: on a busy CI machine this took longer than one test's minute.
  test.slow();
  const title = `Wisuda Periode Genap ${Date.now()}`;
  await signIn(page, 'operator');
  await page.goto('/berita');
  await expect(page).toHaveTitle('Berita - LMS Mahasiswa');
  await page.getByRole('button', { name: 'Tambah Berita' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah Berita' });
  await dialog.getByRole('textbox', { name: /Judul/ }).fill(title);
  await dialog.getByRole('textbox', { name: 'Isi berita' }).click();
  await page.keyboard.type('Wisuda diadakan di Gedung Serbaguna.');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Berita berhasil disimpan')).toBeVisible();
  await expect(dialog).toBeHidden();

  const student = await browser.newPage();
  await signIn(student, 'mahasiswa');
  await student.goto('/berita');
  const card = student.getByRole('link', { name: title });
  await expect(card).toBeVisible();
  await expect(student.getByRole('button', { name: 'Tambah Berita' })).toHaveCount(0);
  await card.click();
  await expect(student).toHaveURL(/\/berita\/[^/]+$/);
  await expect(student.getByText('Wisuda diadakan di Gedung Serbaguna.')).toBeVisible();
  await student.close();
});
