import { expect as baseExpect, test } from '@playwright/test';
import { signedInPage } from './attendance-e2e-helpers.ts';
import { api, expectNoSeriousAxeViolations, screenshotBothWidths } from './helpers.ts';

// Who integrates grades is college-wide: this file runs in the college-wide stage (playwright.config.ts),
// alone, and puts the setting back.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test('an operator sets who integrates grades and which SIAKAD answers, in Konfigurasi', async ({
  browser,
}) => {
  const operator = await signedInPage(browser, 'operator');
  const lecturer = await signedInPage(browser, 'dosen');
  const classes = await api<Array<{ id: string }>>(lecturer, 'GET', '/v2/lms/nilai?per_page=1');
  const setting = () =>
    api<{ pelaku_integrasi_nilai: string; is_pelaku: boolean; siakad: string }>(
      lecturer,
      'GET',
      `/v2/lms/pengaturan/integrasi_nilai/${classes[0]!.id}`,
    );
  expect(await setting()).toMatchObject({ pelaku_integrasi_nilai: 'dosen', is_pelaku: true });
  try {
    await operator.goto('/konfigurasi?tab=integrasi_nilai');
    await expect(operator.getByText('Pelaku Integrasi Nilai')).toBeVisible();
    await operator.locator('label.ant-radio-button-wrapper').filter({ hasText: 'Operator' }).click();
    // A HTTP SIAKAD needs its address.
    await operator.locator('label.ant-radio-button-wrapper').filter({ hasText: 'Siakad HTTP' }).click();
    await operator.getByRole('button', { name: 'Simpan' }).click();
    await expect(operator.getByText('Alamat Siakad wajib diisi bila memakai Siakad HTTP.')).toBeVisible();
    await expectNoSeriousAxeViolations(operator);
    await screenshotBothWidths(operator, 'grade-integration');
    await operator.locator('label.ant-radio-button-wrapper').filter({ hasText: 'Siakad Demo' }).click();
    await operator.getByRole('button', { name: 'Simpan' }).click();
    await expect(operator.getByText('Pengaturan integrasi nilai tersimpan')).toBeVisible();
    // The lecturer is no longer the integrator: the class's setting says so at once.
    expect(await setting()).toMatchObject({
      pelaku_integrasi_nilai: 'operator',
      is_pelaku: false,
      siakad: 'demo',
    });
  } finally {
    await api(operator, 'PUT', '/v2/lms/pengaturan/integrasi_nilai', {
      pelaku: 'dosen',
      siakad: { jenis: 'demo', batas_waktu_ms: 10_000 },
    });
  }
  expect(await setting()).toMatchObject({ pelaku_integrasi_nilai: 'dosen', is_pelaku: true });
});
