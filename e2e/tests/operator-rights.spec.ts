import { expect, test } from '@playwright/test';
import type { OperatorRights } from '@lms/contract/operator-rights.schema';
import { expectNoSeriousAxeViolations, screenshotBothWidths, signIn, signOut } from './helpers.ts';
import { signInByApi, tryTag } from './test-data.ts';

test.describe.configure({ timeout: 180_000 });

const password = 'sandi-operator-uji-1';

test('an operator with Update on Data Sistem gives another Lihat on Bank Soal; the other then sees the question bank read-only', async ({
  page,
  baseURL,
}) => {
  // Two operators of this try: an administrator of rights (Update on data_sistem, Lihat on bank_soal)
  // and a new operator without any access, made through the API by the demo operator.
  const tag = tryTag();
  const admin = await signInByApi(baseURL!, 'operator');
  const made: Record<string, OperatorRights> = {};
  for (const name of ['pengatur', 'baru']) {
    const username = `op.${name}.${tag}`;
    const { id } = await admin.call<{ id: string }>('POST', '/v2/lms/akun', {
      role: 'operator',
      nama: `Operator ${name === 'pengatur' ? 'Pengatur' : 'Baru'} ${tag}`,
      username,
      email: '',
      telepon: '',
      password,
    });
    made[name] = { id, username } as OperatorRights;
  }
  await admin.call('PUT', `/v2/lms/hak-akses-operator/${made.pengatur!.id}`, {
    hak_akses: { data_sistem: 'write', bank_soal: 'read' },
    is_active: true,
  });
  await admin.dispose();

  await signIn(page, made.pengatur!.username, password);
  await page.getByRole('navigation', { name: 'Menu utama' }).getByText('Hak Akses Operator').click();
  await expect(page).toHaveURL(/\/hak-akses-operator$/);
  await page.getByPlaceholder('Cari nama atau username operator').fill(tag);
  const newcomer = `Operator Baru ${tag}`;
  await expect(page.getByRole('cell', { name: newcomer, exact: true })).toBeVisible();
  // The search applied: this try's two operators only (and the header row).
  await expect(page.getByRole('row')).toHaveCount(3);
  await screenshotBothWidths(page, 'operator-rights-list');
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('button', { name: `Ubah Hak Akses ${newcomer}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Hak Akses Operator LMS' });
  await expect(dialog.getByText(made.baru!.username)).toBeVisible();
  await expect(dialog.getByRole('switch', { name: 'Status akun' })).toBeChecked();
  const bank = dialog.getByRole('radiogroup', { name: 'Hak akses Bank Soal' });
  await expect(bank.getByRole('radio', { name: 'Tanpa Akses' })).toBeChecked();
  // Never above the giver's own level: Update on Bank Soal is not offered, nor Lihat on Laporan.
  await expect(bank.getByRole('radio', { name: 'Update' })).toBeDisabled();
  await expect(
    dialog.getByRole('radiogroup', { name: 'Hak akses Laporan' }).getByRole('radio', { name: 'Lihat' }),
  ).toBeDisabled();
  // Bantuan has no Update at all.
  await expect(
    dialog.getByRole('radiogroup', { name: 'Hak akses Bantuan' }).getByRole('radio', { name: 'Update' }),
  ).toHaveCount(0);
  await bank.getByText('Lihat', { exact: true }).click();
  await expect(bank.getByRole('radio', { name: 'Lihat' })).toBeChecked();
  // The scope is editable, but a privileged one only by a privileged operator (this one is not).
  await expect(dialog.getByLabel('Lingkup')).toBeEnabled();
  await expect(dialog).toContainText(
    'Lingkup A:T dan A:B hanya dapat diatur oleh operator berlingkup istimewa.',
  );
  await screenshotBothWidths(page, 'operator-rights-modal', { fullPage: false });
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Hak akses operator berhasil disimpan')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(newcomer) })).toContainText('Bank Soal: Lihat');

  await signOut(page);
  await signIn(page, made.baru!.username, password);
  const menu = page.getByRole('navigation', { name: 'Menu utama' });
  await expect(menu.getByText('Hak Akses Operator')).toHaveCount(0);
  await menu.getByText('Bank Soal').click();
  await expect(page).toHaveURL(/\/bank-soal$/);
  await expect(page.getByRole('heading', { name: 'Bank Soal', level: 3 })).toBeVisible();
  await expect(page.getByPlaceholder('Cari bank soal')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tambah Bank Soal' })).toHaveCount(0);
});
