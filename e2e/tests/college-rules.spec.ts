import { expect, test, type Page } from '@playwright/test';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import {
  api,
  createRunningExam,
  screenshot,
  signIn,
  clickListItem,
  screenshotBothWidths,
} from './helpers.ts';

// College-wide rules, changed through /konfigurasi and restored: this file runs alone, after every other
// spec (the college-wide project, one worker), and its tests one after the other, since each saves the
// whole form.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const classId = '20261_01_IF2102';

/** Chooses Mode Warna in /konfigurasi › Pengaturan as the signed-in operator and saves. */
async function setColourMode(page: Page, label: 'Terang' | 'Gelap') {
  await page.goto('/konfigurasi');
  await page.getByRole('tab', { name: 'Pengaturan' }).click();
  await page.getByLabel('Mode Warna').click();
  await clickListItem(page, page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true }));
  await page.getByRole('button', { name: 'Simpan Konfigurasi' }).click();
  await expect(page.getByText('Konfigurasi berhasil disimpan.')).toBeVisible();
}

/** Sets the exam-attendance rule in /konfigurasi › Pengaturan as the signed-in operator. */
async function setExamAttendanceRule(page: Page, on: boolean) {
  await page.goto('/konfigurasi');
  await page.getByRole('tab', { name: 'Pengaturan' }).click();
  const rule = page.getByRole('switch', { name: 'Syarat kehadiran minimal untuk ujian' });
  await expect(rule).toBeVisible();
  if ((await rule.getAttribute('aria-checked')) !== String(on)) await rule.click();
  if (on) {
    await page.getByRole('spinbutton', { name: 'Kehadiran minimal' }).fill('100');
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
    await expect(student.getByText(/minimal 100(\.0)?% untuk mengikuti UTS/)).toBeVisible();
    await expect(student.getByText('Kehadiran minimal untuk UAS')).toHaveCount(0);
    await screenshotBothWidths(student, 'forbidden-meeting');

    // Opened straight (no stored error in the history state), the page asks the meeting itself.
    await student.goto(`/forbidden/${meetingId}`);
    await expect(student.getByText('Kehadiran minimal untuk UTS')).toBeVisible();

    // Still restricted: Periksa Lagi stays. Once the rule is off, it returns to the meeting.
    await student.getByRole('button', { name: 'Periksa Lagi' }).click();
    await expect(student).toHaveURL(/\/forbidden\//);
    await setExamAttendanceRule(operator, false);
    await student.getByRole('button', { name: 'Periksa Lagi' }).click();
    await expect(student).toHaveURL(new RegExp(`/kelas/${classId}/${meetingId}$`));
    await expect(student.getByRole('heading', { name: 'Ujian Tengah Semester', level: 2 })).toBeVisible();
  } finally {
    await setExamAttendanceRule(operator, false);
  }
});

