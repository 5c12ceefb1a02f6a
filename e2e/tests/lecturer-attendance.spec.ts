import { expect as baseExpect, test, type Page } from '@playwright/test';
import type { LecturerAttendanceList } from '@lms/contract/lecturer-attendance.schema';
import {
  changeSettings,
  isRecordedLecturer,
  laterRoomMeetings,
  signedInPage,
} from './attendance-e2e-helpers.ts';
import { screenshot, waitForAnimations } from './helpers.ts';
import { claimFirst } from './test-data.ts';

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test('a lecturer records their own attendance; an operator changes and validates it', async ({ browser }) => {
  const lecturer = await signedInPage(browser, 'dosen');
  // A class where the lecturer teaches (in the class they coordinate they are not recorded).
  const candidates = [];
  for (const m of await laterRoomMeetings(lecturer)) {
    if (await isRecordedLecturer(lecturer, m.id)) candidates.push(m);
  }
  const meeting = claimFirst(candidates, 'later offline meeting the lecturer teaches');
  const meetingUrl = `/kelas/${meeting.kelas_kuliah.id}/${meeting.id}`;

  // Before the meeting starts the own button waits; starting the lecture brings it.
  await lecturer.goto(meetingUrl);
  const own = lecturer.getByTestId('presensi-dosen');
  await expect(own.getByText(/Tombol presensi dosen tampil mulai/)).toBeVisible();
  await lecturer.locator('.meeting-actions').getByRole('button', { name: 'Mulai' }).click();
  const startDialog = lecturer.getByRole('dialog', { name: 'Mulai Kuliah' });
  await expect(startDialog).toBeVisible();
  // A CI run's lecture did not start after this confirm (the dialog had closed; the cause was not kept):
  // the dialog settles before the click, and the start's toast is checked so a failure says where.
  await waitForAnimations(lecturer);
  await startDialog.getByRole('button', { name: 'Ya, Mulai' }).click();
  await expect(lecturer.getByText('Kuliah berhasil dimulai')).toBeVisible();
  await own.getByRole('button', { name: 'Presensi Mulai Kuliah' }).click();
  await lecturer
    .getByRole('dialog', { name: 'Presensi Mulai Kuliah' })
    .getByRole('button', { name: 'Ya' })
    .click();
  await expect(lecturer.getByText('Presensi mulai kuliah berhasil dicatat')).toBeVisible();
  await expect(own.getByText('Hadir', { exact: true })).toBeVisible();
  await expect(own.getByRole('button', { name: 'Presensi Akhiri Kuliah' })).toBeVisible();
  await expect(own.getByText(/Batas presensi dosen: .* 23:59 WIB/)).toBeVisible();
  await screenshot(lecturer, 'lecturer-own-attendance-1280');
  await lecturer.setViewportSize({ width: 375, height: 740 });
  await own.scrollIntoViewIfNeeded();
  await screenshot(lecturer, 'lecturer-own-attendance-375');
  await lecturer.setViewportSize({ width: 1280, height: 800 });
  await own.getByRole('button', { name: 'Presensi Akhiri Kuliah' }).click();
  await lecturer
    .getByRole('dialog', { name: 'Presensi Akhiri Kuliah' })
    .getByRole('button', { name: 'Ya' })
    .click();
  await expect(lecturer.getByText('Presensi akhiri kuliah berhasil dicatat')).toBeVisible();
  await expect(own.getByText('Presensi dosen pada pertemuan ini sudah lengkap.')).toBeVisible();

  // A lecturer sees the section on the attendance page but cannot change it (spec 2 §6).
  await lecturer.goto(`/kehadiran/${meeting.kelas_kuliah.id}/${meeting.id}`);
  const lecturerSection = lecturer.getByTestId('kehadiran-pengajar');
  await expect(lecturerSection.getByText('Hadir', { exact: true }).first()).toBeVisible();
  await expect(lecturerSection.getByRole('button', { name: 'Ubah Kehadiran Pengajar' })).toHaveCount(0);

  // The operator validates lecturer attendance.
  const operator = await signedInPage(browser, 'operator');
  await changeSettings(operator, (s) => {
    s.pengaturan_kelas.validasi_kehadiran_dosen = true;
  });
  try {
    await operator.goto(`/kehadiran-peserta/${meeting.kelas_kuliah.id}/${meeting.id}`);
    const section = operator.getByTestId('kehadiran-pengajar');
    await expect(section.getByText('Belum Divalidasi').first()).toBeVisible();
    await section.getByRole('img', { name: 'Syarat kehadiran dosen' }).hover();
    await expect(operator.getByTestId('syarat-kehadiran-dosen')).toContainText('Dosen memulai kuliah');
    await screenshot(operator, 'lecturer-attendance-section-1280');

    const list = await lecturerAttendance(operator, meeting.id);
    const present = list.data.find((r) => r.ada_presensi)!;
    const other = list.data.find((r) => !r.ada_presensi);

    await section.getByRole('button', { name: 'Ubah Kehadiran Pengajar' }).click();
    const dialog = operator.getByRole('dialog', { name: 'Ubah Kehadiran Pengajar' });
    if (other) {
      // Present without times: the lecturer's name is in the message (spec 2 §5).
      const card = dialog
        .getByTestId('ubah-kehadiran-dosen')
        .filter({ hasText: other.pengajar.nama_lengkap });
      await card.getByRole('switch', { name: `Hadir ${other.pengajar.nama_lengkap}` }).click();
      await dialog.getByRole('button', { name: 'Simpan' }).click();
      await expect(
        card.getByText(`Memulai kuliah dosen ${other.pengajar.nama_lengkap} wajib diisi`),
      ).toBeVisible();
      await expect(
        card.getByText(`Mengakhiri kuliah dosen ${other.pengajar.nama_lengkap} wajib diisi`),
      ).toBeVisible();
      await screenshot(operator, 'lecturer-attendance-modal-1280');
      await card.getByRole('switch', { name: `Hadir ${other.pengajar.nama_lengkap}` }).click();
      // Without presence the lecturer stays unrecorded unless the operator records the absence.
      await expect(card.getByText('Belum ada presensi')).toBeVisible();
      await card.getByRole('checkbox', { name: 'Catat Tidak Hadir' }).check();
    }
    const mine = dialog
      .getByTestId('ubah-kehadiran-dosen')
      .filter({ hasText: present.pengajar.nama_lengkap });
    await mine.getByRole('checkbox', { name: 'Kehadiran valid' }).check();
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(operator.getByText('Berhasil mengubah kehadiran dosen')).toBeVisible();
    await expect(dialog).toBeHidden();
    if (other) {
      const after = await lecturerAttendance(operator, meeting.id);
      expect(after.data.find((r) => r.pengajar.id_dosen === other.pengajar.id_dosen)).toMatchObject({
        ada_presensi: true,
        is_hadir: false,
      });
    }
    const row = section.getByRole('row').filter({ hasText: present.pengajar.nama_lengkap });
    await expect(row.getByText('Hadir', { exact: true })).toBeVisible();

    await operator.setViewportSize({ width: 375, height: 740 });
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByTestId('kartu-kehadiran-dosen').first()).toBeVisible();
    await screenshot(operator, 'lecturer-attendance-section-375');
  } finally {
    await changeSettings(operator, (s) => {
      s.pengaturan_kelas.validasi_kehadiran_dosen = false;
    });
  }
  await Promise.all([lecturer.context().close(), operator.context().close()]);
});

/** GET /v2/lms/kehadiran_dosen/{id} with the page's session. */
function lecturerAttendance(page: Page, meetingId: string): Promise<LecturerAttendanceList> {
  return page.evaluate(async (id) => {
    const token = (JSON.parse(localStorage.getItem('lms.session') ?? '{}') as { accessToken?: string })
      .accessToken;
    const res = await fetch(`/v2/lms/kehadiran_dosen/${id}`, {
      headers: {
        authorization: `Bearer ${token}`,
        'college-id': localStorage.getItem('lms.college_id') ?? '',
      },
    });
    return (await res.json()) as LecturerAttendanceList;
  }, meetingId);
}
