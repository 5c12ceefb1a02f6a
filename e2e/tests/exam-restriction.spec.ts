import { expect, test, type Page } from '@playwright/test';
import { screenshotPath, signIn } from './helpers.ts';

// Turns on a college-wide rule, so it runs in the college-settings project, after the other specs.
test.describe.configure({ timeout: 180_000 });

const classId = '20261_01_IF2102';

/** Sets the exam-attendance rule in /konfigurasi › Pengaturan as the signed-in operator. */
async function setExamAttendanceRule(page: Page, on: boolean) {
  await page.goto('/konfigurasi');
  await page.getByRole('tab', { name: 'Pengaturan' }).click();
  const rule = page.getByRole('switch', { name: 'Syarat kehadiran minimal untuk ujian' });
  await expect(rule).toBeVisible();
  if ((await rule.getAttribute('aria-checked')) !== String(on)) await rule.click();
  if (on) {
    await page.getByLabel('Kehadiran minimal').fill('100');
    // UTS only: the page must then name the UTS requirement and nothing about UAS.
    const uas = page.getByRole('checkbox', { name: 'UAS' });
    if (await uas.isChecked()) await uas.uncheck();
    await page.getByRole('checkbox', { name: 'UTS' }).check();
  }
  await page.getByRole('button', { name: 'Simpan Konfigurasi' }).click();
  await expect(page.getByText('Konfigurasi berhasil disimpan.')).toBeVisible();
}

test('a student under the exam-attendance minimum is sent from the UTS meeting to /forbidden/{id}', async ({
  browser,
}) => {
  const operator = await browser.newPage();
  await signIn(operator, 'operator');
  await setExamAttendanceRule(operator, true);

  const student = await browser.newPage();
  try {
    await signIn(student, 'mahasiswa');
    await student.goto(`/kelas/${classId}`);
    await student.getByPlaceholder('Cari judul pertemuan').fill('Ujian Tengah Semester');
    const examLink = student
      .locator(`a[href^="/kelas/${classId}/"]`)
      .filter({ hasText: 'Ujian Tengah Semester' });
    await examLink.first().click();

    await expect(student).toHaveURL(/\/forbidden\/[0-9a-f-]{36}$/);
    const meetingId = student.url().split('/').pop()!;
    await expect(student.getByText('Akses dibatasi')).toBeVisible();
    await expect(student.getByText('Kehadiran minimal untuk UTS')).toBeVisible();
    await expect(student.getByText(/minimal 100% untuk mengikuti UTS/)).toBeVisible();
    await expect(student.getByText('Kehadiran minimal untuk UAS')).toHaveCount(0);
    await student.screenshot({ path: screenshotPath('forbidden-meeting-1280'), fullPage: true });
    await student.setViewportSize({ width: 375, height: 740 });
    await student.screenshot({ path: screenshotPath('forbidden-meeting-375'), fullPage: true });
    await student.setViewportSize({ width: 1280, height: 800 });

    // Opened straight (no stored error in the history state), the page asks the meeting itself.
    await student.goto(`/forbidden/${meetingId}`);
    await expect(student.getByText('Kehadiran minimal untuk UTS')).toBeVisible();

    // Still restricted: Periksa Lagi stays. Once the rule is off, it returns to the meeting.
    await student.getByRole('button', { name: 'Periksa Lagi' }).click();
    await expect(student).toHaveURL(/\/forbidden\//);
    await setExamAttendanceRule(operator, false);
    await student.getByRole('button', { name: 'Periksa Lagi' }).click();
    await expect(student).toHaveURL(new RegExp(`/kelas/${classId}/${meetingId}$`));
    await expect(student.getByRole('heading', { name: 'Ujian Tengah Semester', level: 3 })).toBeVisible();
  } finally {
    await setExamAttendanceRule(operator, false);
  }
});
