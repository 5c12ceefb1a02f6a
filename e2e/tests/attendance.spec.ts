import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect as baseExpect, test } from '@playwright/test';
import type { MeetingAttendance } from '@lms/contract/attendance.schema';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import { isRecordedLecturer, laterRoomMeetings, signedInPage } from './attendance-e2e-helpers.ts';
import {
  claimFirst,
  createForum,
  createLinkMaterial,
  signInByApi,
  uniqueTitle,
  type ApiAccount,
} from './test-data.ts';
import {
  api,
  expectNoSeriousAxeViolations,
  screenshot,
  screenshotBothWidths,
  signIn,
  waitForAnimations,
} from './helpers.ts';

// Two signed-in people and a live stream: give the flow room on a shared machine.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const classId = '20261_01_IF2102';

/** The class's online lectures that have ended, latest first (their marks are the lecturer's, progress live). */
async function endedOnlineLectures(lecturer: ApiAccount): Promise<MeetingListItem[]> {
  const meetings = await lecturer.call<MeetingListItem[]>(
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/pertemuan?per_page=20`,
  );
  const ended = meetings.filter(
    (m) => m.jenis === 'online' && m.status === 'selesai' && m.kategori === 'kuliah',
  );
  return ended.sort((a, b) => b.nomor - a.nomor);
}

test("a student's opening of a required material moves the lecturer's attendance page live; the lecturer edits, cancels and saves; the recap exports it", async ({
  browser,
  baseURL,
}) => {
  const lecturerApi = await signInByApi(baseURL!, 'dosen');
  // Claimed: its progress starts at 0 % and its marks are changed here, so nothing else may add a required
  // activity to it or mark it. Not meetings 1–2, whose seeded materials already count.
  const meeting = claimFirst(
    (await endedOnlineLectures(lecturerApi)).filter((m) => m.nomor > 2),
    'ended online lecture without seeded materials',
  );
  const title = uniqueTitle('Bacaan Kehadiran');
  await createLinkMaterial(lecturerApi, {
    id_pertemuan: meeting.id,
    judul: title,
    is_syarat_hadir: true,
    deadline: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  });
  await lecturerApi.dispose();
  const lecturer = await (await browser.newContext()).newPage();
  await signIn(lecturer, 'dosen');

  await lecturer.goto(`/kelas/${classId}/${meeting.id}`);
  await lecturer.getByRole('link', { name: 'Kehadiran' }).click();
  await expect(lecturer).toHaveURL(new RegExp(`/kelas/${classId}/${meeting.id}/kehadiran$`));
  await expect(lecturer.getByText('Kehadiran Peserta', { exact: true })).toBeVisible();
  const attendance = await api<MeetingAttendance>(
    lecturer,
    'GET',
    `/v2/lms/kehadiran_mahasiswa/pertemuan/${meeting.id}`,
  );
  // Rows come in nim order, ten to a page: both students are on the first.
  const firstPage = attendance.mahasiswa.slice(0, 10);
  const demo = firstPage.find((m) => m.mahasiswa.nama === 'Rizky Aditya Pratama')!;
  const row = lecturer.locator(`tr[data-nim="${demo.mahasiswa.nim}"]`);
  await expect(row.getByLabel('Progress 0.0%')).toBeVisible();
  await expectNoSeriousAxeViolations(lecturer);

  // The student opens the link on their phone; the lecturer's page follows without a reload.
  const phone = await browser.newContext();
  const student = await phone.newPage();
  await signIn(student, 'mahasiswa');
  await student.setViewportSize({ width: 375, height: 740 });
  await student.goto(`/kelas/${classId}/${meeting.id}`);
  const card = student.getByTestId('material-card').filter({ hasText: title });
  const popup = student.waitForEvent('popup');
  await card.getByRole('button', { name: 'Buka Link' }).click();
  await (await popup).close();
  await expect(card.getByText('Selesai', { exact: true })).toBeVisible();
  await expect(row.getByLabel('Progress 100.0%')).toBeVisible();

  // Detail data kehadiran names the activity and what the student did.
  await row.getByRole('button', { name: /^Detail kehadiran/ }).click();
  const detail = lecturer.getByRole('dialog', { name: 'Detail data kehadiran' });
  await expect(detail.getByText(title)).toBeVisible();
  await expect(detail.getByText(/^dibuka \d\d:\d\d/)).toBeVisible();
  await lecturer.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // Update Progress runs as a job: the button waits for it, then the page has the job's time.
  await lecturer.getByRole('button', { name: 'Update Progress' }).click();
  await expect(
    lecturer.getByText('Berhasil mengirimkan permintaan update persentase kehadiran'),
  ).toBeVisible();
  await expect(lecturer.getByText('Update persentase kehadiran selesai')).toBeVisible({ timeout: 60_000 });
  await expect(lecturer.getByRole('button', { name: 'Update Progress' })).toBeEnabled();

  // Edit, set everyone to Izin, cancel: nothing changed. Then mark one student Sakit and save.
  const other = firstPage.find((m) => m.mahasiswa.nim !== demo.mahasiswa.nim && m.presensi === 'H')!;
  const otherRow = lecturer.locator(`tr[data-nim="${other.mahasiswa.nim}"]`);
  await expect(otherRow.getByText('Hadir', { exact: true })).toBeVisible();
  await lecturer.getByRole('button', { name: 'Ubah kehadiran' }).click();
  await lecturer.getByRole('radiogroup', { name: 'Tandai semua' }).getByText('Izin').click();
  await expect(otherRow.getByRole('radio', { name: 'I' })).toBeChecked();
  await lecturer.getByRole('button', { name: 'Batal' }).click();
  await expect(otherRow.getByText('Hadir', { exact: true })).toBeVisible();
  await lecturer.getByRole('button', { name: 'Ubah kehadiran' }).click();
  await otherRow.locator('label.ant-radio-button-wrapper').filter({ hasText: /^S$/ }).click();
  await expect(otherRow.getByRole('radio', { name: 'S' })).toBeChecked();
  await screenshot(lecturer, 'attendance-edit-1280', { fullPage: true });
  await lecturer.getByRole('button', { name: 'Simpan' }).click();
  await expect(lecturer.getByText('Berhasil update kehadiran')).toBeVisible();
  await expect(otherRow.getByText('Sakit', { exact: true })).toBeVisible();
  await expect(row.getByLabel('Progress 100.0%')).toBeVisible();

  // The recap: its Excel has the mark in the meeting's column.
  await lecturer.goto(`/kehadiran/${classId}`);
  await expect(lecturer.getByText('Rekap Kehadiran', { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(lecturer);
  await screenshot(lecturer, 'attendance-recap-1280', { fullPage: true });
  const downloading = lecturer.waitForEvent('download');
  await lecturer.getByRole('button', { name: 'Export Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^kehadiran-.*\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Rekap Kehadiran')!;
  const header = sheet.getRow(1).values as unknown[];
  const column = header.indexOf(`P${meeting.nomor}`);
  expect(column).toBeGreaterThan(0);
  let found = false;
  sheet.eachRow((r) => {
    if (r.getCell(2).value === other.mahasiswa.nim) {
      expect(r.getCell(column).value).toBe('S');
      found = true;
    }
  });
  expect(found).toBe(true);

  await lecturer.goto('/kehadiran');
  await expect(lecturer.getByRole('link', { name: /^Pertemuan \d+$/ }).first()).toBeVisible();
  await expectNoSeriousAxeViolations(lecturer);

  await lecturer.setViewportSize({ width: 375, height: 740 });
  await lecturer.goto(`/kelas/${classId}/${meeting.id}/kehadiran`);
  await expect(lecturer.getByTestId('attendance-cards')).toBeVisible();
  await screenshot(lecturer, 'attendance-meeting-375', { fullPage: false });
  await student.goto(`/kehadiran/${classId}`);
  await expect(student.getByText(/Syarat kehadiran UTS/)).toBeVisible();
  await expectNoSeriousAxeViolations(student);
  await student.goto('/kehadiran');
  await expect(student.getByRole('link', { name: 'Basis Data 01', exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(student);
  await screenshot(student, 'attendance-student-375', { fullPage: false });
  await phone.close();
});

test("the attendance page's forum list shows the student who posted as Selesai and the others as Belum", async ({
  browser,
  baseURL,
}) => {
  // Its own forum in the latest ended online lecture, and the demo student's post in it: only the
  // forum's own rows are read.
  const lecturerApi = await signInByApi(baseURL!, 'dosen');
  const meeting = (await endedOnlineLectures(lecturerApi))[0]!;
  const judul = uniqueTitle('Forum Kehadiran');
  const forum = await createForum(lecturerApi, { id_pertemuan: meeting.id, judul });
  await lecturerApi.dispose();
  const student = await signInByApi(baseURL!, 'mahasiswa');
  await student.call('POST', `/v2/lms/forum/${forum.id}/post`, { isi: '<p>Menurut saya …</p>' });
  await student.dispose();
  const lecturer = await (await browser.newContext()).newPage();
  await signIn(lecturer, 'dosen');

  await lecturer.goto(`/kelas/${classId}/${meeting.id}/kehadiran`);
  const card = lecturer.locator('.ant-card').filter({ hasText: 'Forum Pertemuan' });
  const panel = card.locator('.ant-collapse-item').filter({ hasText: judul });
  await expect(panel.getByText(/^1 dari \d+ mahasiswa selesai$/)).toBeVisible();
  await panel.getByRole('button', { name: new RegExp(judul) }).click();
  await expect(panel.getByRole('listitem', { name: 'Rizky Aditya Pratama Selesai' })).toBeVisible();
  await expect(panel.getByRole('listitem', { name: /Belum$/ }).first()).toBeVisible();
  await expectNoSeriousAxeViolations(lecturer);
  // The card's head in sight, under the sticky page header.
  const showCard = () => card.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 110));
  await showCard();
  await screenshot(lecturer, 'attendance-forums-1280', { fullPage: false });
  await lecturer.setViewportSize({ width: 375, height: 740 });
  await showCard();
  await screenshot(lecturer, 'attendance-forums-375', { fullPage: false });
});

test('a manual meeting: edit mode shows every student; saving one mark asks before the unchosen become Alpa', async ({
  browser,
}) => {
  const lecturer = await signedInPage(browser, 'dosen');
  // A later offline meeting of a class the lecturer coordinates, claimed (no other test starts or marks
  // it); started, so it is editable.
  const candidates = [];
  for (const m of await laterRoomMeetings(lecturer)) {
    if (!(await isRecordedLecturer(lecturer, m.id))) candidates.push(m);
  }
  const meeting = claimFirst(candidates, 'later offline meeting the lecturer coordinates');
  await api(lecturer, 'PUT', `/v2/lms/pertemuan/${meeting.id}/start`);
  const attendance = await api<MeetingAttendance>(
    lecturer,
    'GET',
    `/v2/lms/kehadiran_mahasiswa/pertemuan/${meeting.id}`,
  );
  const unmarked = attendance.mahasiswa.filter((r) => !r.ada_presensi);
  expect(unmarked.length).toBeGreaterThan(10);

  await lecturer.goto(`/kehadiran/${meeting.kelas_kuliah.id}/${meeting.id}`);
  // View mode pages by ten; numbers run on (page 2 starts at 11).
  await lecturer.locator('.ant-table-wrapper:has(tr[data-nim]) .ant-pagination-item-2').click();
  await expect(lecturer.locator('tr[data-nim]').first().locator('td').first()).toHaveText('11');
  await lecturer.getByRole('button', { name: 'Ubah kehadiran' }).click();
  // Edit mode shows every student, none chosen yet.
  await expect(lecturer.locator('tbody tr[data-nim]')).toHaveCount(attendance.mahasiswa.length);
  const last = attendance.mahasiswa.at(-1)!;
  await expect(lecturer.locator(`tr[data-nim="${last.mahasiswa.nim}"]`)).toBeVisible();
  const chosen = unmarked[0]!;
  const row = lecturer.locator(`tr[data-nim="${chosen.mahasiswa.nim}"]`);
  await row.locator('label.ant-radio-button-wrapper').filter({ hasText: /^H$/ }).click();
  await expect(row.getByRole('radio', { name: 'H' })).toBeChecked();
  await lecturer.getByRole('button', { name: 'Simpan' }).click();
  const confirm = lecturer.getByRole('dialog', { name: 'Simpan kehadiran' });
  await expect(
    confirm.getByText(
      `${unmarked.length - 1} mahasiswa yang belum dipilih akan disimpan sebagai Alpa. Lanjutkan?`,
    ),
  ).toBeVisible();
  await waitForAnimations(lecturer);
  await screenshotBothWidths(lecturer, 'attendance-unchosen-confirm', { fullPage: false });
  await confirm.getByRole('button', { name: 'Batal' }).click();
  await expect(confirm).toBeHidden();

  // On a phone: 44 px choices and Simpan in reach at the bottom of the screen.
  await lecturer.setViewportSize({ width: 375, height: 812 });
  const card = lecturer.locator(`[data-nim="${chosen.mahasiswa.nim}"]`);
  await card.scrollIntoViewIfNeeded();
  const choice = await card.locator('label.ant-radio-button-wrapper').first().boundingBox();
  expect(choice!.width).toBeGreaterThanOrEqual(44);
  expect(choice!.height).toBeGreaterThanOrEqual(44);
  const save = lecturer.getByRole('button', { name: 'Simpan' });
  const box = await save.boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(812);
  await screenshot(lecturer, 'attendance-edit-375', { fullPage: false });
  await lecturer.setViewportSize({ width: 1280, height: 800 });
  await save.click();
  await confirm.getByRole('button', { name: 'Ya' }).click();
  await expect(lecturer.getByText('Berhasil update kehadiran')).toBeVisible();
  const after = await api<MeetingAttendance>(
    lecturer,
    'GET',
    `/v2/lms/kehadiran_mahasiswa/pertemuan/${meeting.id}`,
  );
  expect(after.mahasiswa.find((r) => r.mahasiswa.nim === chosen.mahasiswa.nim)?.presensi).toBe('H');
  expect(after.mahasiswa.find((r) => r.mahasiswa.nim === unmarked[1]!.mahasiswa.nim)?.presensi).toBe('A');
  await lecturer.context().close();
});
