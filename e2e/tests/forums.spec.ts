import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import type { Forum } from '@lms/contract/forum.schema';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import { api, pickInDialog, screenshot, signIn, wibPicker } from './helpers.ts';
import { uniqueTitle } from './test-data.ts';

test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const classId = '20261_01_IF2102';
const demoFile = (name: string) =>
  fileURLToPath(new URL(`../../apps/server/src/db/seed/files/${name}`, import.meta.url));

async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username);
  return page;
}

/** Writes a comment in the discussion's box and sends it. */
async function post(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Komentar baru' });
  await box.click();
  await box.fill(text);
  await page.getByRole('button', { name: 'Kirim' }).click();
}

test('a lecturer opens a forum and a discussion with two students updates live for everyone', async ({
  browser,
}) => {
  // Its own forum: repeats and other tests open forums in the same class.
  const forumTitle = uniqueTitle('Forum Transaksi Basis Data');
  const lecturer = await signedInPage(browser, 'dosen');
  const meetings = await api<MeetingListItem[]>(
    lecturer,
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/pertemuan?per_page=20`,
  );
  const meeting = meetings.filter((m) => m.status === 'belum_dimulai').at(-2)!;
  await lecturer.goto(`/kelas/${classId}/${meeting.id}`);

  await lecturer.getByRole('button', { name: 'Tambah Forum' }).click();
  const dialog = lecturer.getByRole('dialog');
  await dialog.getByLabel('Judul Forum').fill(forumTitle);
  await dialog.getByRole('textbox', { name: 'Deskripsi forum' }).fill('Apa itu sifat ACID? Beri contoh.');
  await pickInDialog(lecturer, 'Waktu Mulai', wibPicker(new Date(Date.now() - 60_000)));
  await pickInDialog(lecturer, 'Waktu Selesai', wibPicker(new Date(Date.now() + 3 * 3_600_000)));
  await expect(dialog.getByLabel('Jumlah Minimal Komentar')).toHaveValue('1');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(lecturer.getByText('Forum berhasil ditambahkan')).toBeVisible();
  const card = lecturer.getByTestId('forum-card').filter({ hasText: forumTitle });
  await card.getByRole('link').filter({ hasText: 'Buka Diskusi' }).click();
  await expect(lecturer).toHaveURL(
    /\/forum\?groupId=20261_01_IF2102&forumId=[0-9a-f-]{36}&referer=kelas-kuliah$/,
  );
  const discussion = new URL(lecturer.url()).pathname + new URL(lecturer.url()).search;
  const forumId = new URL(lecturer.url()).searchParams.get('forumId')!;

  // A second student of the class, signing in with their NIM.
  const participants = await api<{ nim: string }[]>(
    lecturer,
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/peserta/nim_nama`,
  );
  const first = await signedInPage(browser, 'mahasiswa');
  const myNim = (await api<{ nim: string }>(first, 'GET', '/v2/lms/pengaturan/me')).nim;
  const second = await signedInPage(browser, participants.find((p) => p.nim !== myNim)!.nim);
  await second.setViewportSize({ width: 375, height: 812 });
  await first.goto(discussion);
  await second.goto(discussion);
  await expect(first.getByRole('heading', { name: forumTitle })).toBeVisible();
  await expect(second.getByText('Belum ada komentar.')).toBeVisible();

  await post(first, 'ACID: atomicity, consistency, isolation, durability.');
  // Everyone on the page sees it without reloading.
  await expect(second.getByTestId('forum-post').filter({ hasText: 'ACID: atomicity' })).toBeVisible();
  await expect(lecturer.getByTestId('forum-post').filter({ hasText: 'ACID: atomicity' })).toBeVisible();

  const firstPost = lecturer.locator('.ant-card').filter({ hasText: 'ACID: atomicity' });
  await firstPost.getByRole('button', { name: 'Balas' }).click();
  const replyBox = lecturer.getByRole('textbox', { name: /^Balas / });
  await replyBox.click();
  await replyBox.fill('Bagus. Contoh isolation?');
  await lecturer.getByRole('button', { name: 'Balas', exact: true }).last().click();
  await expect(first.getByTestId('forum-post').filter({ hasText: 'Contoh isolation?' })).toBeVisible();
  await expect(second.getByTestId('forum-post').filter({ hasText: 'Contoh isolation?' })).toBeVisible();

  await post(second, 'Dua transfer bersamaan tidak saling melihat data setengah jadi.');
  await expect(
    lecturer.getByTestId('forum-post').filter({ hasText: 'Dua transfer bersamaan' }),
  ).toBeVisible();
  await expect(first.getByTestId('forum-post').filter({ hasText: 'Dua transfer bersamaan' })).toBeVisible();

  // A student attaches an image and a PDF; the others see them live, the image in the post.
  await first
    .locator('.ant-upload input[type=file]')
    .first()
    .setInputFiles([
      // A real picture: a part of the page itself.
      {
        name: 'diagram-erd.png',
        mimeType: 'image/png',
        buffer: await first.screenshot({ clip: { x: 0, y: 0, width: 480, height: 270 } }),
      },
      {
        name: 'materi-pendahuluan.pdf',
        mimeType: 'application/pdf',
        buffer: readFileSync(demoFile('materi-pendahuluan.pdf')),
      },
    ]);
  await expect(first.getByTestId('forum-attachment').filter({ hasText: 'diagram-erd.png' })).toBeVisible();
  await post(first, 'Diagram ERD dan catatan saya terlampir.');
  const withFiles = second.getByTestId('forum-post').filter({ hasText: 'Diagram ERD dan catatan' });
  await expect(withFiles.getByRole('img', { name: 'diagram-erd.png' })).toBeVisible();
  await expect(
    withFiles.getByTestId('forum-attachment').filter({ hasText: 'materi-pendahuluan.pdf' }),
  ).toContainText('813 B');
  const lecturerView = lecturer.getByTestId('forum-post').filter({ hasText: 'Diagram ERD dan catatan' });
  await expect(lecturerView.getByRole('img', { name: 'diagram-erd.png' })).toBeVisible();
  const download = lecturer.waitForEvent('download');
  await lecturerView
    .getByTestId('forum-attachment')
    .filter({ hasText: 'materi-pendahuluan.pdf' })
    .getByRole('button', { name: 'Unduh' })
    .click();
  expect((await download).suggestedFilename()).toBe('materi-pendahuluan.pdf');
  await screenshot(second, 'forum-discussion-phone', { fullPage: true });
  await screenshot(lecturer, 'forum-discussion-desktop', { fullPage: true });

  // The server counted each student's post against minimal_post, and the lecturer sees who took part.
  expect((await api<Forum>(first, 'GET', `/v2/lms/forum/${forumId}`)).post_saya).toBe(2);
  const seen = await api<Forum>(lecturer, 'GET', `/v2/lms/forum/${forumId}`);
  expect(seen.jumlah_peserta_join).toBe(2);
});
