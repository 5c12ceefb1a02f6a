import { readFileSync } from 'node:fs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import type { Material } from '@lms/contract/material.schema';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import { api, screenshotBothWidths, signIn } from './helpers.ts';
import { claimFirst, tryTag } from './test-data.ts';

// The production build with its service worker (the config blocks it elsewhere), as on a phone.
test.use({ serviceWorkers: 'allow' });
// A 60-second reading countdown, run offline.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const classId = '20261_01_IF2102';
const pdf = readFileSync(
  new URL('../../apps/server/src/db/seed/files/materi-pendahuluan.pdf', import.meta.url),
);

/** A PDF e-book in the meeting, uploaded by the lecturer signed in on `page`. */
async function uploadPdf(page: Page, meetingId: string, judul: string): Promise<Material> {
  const { token, college } = await page.evaluate(() => ({
    token: (JSON.parse(localStorage.getItem('lms.session') ?? '{}') as { accessToken?: string }).accessToken,
    college: localStorage.getItem('lms.college_id') ?? '',
  }));
  const answer = await page.request.post('/v2/lms/materi', {
    headers: { authorization: `Bearer ${token}`, 'college-id': college },
    multipart: {
      id_pertemuan: meetingId,
      judul,
      deskripsi: '<p>Bacaan untuk dibaca di perjalanan.</p>',
      jenis_materi: 'modul',
      tipe_file: 'ebook',
      tampil_sekarang: 'true',
      is_syarat_hadir: 'false',
      file: { name: 'bacaan-luring.pdf', mimeType: 'application/pdf', buffer: pdf },
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: Material }).data;
}

test('a student keeps a meeting’s PDF on the phone, reads it offline, and it is credited once back online', async ({
  browser,
}) => {
  const judul = `Bacaan Luring ${tryTag()}`;
  const lecturerContext = await browser.newContext();
  const lecturer = await lecturerContext.newPage();
  await signIn(lecturer, 'dosen');
  // A meeting of its own with no other material: keeping takes every file of the meeting.
  const meetings = await api<MeetingListItem[]>(
    lecturer,
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/pertemuan?per_page=20`,
  );
  const empty: MeetingListItem[] = [];
  for (const meeting of meetings) {
    const list = await api<Material[]>(
      lecturer,
      'GET',
      `/v2/lms/kelas_kuliah/${classId}/materi?id_pertemuan=${meeting.id}`,
    );
    if (list.length === 0) empty.push(meeting);
  }
  const meeting = claimFirst(empty, 'meeting without materials');
  const material = await uploadPdf(lecturer, meeting.id, judul);
  await lecturerContext.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'mahasiswa');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.goto(`/kelas/${classId}/${meeting.id}`);
  const bar = page.getByTestId('offline-materials');
  const card = page.getByTestId('material-card').filter({ hasText: judul });
  await expect(card).toBeVisible();
  await expect(bar.getByText(/1 materi berkas · .* · batas 200 MB/)).toBeVisible();
  await bar.getByRole('button', { name: 'Simpan untuk dibaca luring' }).click();
  await expect(bar.getByText('Tersimpan di perangkat')).toBeVisible();
  await expect(card.getByTestId('kept-on-device')).toHaveText('Tersimpan di perangkat');
  await screenshotBothWidths(page, 'offline-materials-kept');

  // Keeping counted as one download for the server, nothing more (an e-book is done only when read).
  const kept = await api<Material>(page, 'GET', `/v2/lms/materi/${material.id}`);
  expect(kept.aktivitas).toMatchObject({ status_download: 'downloaded', selesai: false });
  // The dedicated cache holds the file by its URL and the student's list of the meeting, nothing else.
  const student = await api<{ id: string }>(page, 'GET', '/v2/user_info');
  const cached = await page.evaluate(async () => {
    const cache = await caches.open('lms-offline-materials');
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
  expect(cached.sort()).toEqual(
    [
      `/offline-materials/pertemuan/${student.id}/${meeting.id}.json`,
      new URL(material.file!.url, 'http://x').pathname,
    ].sort(),
  );

  await context.setOffline(true);
  await expect(
    bar.getByText(/Anda sedang luring\. Materi yang tersimpan di perangkat tetap dapat dibaca/),
  ).toBeVisible();
  // The worker serves exactly the kept file when the network fails; other files still fail.
  const statuses = await page.evaluate(async (url) => {
    const kept = await fetch(url).then(
      (r) => r.status,
      () => 'gagal',
    );
    const other = await fetch('/v2/files/tidak-disimpan.pdf').then(
      (r) => r.status,
      () => 'gagal',
    );
    return { kept, other };
  }, material.file!.url);
  expect(statuses).toEqual({ kept: 200, other: 'gagal' });

  // A cold start without a connection: the worker serves the app, the session opens with the stored
  // user, and Materi Tersimpan (from the profile menu) lists what is kept.
  await page.reload();
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveText(
    /Anda sedang luring\. Hanya materi yang tersimpan di perangkat yang dapat dibuka\./,
  );
  // The meeting page needs the server: it says so, without an error code, and leads to the kept files.
  await expect(page.getByRole('heading', { name: 'Halaman ini memerlukan koneksi' })).toBeVisible();
  await screenshotBothWidths(page, 'offline-materials-meeting-cold-start');
  await page.getByRole('button', { name: 'Menu profil' }).click();
  await page.getByRole('menuitem', { name: 'Materi Tersimpan' }).click();
  await expect(page).toHaveURL(/\/materi-tersimpan$/);
  const keptMeeting = page.getByTestId('kept-meeting').filter({ hasText: `Pertemuan ${meeting.nomor}` });
  const keptCard = keptMeeting.getByTestId('material-card').filter({ hasText: judul });
  await expect(keptCard).toBeVisible();
  await screenshotBothWidths(page, 'offline-materials-kept-list-offline');

  await keptCard.getByRole('button', { name: `Baca ${judul}` }).click();
  await expect(keptCard.getByRole('img', { name: `${judul}, halaman 1` })).toBeVisible();
  await expect(keptCard.getByRole('button', { name: /Sudah Baca \(\d+\)/ })).toBeDisabled();
  await expect(keptCard.getByTestId('read-offline')).toHaveText(
    'Bacaan tercatat di perangkat dan dihitung saat tersambung kembali.',
    { timeout: 90_000 },
  );
  await keptCard.getByRole('button', { name: `Tutup ${judul}` }).click();
  // Not yet credited: the server has heard nothing.
  await expect(keptCard.getByText('Selesai', { exact: true })).toBeHidden();

  // Back online on this page, not the meeting's: the app sends the reading and the server credits it.
  await context.setOffline(false);
  await expect(banner).toBeHidden();
  await expect(keptCard.getByText('Selesai', { exact: true })).toBeVisible();
  const credited = await api<Material>(page, 'GET', `/v2/lms/materi/${material.id}`);
  expect(credited.aktivitas).toMatchObject({ selesai: true });
  await screenshotBothWidths(page, 'offline-materials-credited');

  // Removing frees the phone; the server's facts stay.
  await keptMeeting.getByRole('button', { name: 'Hapus dari perangkat' }).click();
  await expect(page.getByText(/Belum ada materi yang disimpan di perangkat ini/)).toBeVisible();
  expect(
    await page.evaluate(async () =>
      (await caches.open('lms-offline-materials')).keys().then((k) => k.length),
    ),
  ).toBe(0);
  await context.close();
});