test('a UTS held in an ordinary meeting does not start for a student under the minimum', async ({
  browser,
}) => {
  const operator = await browser.newPage();
  await signIn(operator, 'operator');
  const lecturer = await browser.newPage();
  await signIn(lecturer, 'dosen');
  // An ordinary (kuliah) meeting still to come holds a UTS that is running now.
  const meetings = await api<MeetingListItem[]>(
    lecturer,
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/pertemuan?per_page=20`,
  );
  const meeting = meetings.filter((m) => m.status === 'belum_dimulai' && m.kategori === 'kuliah').at(-2)!;
  const examId = await createRunningExam(
    lecturer,
    {
      id_pertemuan: meeting.id,
      judul: `UTS di Pertemuan Biasa ${Date.now()}`,
      jenis: 'uts',
      sifat: 'close',
    },
    [
      {
        pertanyaan: '<p>Primary key boleh bernilai NULL.</p>',
        isi: { jenis: 'benar_salah', kunci: false },
      },
    ],
  );
  await setExamAttendanceRule(operator, true);
  const student = await browser.newPage();
  try {
    await signIn(student, 'mahasiswa');
    await student.setViewportSize({ width: 375, height: 812 });
    await student.goto(`/ujian/${examId}/soal`);
    await student.getByText('Saya telah membaca dan menyetujui ketentuan di atas').click();
    await student.getByRole('dialog').getByRole('button', { name: 'Mulai' }).click();
    // The reason stays in the dialog, with the student's figure in this class.
    await expect(student.getByRole('alert')).toContainText(/minimal 100(\.0)?% untuk mengikuti UTS/);
    await expect(student.getByTestId('exam-countdown')).toHaveCount(0);
    await screenshot(student, 'exam-start-attendance-refused-375');
  } finally {
    await setExamAttendanceRule(operator, false);
    await api(lecturer, 'DELETE', `/v2/lms/ujian/${examId}`);
  }
});

test("the college's dark colour mode darkens the shell", async ({ page }) => {
  await signIn(page, 'operator');
  await setColourMode(page, 'Gelap');
  try {
    await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'dark');
    const background = () =>
      page.locator('.app-shell').evaluate((el) => getComputedStyle(el).backgroundColor);
    // antd's dark algorithm: a dark layout, not the light theme's #f3f5f9.
    await expect.poll(background).not.toBe('rgb(243, 245, 249)');
    const [r, g, b] = (await background()).match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(120);

    // The next visit is dark before its configuration answer comes: the mode of the last visit.
    let releaseConfiguration!: () => void;
    const held = new Promise<void>((resolve) => (releaseConfiguration = resolve));
    await page.route('**/v1/configuration', async (route) => {
      await held;
      // A request of the page before the reload was cancelled with it.
      await route.continue().catch(() => undefined);
    });
    try {
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'dark');
      // What shows in the middle of the screen: the page's canvas, dark with `color-scheme: dark`, and
      // whatever is drawn over it there (the loading text, the loader or the shell), dark too.
      const shown = await page.evaluate(() => {
        const backgrounds: string[] = [];
        for (let at = document.elementFromPoint(innerWidth / 2, innerHeight / 2); at; at = at.parentElement) {
          const background = getComputedStyle(at).backgroundColor;
          if (background !== 'rgba(0, 0, 0, 0)') backgrounds.push(background);
        }
        return { backgrounds, colorScheme: getComputedStyle(document.documentElement).colorScheme };
      });
      expect(shown.colorScheme).toBe('dark');
      for (const background of shown.backgrounds) {
        const [r, g, b] = background.match(/\d+/g)!.map(Number);
        expect(r! + g! + b!).toBeLessThan(120);
      }
      await screenshot(page, 'dark-before-configuration-1280');
    } finally {
      releaseConfiguration();
      await page.unroute('**/v1/configuration');
    }
    await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeVisible();

    await page.goto('/konfigurasi?tab=log');
    await expect(page.locator('.ant-table')).toBeVisible();
    await screenshot(page, 'dark-konfigurasi-1280', { fullPage: true });
    await page.goto('/beranda');
    await expect(page.getByText('Kalender').first()).toBeVisible();
    await screenshot(page, 'dark-beranda-1280');
    // The class page's plain cards take antd's theme colours too (components/plain-card.css).
    await page.goto('/kelas/20261_01_IF2102');
    const card = page.locator('.plain-card').first();
    await expect(card).toBeVisible();
    const [cr, cg, cb] = (await card.evaluate((el) => getComputedStyle(el).backgroundColor))
      .match(/\d+/g)!
      .map(Number);
    expect(cr! + cg! + cb!).toBeLessThan(120);
    await screenshot(page, 'dark-kelas-1280', { fullPage: true });
    await page.goto('/beranda');
    await expect(page.getByText('Kalender').first()).toBeVisible();
    await page.setViewportSize({ width: 375, height: 740 });
    await screenshot(page, 'dark-beranda-375', { fullPage: true });
    await page.getByRole('button', { name: 'Buka menu' }).click();
    await expect(page.locator('.phone-menu').getByRole('menuitem').first()).toBeVisible();
    // Let the opening animation finish, so the picture shows the menu and not a fade.
    await page.waitForTimeout(500);
    await screenshot(page, 'dark-menu-375');
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
    await setColourMode(page, 'Terang');
  }
});

// Issue 45: antd's min/max changed 150 % to 100 % on blur and the form saved it with a success toast.
test('Konfigurasi refuses a minimum attendance of 150 % with the field message, saving nothing', async ({
  page,
}) => {
  await signIn(page, 'operator');
  await page.goto('/konfigurasi');
  await page.getByRole('tab', { name: 'Pengaturan' }).click();
  const minimum = page.getByRole('spinbutton', { name: 'Kehadiran minimal' });
  const stored = await minimum.inputValue();
  await minimum.fill('150');
  await minimum.blur();
  await page.getByRole('button', { name: 'Simpan Konfigurasi' }).click();
  const refusal = page.getByText('Nilai harus antara 0 dan 100.');
  await expect(refusal).toBeVisible();
  await expect(minimum).toHaveValue('150');
  await expect(page.getByText('Konfigurasi berhasil disimpan.')).toHaveCount(0);
  await minimum.scrollIntoViewIfNeeded();
  await screenshotBothWidths(page, 'konfigurasi-refused-150', {
    fullPage: false,
    settle: () => minimum.scrollIntoViewIfNeeded(),
  });
  await page.reload();
  await page.getByRole('tab', { name: 'Pengaturan' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Kehadiran minimal' })).toHaveValue(stored);
});
