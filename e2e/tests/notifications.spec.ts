import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import type { Notification } from '@lms/contract/notification.schema';
import {
  api,
  expectNoSeriousAxeViolations,
  pickInDialog,
  screenshot,
  screenshotBothWidths,
  signIn,
  wibPicker,
} from './helpers.ts';
import { createTryStudent, signInByApi, uniqueTitle } from './test-data.ts';

test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const classId = '20261_01_IF2102';

async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signIn(page, username);
  return page;
}

/** The bell's count as its label says it (`Notifikasi, 3 belum dibaca`; 0 without a number). */
async function unreadOf(page: Page): Promise<number> {
  const label = (await page.getByRole('button', { name: /^Notifikasi/ }).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) belum dibaca/.exec(label)?.[1] ?? 0);
}

test('a lecturer publishes a task; the student’s bell rises live, lists it and leads to it', async ({
  browser,
}) => {
  const title = uniqueTitle('Tugas Notifikasi E2E');
  const student = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  // The count comes with the header's event stream: wait until it is open and has told it.
  const stream = student.waitForResponse((r) => r.url().includes('/v2/lms/events'));
  await signIn(student, 'mahasiswa');
  const bell = student.getByRole('button', { name: /^Notifikasi/ });
  await expect(bell).toBeVisible();
  await stream;
  await student.waitForTimeout(1_500);
  const before = await unreadOf(student);

  const lecturer = await signedInPage(browser, 'dosen');
  const meetings = await api<MeetingListItem[]>(
    lecturer,
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/pertemuan?per_page=20`,
  );
  const meeting = meetings.filter((m) => m.status === 'belum_dimulai').at(-4)!;
  await lecturer.goto(`/kelas/${classId}/${meeting.id}`);
  await lecturer.getByRole('button', { name: 'Tambah Tugas' }).click();
  const dialog = lecturer.getByRole('dialog');
  await dialog.getByLabel('Judul Tugas').fill(title);
  await dialog.getByRole('textbox', { name: 'Deskripsi tugas' }).fill('Kerjakan dengan rapi.');
  await dialog.locator('label.ant-radio-button-wrapper').filter({ hasText: 'Individu' }).click();
  await pickInDialog(lecturer, 'Waktu Mulai', wibPicker(new Date(Date.now() - 60_000)));
  await pickInDialog(lecturer, 'Waktu Selesai', wibPicker(new Date(Date.now() + 3 * 3_600_000)));
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(lecturer.getByText('Tugas berhasil ditambahkan')).toBeVisible();

  // Live: no reload on the student's page.
  await expect.poll(() => unreadOf(student), { timeout: 30_000 }).toBeGreaterThan(before);
  await expect(student.getByTestId('notification-badge')).toBeVisible();
  await bell.click();
  const panel = student.getByRole('dialog', { name: 'Notifikasi' });
  const item = panel.getByRole('button', { name: new RegExp(title) });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Tugas baru');
  await expect(panel.getByRole('button', { name: 'Tandai semua sudah dibaca' })).toBeVisible();
  await expectNoSeriousAxeViolations(student);
  await screenshotBothWidths(student, 'notifications-bell');

  // Other specs running beside this one tell the same student of their own things: the count moves with
  // them, so what is checked is this notification's and the older ones' read mark.
  const mine = () => api<Notification[]>(student, 'GET', '/v2/lms/notifikasi?per_page=50');
  await item.click();
  await expect(student).toHaveURL(/\/tugas\/[0-9a-f-]{36}$/);
  await expect(student.getByText(title).first()).toBeVisible();
  await expect
    .poll(async () => (await mine()).find((n) => n.judul === title)?.dibaca_pada ?? null)
    .not.toBeNull();

  // Mark all read: everything there when clicked is read.
  await bell.click();
  const markAll = panel.getByRole('button', { name: 'Tandai semua sudah dibaca' });
  await expect(panel.getByRole('button', { name: new RegExp(title) })).toBeVisible();
  if ((await unreadOf(student)) > 0) {
    const clicked = new Date().toISOString();
    await markAll.click();
    await expect
      .poll(async () => (await mine()).filter((n) => n.dibuat_pada <= clicked && !n.dibaca_pada).length)
      .toBe(0);
  }
});

test('the profile’s Notifikasi tab keeps a choice per kind and channel', async ({ browser }) => {
  for (const width of [1280, 375]) {
    const page = await signedInPage(browser, 'dosen');
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.goto('/profil');
    await page.getByRole('tab', { name: 'Notifikasi' }).click();
    const box = page.getByRole('checkbox', { name: 'Forum baru lewat Email' });
    await expect(box).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Pengingat ujian lewat Email' })).toBeChecked();
    await screenshot(page, `notifications-preferences-${width}`);
    if (width === 1280) {
      const was = await box.isChecked();
      await box.click();
      await expect(page.getByText('Pengaturan notifikasi disimpan.')).toBeVisible();
      await page.reload();
      await page.getByRole('tab', { name: 'Notifikasi' }).click();
      await expect(page.getByRole('checkbox', { name: 'Forum baru lewat Email' })).toBeChecked({
        checked: !was,
      });
      // Put it back: other runs find the default.
      await page.getByRole('checkbox', { name: 'Forum baru lewat Email' }).click();
      await expect(page.getByText('Pengaturan notifikasi disimpan.').first()).toBeVisible();
    }
    await page.context().close();
  }
});

test('a student chooses their own reminder lead time on the Notifikasi tab, and goes back to the college’s', async ({
  page,
  baseURL,
}) => {
  // A student of this try: the choice changes who the reminder job reminds when.
  const admin = await signInByApi(baseURL!, 'operator');
  const { nim, password } = await createTryStudent(admin, 'Mahasiswa Pengingat');
  await admin.dispose();

  await signIn(page, nim, password);
  await page.goto('/profil');
  await page.getByRole('tab', { name: 'Notifikasi' }).click();
  const lead = page.getByRole('combobox', { name: 'Ingatkan saya sebelum tenggat tugas dan ujian dimulai' });
  await expect(lead).toBeVisible();
  await expect(page.getByText('Ikuti kampus (1 hari sebelumnya)')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await lead.click();
  await page.getByTitle('3 hari sebelumnya').click();
  await expect(page.getByText('Waktu pengingat disimpan.')).toBeVisible();
  await screenshotBothWidths(page, 'notifications-reminder-lead', {
    fullPage: false,
    settle: () => lead.scrollIntoViewIfNeeded(),
  });

  await page.reload();
  await page.getByRole('tab', { name: 'Notifikasi' }).click();
  await expect(page.getByText('3 hari sebelumnya')).toBeVisible();
  await lead.click();
  await page.getByTitle('Ikuti kampus (1 hari sebelumnya)').click();
  await expect(page.getByText('Waktu pengingat disimpan.').first()).toBeVisible();
  const saved = await api<{ jam: number | null }>(page, 'GET', '/v2/lms/notifikasi/pengingat');
  expect(saved.jam).toBeNull();
});
