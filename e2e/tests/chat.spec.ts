import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import type { ClassGroups } from '@lms/contract/task-group.schema';
import type { Task } from '@lms/contract/task.schema';
import { api, expectNoSeriousAxeViolations, signIn, clickListItem, screenshotBothWidths } from './helpers.ts';
import { tryTag } from './test-data.ts';

test.describe.configure({ timeout: 240_000, mode: 'serial' });
const expect = baseExpect.configure({ timeout: 30_000 });

const classId = '20261_01_IF2102';

async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username);
  return page;
}

/** Writes a message in the thread panel inside `scope` and sends it. */
async function say(scope: ReturnType<Page['locator']>, text: string) {
  await scope.getByRole('textbox', { name: 'Tulis pesan' }).fill(text);
  await scope.getByRole('button', { name: 'Kirim' }).click();
  // In the thread, not the box it was typed in (which holds it until the send is answered).
  await expect(scope.locator('.chat-message').getByText(text)).toBeVisible();
}

test('a student and the lecturer exchange comments on a task, each seeing the other arrive without reloading', async ({
  browser,
}) => {
  const lecturer = await signedInPage(browser, 'dosen');
  const meetings = await api<MeetingListItem[]>(
    lecturer,
    'GET',
    `/v2/lms/kelas_kuliah/${classId}/pertemuan?per_page=20`,
  );
  const meeting = meetings.filter((m) => m.status === 'belum_dimulai').at(-2)!;
  const task = await api<Task>(lecturer, 'POST', '/v2/lms/tugas', {
    id_pertemuan: meeting.id,
    judul: 'Tugas Komentar E2E',
    deskripsi: '<p>Tulis ringkasan bab 2.</p>',
    jenis: 'individu',
    waktu_mulai: new Date(Date.now() - 60_000).toISOString(),
    waktu_selesai: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    tipe_file_jawaban: ['pdf'],
    terima_terlambat: false,
  });

  const student = await signedInPage(browser, 'mahasiswa');
  await student.goto(`/tugas/${task.id}`);
  const studentThread = student.locator('.ant-card').filter({ hasText: 'Komentar' });
  await expect(studentThread.getByText('Belum ada komentar.')).toBeVisible();
  await say(studentThread, 'Pak, apakah ringkasan boleh dalam bentuk tabel?');

  await lecturer.goto(`/kelas/${classId}/tugas/${task.id}`);
  const picker = lecturer.getByRole('combobox', { name: 'Pilih mahasiswa' });
  const myName = (await api<{ nama: string }>(student, 'GET', '/v2/user_info')).nama;
  await picker.click();
  await picker.fill(myName);
  await clickListItem(
    lecturer,
    lecturer.locator('.ant-select-item-option').filter({ hasText: myName }).first(),
  );
  const lecturerThread = lecturer.locator('.ant-card').filter({ hasText: `Komentar ${myName}` });
  await expect(lecturerThread.getByText('Pak, apakah ringkasan boleh dalam bentuk tabel?')).toBeVisible();
  await say(lecturerThread, 'Boleh, asal ada penjelasannya.');
  // Live: the student's open page receives the answer without a reload.
  await expect(studentThread.getByText('Boleh, asal ada penjelasannya.')).toBeVisible();
  await say(studentThread, 'Baik, terima kasih.');
  await expect(lecturerThread.getByText('Baik, terima kasih.')).toBeVisible();

  // The author deletes their message; its place stays.
  await studentThread.getByRole('button', { name: 'Hapus pesan' }).last().click();
  await student.getByRole('dialog').getByRole('button', { name: 'Hapus' }).click();
  await expect(studentThread.getByText('Pesan ini telah dihapus.')).toBeVisible();
  await expect(lecturerThread.getByText('Pesan ini telah dihapus.')).toBeVisible();

  await expectNoSeriousAxeViolations(student);
  await expectNoSeriousAxeViolations(lecturer);
  await screenshotBothWidths(student, 'chat-task-comments-student');
  await screenshotBothWidths(lecturer, 'chat-task-comments-lecturer');
});

test("a task group's Percakapan: the lecturer writes, a member reads it live and answers", async ({
  browser,
}) => {
  const lecturer = await signedInPage(browser, 'dosen');
  const student = await signedInPage(browser, 'mahasiswa');
  const groups = await api<ClassGroups>(student, 'GET', `/v2/lms/kelas_kuliah/${classId}/kelompok`);
  const myName = (await api<{ nama: string }>(student, 'GET', '/v2/user_info')).nama;
  const mine = groups.kelompok.find((g) => g.anggota.some((a) => a.mahasiswa.nama === myName))!;
  const other = groups.kelompok.find((g) => g.id !== mine.id)!;

  await student.goto(`/kelas/${classId}/kelompok`);
  await expect(student.getByRole('button', { name: `Percakapan ${mine.nama}` })).toBeVisible();
  // Only one's own group's conversation is offered to a student.
  await expect(student.getByRole('button', { name: `Percakapan ${other.nama}` })).toHaveCount(0);
  await student.getByRole('button', { name: `Percakapan ${mine.nama}` }).click();
  const studentModal = student.getByRole('dialog', { name: `Percakapan ${mine.nama}` });
  await expect(
    studentModal.getByText('Belum ada pesan.').or(studentModal.locator('.chat-message').first()),
  ).toBeVisible();

  await lecturer.goto(`/kelas/${classId}/kelompok`);
  await lecturer.getByRole('button', { name: `Percakapan ${mine.nama}` }).click();
  const lecturerModal = lecturer.getByRole('dialog', { name: `Percakapan ${mine.nama}` });
  // The group's thread keeps earlier tries' messages: this try's are its own.
  const tag = tryTag();
  await say(lecturerModal, `Kelompok ini presentasi minggu depan (${tag}).`);
  await expect(studentModal.getByText(`Kelompok ini presentasi minggu depan (${tag}).`)).toBeVisible();
  await say(studentModal, `Siap, Pak (${tag}).`);
  await expect(lecturerModal.getByText(`Siap, Pak (${tag}).`)).toBeVisible();
  await expectNoSeriousAxeViolations(lecturer);
  await screenshotBothWidths(lecturer, 'chat-group-percakapan');
  await studentModal.locator('.ant-modal-footer').getByRole('button', { name: 'Tutup' }).click();
  await expect(studentModal).toBeHidden();
});
