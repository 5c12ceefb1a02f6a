import { expect as baseExpect, test, type Page } from '@playwright/test';
import type { MeetingDetail, MeetingListItem, Session } from '@lms/contract/meeting.schema';
import {
  api,
  expectNoSeriousAxeViolations,
  screenshot,
  signIn,
  startOfWeekWib,
  clickListItem,
  waitForAnimations,
  screenshotBothWidths,
} from './helpers.ts';
import { claim, claimFirst } from './test-data.ts';

// The machines share two cores with other runs: these flows make many calls, so they get more time.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const dayMs = 86_400_000;

/** The user's meetings from now to `days` ahead, by start. */
async function upcomingMeetings(page: Page, days: number): Promise<MeetingListItem[]> {
  const from = new Date(Date.now() - 3 * 3_600_000).toISOString();
  const to = new Date(Date.now() + days * dayMs).toISOString();
  const list = await api<MeetingListItem[]>(
    page,
    'GET',
    `/v2/lms/jadwal?waktu_mulai=${encodeURIComponent(from)}&waktu_selesai=${encodeURIComponent(to)}`,
  );
  return list.sort((a, b) => a.waktu_mulai.localeCompare(b.waktu_mulai));
}

/** 'DD/MM/YYYY' of an instant in WIB (the demo college's zone). */
function wibDate(iso: string): string {
  const local = new Date(new Date(iso).getTime() + 7 * 3_600_000);
  const dd = String(local.getUTCDate()).padStart(2, '0');
  const mm = String(local.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${local.getUTCFullYear()}`;
}

/** An instant at a WIB day ('DD/MM/YYYY') and time ('HH:mm:ss'). */
function wibInstant(day: string, time: string): string {
  const [dd, mm, yyyy] = day.split('/');
  return new Date(`${yyyy}-${mm}-${dd}T${time}+07:00`).toISOString();
}

const meetingUrl = (m: MeetingListItem) => `/kelas/${m.kelas_kuliah.id}/${m.id}`;

// The lecturer's classes sorted by id: the start/end test uses the first, the edit test the last, so
// the two never touch the same class when they run in parallel.
async function dosenClassIds(page: Page): Promise<string[]> {
  const upcoming = await upcomingMeetings(page, 28);
  return [...new Set(upcoming.map((m) => m.kelas_kuliah.id))].sort();
}

test('a student opens a meeting of a class', async ({ page }) => {
  await signIn(page, 'mahasiswa');
  // Claimed, so that no other test starts it; the latest of the fortnight outside Basis Data, where the
  // content specs add their materials.
  const meeting = claimFirst(
    (await upcomingMeetings(page, 14))
      .filter((m) => m.status === 'belum_dimulai' && m.kelas_kuliah.id !== '20261_01_IF2102')
      .reverse(),
    'later meeting of the student',
  );

  // Through the class page: its Data Pertemuan list, searched by the meeting's title.
  await page.goto(`/kelas/${meeting.kelas_kuliah.id}`);
  await page.getByPlaceholder('Cari judul pertemuan').fill(meeting.judul);
  await page
    .locator(`a[href="${meetingUrl(meeting)}"]`)
    .first()
    .click();

  await expect(page).toHaveURL(new RegExp(`${meeting.id}$`));
  await expect(page.getByRole('heading', { name: meeting.judul, level: 2 })).toBeVisible();
  await expect(page.getByRole('main').getByText(`Pertemuan ${meeting.nomor}`, { exact: true })).toBeVisible();
  // The meeting's own tag comes first; its vidcon may carry the same status.
  await expect(page.getByText('Belum Dimulai', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/WIB$/).first()).toBeVisible();
  // Students neither edit nor start meetings.
  await expect(page.getByRole('button', { name: 'Ubah Data' })).toHaveCount(0);
  await expect(page.locator('.meeting-actions').getByRole('button', { name: 'Mulai' })).toHaveCount(0);
  // The content blocks are open, with what each area holds.
  await expect(page.getByText('Belum ada materi pada pertemuan ini.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('a lecturer starts and ends a meeting', async ({ page }) => {
  await signIn(page, 'dosen');
  const classId = (await dosenClassIds(page))[0]!;
  const meeting = claimFirst(
    (await upcomingMeetings(page, 28)).filter(
      (m) => m.kelas_kuliah.id === classId && m.status === 'belum_dimulai',
    ),
    'meeting not started',
  );
  await page.goto(meetingUrl(meeting));
  await expect(page.getByRole('heading', { name: meeting.judul, level: 2 })).toBeVisible();
  await screenshotBothWidths(page, 'meeting-page');

  await page.locator('.meeting-actions').getByRole('button', { name: 'Mulai' }).click();
  const startDialog = page.getByRole('dialog', { name: 'Mulai Kuliah' });
  await expect(startDialog).toBeVisible();
  await waitForAnimations(page);
  await screenshot(page, 'meeting-start-confirm-1280');
  await startDialog.getByRole('button', { name: 'Ya, Mulai' }).click();
  // The meeting's own tag comes first; a forum of the meeting open at this hour carries the same words.
  await expect(page.getByText('Sedang Berlangsung', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Kuliah berhasil dimulai')).toBeVisible();

  await page.locator('.meeting-actions').getByRole('button', { name: 'Selesai' }).click();
  const endDialog = page.getByRole('dialog', { name: 'Selesai Kuliah' });
  await endDialog.getByRole('button', { name: 'Ya, Selesai' }).click();
  await expect(page.getByText('Telah Berakhir', { exact: true })).toBeVisible();
  await expect(page.locator('.meeting-actions').getByRole('button', { name: 'Selesai' })).toHaveCount(0);
  await expect(page.locator('.meeting-actions').getByRole('button', { name: 'Mulai' })).toHaveCount(0);
  const detail = await api<MeetingDetail>(page, 'GET', `/v2/lms/pertemuan/${meeting.id}`);
  expect(detail.status).toBe('selesai');
  expect(detail.mulai_kuliah).toBeTruthy();
  expect(detail.selesai_kuliah).toBeTruthy();
});

test('a lecturer edits a meeting through a clash check', async ({ page }) => {
  await signIn(page, 'dosen');
  const classIds = await dosenClassIds(page);
  const upcoming = await upcomingMeetings(page, 28);
  // An offline meeting of a class other than the start/end test's, with a next meeting a week later.
  let meeting: MeetingDetail | undefined;
  let next: MeetingListItem | undefined;
  for (const classId of [...classIds].reverse().slice(0, -1)) {
    const ofClass = upcoming.filter((m) => m.kelas_kuliah.id === classId && m.status === 'belum_dimulai');
    const candidate = ofClass.find(
      (m) => m.jenis === 'offline' && ofClass.some((o) => o.nomor === m.nomor + 1),
    );
    if (!candidate) continue;
    const detail = await api<MeetingDetail>(page, 'GET', `/v2/lms/pertemuan/${candidate.id}`);
    // Claimed: no other test starts or moves it.
    if (detail.akses.ubah_jadwal && detail.id_sesi && detail.id_ruangan && claim(detail.id)) {
      meeting = detail;
      next = ofClass.find((o) => o.nomor === candidate.nomor + 1);
      break;
    }
  }
  expect(meeting, 'an editable offline meeting of the lecturer').toBeTruthy();
  const sessions = await api<Session[]>(page, 'GET', '/v2/lms/sesi_kuliah');

  // A free slot: a later day and session where the server sees no clash for this class, room and teachers
  // (none at all: another class's weekly slot would be an ignorable warning, not "no clash").
  let free: { day: string; session: Session } | undefined;
  for (let d = 1; d <= 6 && !free; d++) {
    const day = wibDate(new Date(new Date(meeting!.waktu_mulai).getTime() + d * dayMs).toISOString());
    for (const session of [...sessions].reverse()) {
      const result = await api<
        Record<'bentrok_kelas' | 'bentrok_ruangan' | 'bentrok_pengajar', { data: unknown[] }>
      >(page, 'PUT', '/v2/lms/pertemuan/cek_bentrok', {
        id_kelas_kuliah: meeting!.kelas_kuliah.id,
        id_pertemuan: meeting!.id,
        waktu_mulai: wibInstant(day, session.jam_mulai),
        waktu_selesai: wibInstant(day, session.jam_selesai),
        jenis: meeting!.jenis,
        id_ruangan: meeting!.id_ruangan,
        id_sesi: session.id,
      });
      if (
        !result.bentrok_kelas.data.length &&
        !result.bentrok_ruangan.data.length &&
        !result.bentrok_pengajar.data.length
      ) {
        free = { day, session };
        break;
      }
    }
  }
  expect(free, 'a free slot in the week after the meeting').toBeTruthy();

  await page.goto(`/kelas/${meeting!.kelas_kuliah.id}/${meeting!.id}`);
  await page.getByRole('button', { name: 'Ubah Data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ubah Data Pertemuan' });
  await expect(dialog).toBeVisible();
  const save = dialog.getByRole('button', { name: 'Simpan' });
  await expect(save).toBeDisabled();

  // The date of the class's next meeting: the same times then clash with it.
  const dateInput = dialog.getByLabel('Tanggal');
  await dateInput.click();
  await dateInput.fill(wibDate(next!.waktu_mulai));
  await dateInput.press('Enter');
  await expect(dialog.getByLabel('Waktu Mulai')).toHaveValue(new RegExp(`^${wibDate(next!.waktu_mulai)}`));
  await expect(save).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cek Jadwal' }).click();
  await expect(dialog.getByText('Bentrok dengan pertemuan lain di kelas ini')).toBeVisible();
  await expect(dialog.getByText(`Pertemuan ${next!.nomor}: ${next!.judul}`, { exact: false })).toBeVisible();
  await expect(save).toBeDisabled();
  await save.hover({ force: true });
  await screenshot(page, 'meeting-edit-clash-1280');
  await page.setViewportSize({ width: 375, height: 740 });
  await dialog.getByText('Bentrok dengan pertemuan lain di kelas ini').scrollIntoViewIfNeeded();
  await screenshot(page, 'meeting-edit-clash-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  // A free day and session: no clash, then saved.
  await dateInput.click();
  await dateInput.fill(free!.day);
  await dateInput.press('Enter');
  await dialog.getByLabel('Sesi').click();
  const sessionLabel = `${free!.session.nama} (${free!.session.jam_mulai.slice(0, 5)} - ${free!.session.jam_selesai.slice(0, 5)})`;
  await clickListItem(page, page.locator('.ant-select-item-option', { hasText: sessionLabel }));
  await expect(dialog.getByLabel('Waktu Mulai')).toHaveValue(
    `${free!.day}, ${free!.session.jam_mulai.slice(0, 5)}`,
  );
  await expect(dialog.getByText('Bentrok dengan pertemuan lain di kelas ini')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cek Jadwal' }).click();
  await expect(dialog.getByText('Tidak ada jadwal yang bentrok. Data dapat disimpan.')).toBeVisible();
  await screenshot(page, 'meeting-edit-free-1280');
  await expect(save).toBeEnabled();
  await save.click();
  // The toast first: it shows for 3 s, which a slow machine can spend on the dialog's closing.
  await expect(page.getByText('Data pertemuan berhasil disimpan')).toBeVisible();
  await expect(dialog).toBeHidden();

  const saved = await api<MeetingDetail>(page, 'GET', `/v2/lms/pertemuan/${meeting!.id}`);
  expect(saved.waktu_mulai).toBe(wibInstant(free!.day, free!.session.jam_mulai));
  expect(saved.id_sesi).toBe(free!.session.id);
  await expect(page.getByText(`${free!.session.nama} (`)).toBeVisible();
});

test('an operator with read rights sees no edit or start buttons', async ({ page }) => {
  await signIn(page, 'operator.lihat');
  const list = await upcomingMeetings(page, 7);
  const meeting = list.find((m) => m.status === 'belum_dimulai')!;
  await page.goto(`/pertemuan/${meeting.id}`);
  await expect(page.getByRole('heading', { name: meeting.judul, level: 2 })).toBeVisible();
  await expect(page.getByText(meeting.kelas_kuliah.mata_kuliah.nama).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ubah Data' })).toHaveCount(0);
  await expect(page.locator('.meeting-actions').getByRole('button', { name: 'Mulai' })).toHaveCount(0);
  await expect(page.locator('.meeting-actions').getByRole('button', { name: 'Selesai' })).toHaveCount(0);
});

test("the timetable shows the lecturer's meetings by week, month and day", async ({ page }) => {
  await signIn(page, 'dosen');
  await page.goto('/jadwal');
  const grid = page.getByRole('grid', { name: 'Jadwal' });
  await expect(grid).toBeVisible();
  // This week's meetings from the API, each shown with its room and WIB time.
  const weekStart = startOfWeekWib();
  const week = await api<MeetingListItem[]>(
    page,
    'GET',
    `/v2/lms/jadwal?waktu_mulai=${weekStart.toISOString()}&waktu_selesai=${new Date(weekStart.getTime() + 7 * dayMs).toISOString()}`,
  );
  expect(week.length).toBeGreaterThan(0);
  await expect(grid.getByRole('link')).toHaveCount(week.length);
  const first = week[0]!;
  const item = grid.locator(`a[href="${meetingUrl(first)}"]`);
  await expect(item).toContainText(first.kelas_kuliah.mata_kuliah.nama);
  await expect(item).toContainText('WIB');
  if (first.ruangan) await expect(item).toContainText(first.ruangan.nama);
  await expectNoSeriousAxeViolations(page);
  await screenshot(page, 'jadwal-week-1280', { fullPage: true });

  await page.getByRole('button', { name: 'Minggu berikutnya' }).click();
  await expect(grid.getByRole('link').first()).toBeVisible();
  await page.locator('.ant-segmented').getByText('Bulan', { exact: true }).click();
  await expect(page).toHaveURL(/tampilan=bulan/);
  await screenshot(page, 'jadwal-month-1280', { fullPage: true });

  await page.getByRole('button', { name: 'Hari Ini' }).click();
  await page.locator('.ant-segmented').getByText('Minggu', { exact: true }).click();
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(grid).toHaveCount(0);
  await expect(page.getByRole('region').first()).toBeVisible();
  await screenshot(page, 'jadwal-week-375', { fullPage: true });
  await page
    .locator(`a[href="${meetingUrl(first)}"]`)
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`${first.id}$`));
});

test('an operator sees every class in the timetable with filters', async ({ page }) => {
  await signIn(page, 'operator');
  await page.goto('/jadwal');
  const grid = page.getByRole('grid', { name: 'Jadwal' });
  await expect(grid.getByRole('link').first()).toBeVisible();
  const all = await grid.getByRole('link').count();
  await page.getByRole('combobox', { name: 'Ruangan' }).click();
  await clickListItem(page, page.locator('.ant-select-item-option', { hasText: 'Gedung A R.101' }));
  await expect.poll(async () => grid.getByRole('link').count()).toBeLessThan(all);
  await expectNoSeriousAxeViolations(page);
  await screenshotBothWidths(page, 'jadwal-operator');
  await page.getByRole('button', { name: 'Reset Filter' }).click();
  await expect.poll(async () => grid.getByRole('link').count()).toBe(all);
  // Operators open meetings on /pertemuan/{id}.
  await expect(grid.getByRole('link').first()).toHaveAttribute('href', /^\/pertemuan\//);
});
