import type { Browser, Page } from '@playwright/test';
import type { CollegeSettings } from '@lms/contract/college-settings.schema';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import { api, signIn } from './helpers.ts';

/** A page of its own (a separate browser context) signed in as `username`. */
export async function signedInPage(browser: Browser, username: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 740 : 800 } });
  const page = await context.newPage();
  await signIn(page, username);
  return page;
}

/** Changes some college settings (the rest stays as it is), as an operator with write on konfigurasi. */
export async function changeSettings(page: Page, change: (settings: CollegeSettings) => void): Promise<void> {
  const settings = await api<CollegeSettings>(page, 'GET', '/v2/lms/pengaturan');
  change(settings);
  await api(page, 'PUT', '/v2/lms/pengaturan', settings);
}

/**
 * Offline or mixed meetings of the lecturer not started yet in the next four weeks, latest first: a test
 * claims the one it starts or marks (`claimFirst`, test-data.ts).
 */
export async function laterRoomMeetings(page: Page): Promise<MeetingListItem[]> {
  const from = new Date(Date.now() + 3_600_000).toISOString();
  const to = new Date(Date.now() + 28 * 86_400_000).toISOString();
  const list = await api<MeetingListItem[]>(
    page,
    'GET',
    `/v2/lms/jadwal?waktu_mulai=${encodeURIComponent(from)}&waktu_selesai=${encodeURIComponent(to)}`,
  );
  return list
    .filter((m) => m.jenis !== 'online' && m.status === 'belum_dimulai' && m.kategori === 'kuliah')
    .sort((a, b) => b.waktu_mulai.localeCompare(a.waktu_mulai));
}

/** Whether the signed-in lecturer is recorded in the meeting's lecturer attendance (not its coordinator). */
export async function isRecordedLecturer(page: Page, meetingId: string): Promise<boolean> {
  return (await api<{ tercatat: boolean }>(page, 'GET', `/v2/lms/kehadiran_dosen/${meetingId}/me`)).tercatat;
}
