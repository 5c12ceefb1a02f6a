import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import { screenshotBothWidths, signIn } from './helpers.ts';
import { claimFirst, createQuiz, signInByApi, uniqueTitle } from './test-data.ts';

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

// The demo student's class, taught by the demo lecturer.
const classId = '20261_01_IF2102';
const zoneHours: Record<string, number> = { 'Asia/Jakarta': 7, 'Asia/Makassar': 8, 'Asia/Jayapura': 9 };

/** The feed's lines, unfolded (iCalendar folds lines longer than 75 octets). */
async function fetchFeed(request: APIRequestContext, url: string) {
  const { pathname, search } = new URL(url);
  const response = await request.get(pathname + search);
  return { status: response.status(), type: response.headers()['content-type'], text: await response.text() };
}

const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '').split('\r\n');

/** The URL the settings page shows after Salin tautan, read back from the clipboard. */
async function copiedUrl(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Salin tautan' }).click();
  await expect(page.getByText('Tautan disalin.').last()).toBeVisible();
  return page.evaluate(() => navigator.clipboard.readText());
}

test('a student subscribes to their calendar: the feed lists their exam; a reset kills the old URL', async ({
  browser,
  baseURL,
  request,
}) => {
  // An exam of the student's class, three days ahead at 03:00–04:00 UTC, made by its lecturer.
  const lecturer = await signInByApi(baseURL!, 'dosen');
  const meetings = await lecturer.call<MeetingListItem[]>(
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/pertemuan?per_page=20`,
  );
  const meeting = claimFirst(meetings.filter((m) => m.status === 'belum_dimulai').reverse(), 'later meeting');
  const title = uniqueTitle('Kuis Kalender');
  const day = 86_400_000;
  const start = new Date(Math.floor(Date.now() / day) * day + 3 * day + 3 * 3_600_000);
  const exam = await createQuiz(lecturer, {
    id_pertemuan: meeting.id,
    judul: title,
    waktu_mulai: start.toISOString(),
    waktu_selesai: new Date(start.getTime() + 3_600_000).toISOString(),
  });
  await lecturer.dispose();

  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await signIn(page, 'mahasiswa');
  await page.goto('/pengaturan');
  await expect(page.getByRole('heading', { name: 'Langganan kalender' })).toBeVisible();
  await expect(page.getByText('Tambah dari URL')).toBeVisible();

  // The demo student may have a feed from an earlier try: its URL is not shown again, so reset it.
  const make = page.getByRole('button', { name: 'Buat tautan kalender' });
  const reset = page.getByRole('button', { name: 'Atur ulang tautan' });
  await expect(make.or(reset)).toBeVisible();
  if (await make.isVisible()) await make.click();
  else {
    await reset.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Atur Ulang' }).click();
  }
  const firstUrl = await copiedUrl(page);
  expect(firstUrl).toMatch(/\/v2\/kalender\/[A-Za-z0-9_-]{43}\.ics\?college-id=/);
  await expect(page.getByLabel('Tautan kalender')).toHaveValue(firstUrl);
  await screenshotBothWidths(page, 'pengaturan-kalender');

  const feed = await fetchFeed(request, firstUrl);
  expect(feed.status).toBe(200);
  expect(feed.type).toBe('text/calendar; charset=utf-8');
  const lines = unfold(feed.text);
  const zone = lines.find((l) => l.startsWith('X-WR-TIMEZONE:'))!.slice('X-WR-TIMEZONE:'.length);
  const uid = lines.findIndex((l) => l.startsWith(`UID:ujian-${exam.id}@`));
  expect(uid).toBeGreaterThan(0);
  const event = lines.slice(uid, lines.indexOf('END:VEVENT', uid));
  expect(event.some((l) => l.startsWith(`SUMMARY:Ujian: ${title} — `))).toBe(true);
  const local = new Date(start.getTime() + zoneHours[zone]! * 3_600_000);
  const stamp = local.toISOString().replace(/[-:]/g, '').slice(0, 15);
  expect(event).toContain(`DTSTART;TZID=${zone}:${stamp}`);

  // Atur ulang tautan: a confirmation, then a new URL; the old one answers 404 at once.
  await page.getByRole('button', { name: 'Atur ulang tautan' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/Tautan lama langsung tidak berlaku/)).toBeVisible();
  await screenshotBothWidths(page, 'pengaturan-kalender-atur-ulang', { fullPage: false });
  await dialog.getByRole('button', { name: 'Atur Ulang' }).click();
  // The last toast: an earlier try's reset above may have said the same a moment ago.
  await expect(page.getByText('Tautan baru dibuat. Tautan lama tidak berlaku lagi.').last()).toBeVisible();
  const secondUrl = await copiedUrl(page);
  expect(secondUrl).not.toBe(firstUrl);
  expect((await fetchFeed(request, firstUrl)).status).toBe(404);
  expect((await fetchFeed(request, secondUrl)).status).toBe(200);
  await context.close();
});
