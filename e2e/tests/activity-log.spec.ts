import { readFileSync } from 'node:fs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import type { UserInfo } from '@lms/contract/auth.schema';
import type { ClassDetail, ClassListItem } from '@lms/contract/class.schema';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import { chooseOption, screenshot, signIn, signOut, startOfWeekWib, clickListItem } from './helpers.ts';
import { claimFirst } from './test-data.ts';

// The machines share two cores with other runs: these flows make many calls, so they get more time.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** The demo class that `mahasiswa` and `dosen` share (dosen is its main teacher). */
const sharedClassId = '20261_01_IF2102';

/** Calls the API as the signed-in user of the page (its stored token and college); answers the body. */
async function api<T>(page: Page, path: string): Promise<T> {
  const answer = await page.evaluate(async (path) => {
    const session = JSON.parse(localStorage.getItem('lms.session') ?? '{}') as { accessToken?: string };
    const response = await fetch(path, {
      headers: {
        authorization: `Bearer ${session.accessToken}`,
        'college-id': localStorage.getItem('lms.college_id') ?? '',
      },
    });
    return { status: response.status, json: (await response.json()) as unknown };
  }, path);
  if (answer.status >= 300) throw new Error(`GET ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json as T;
}

/** Opens a meeting page as the signed-in student and waits for it. */
async function openMeeting(page: Page, meeting: MeetingListItem): Promise<void> {
  await page.goto(`/kelas/${meeting.kelas_kuliah.id}/${meeting.id}`);
  await expect(page.getByText(`Pertemuan ${meeting.nomor}`, { exact: true }).first()).toBeVisible();
}

/** A pattern matching exactly this text. */
function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/** Types into a select's search box and picks the visible option holding `text`. */
async function pick(page: Page, label: string, typed: string | null, text: string | RegExp): Promise<void> {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  if (typed !== null) await box.fill(typed);
  await clickListItem(page, page.locator('.ant-select-item-option:visible', { hasText: text }).first());
}

/** The whole select (what it shows as chosen) around the combobox of a label. */
function selectOf(page: Page, label: string) {
  return page.locator('.ant-select', { has: page.getByRole('combobox', { name: label, exact: true }) });
}

test('an operator filters the activity log by class and participant, exports it and resets', async ({
  page,
}) => {
  // The participant opens two meetings of one class and one of another: class activity of the log.
  await signIn(page, 'mahasiswa');
  const me = (await api<{ data: UserInfo }>(page, '/v2/user_info')).data;
  const shared = (
    await api<{ data: MeetingListItem[] }>(
      page,
      `/v2/lms/kelas_kuliah/${sharedClassId}/pertemuan?per_page=100`,
    )
  ).data.filter((m) => m.kategori === 'kuliah');
  const [first, second] = shared;
  expect(second).toBeTruthy();
  const course = first!.kelas_kuliah.mata_kuliah;
  const { kelas, peserta } = (await api<{ data: ClassDetail }>(page, `/v2/lms/kelas_kuliah/${sharedClassId}`))
    .data;
  const { nim } = peserta.find((p) => p.nama === me.nama)!;
  await openMeeting(page, first!);
  await openMeeting(page, second!);
  const classes = (await api<{ data: ClassListItem[] }>(page, '/v2/lms/kelas_kuliah?per_page=20')).data;
  const otherClass = classes.find((c) => c.id !== sharedClassId)!;
  const [otherMeeting] = (
    await api<{ data: MeetingListItem[] }>(
      page,
      `/v2/lms/kelas_kuliah/${otherClass.id}/pertemuan?per_page=100`,
    )
  ).data.filter((m) => m.kategori === 'kuliah');
  await openMeeting(page, otherMeeting!);
  await signOut(page);

  await signIn(page, 'operator');
  await page.goto('/konfigurasi?tab=log');
  await expect(page.locator('.ant-table')).toBeVisible();

  // Kelas by course code, Peserta by nim: Terapkan copies both into the URL.
  await pick(page, 'Kelas', course.kode, exactly(`${course.kode} ${course.nama} - ${kelas.nama}`));
  await pick(page, 'Peserta', nim, `${nim} - ${me.nama}`);
  await page.getByRole('button', { name: 'Terapkan' }).click();
  await expect(page).toHaveURL(new RegExp(`id_kelas=${sharedClassId}`));
  await expect(page).toHaveURL(new RegExp(`nim=${nim}`));
  await expect(page).toHaveURL(/periode=\d{5}/);

  // The table shows what the API answers for the URL's filters (other specs' visits may add entries).
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  const filtered = await api<{ meta: { total_items: number } }>(
    page,
    `/v2/lms/log_aktivitas${new URL(page.url()).search}`,
  );
  expect(filtered.meta.total_items).toBeGreaterThanOrEqual(2);
  const shown = Math.min(filtered.meta.total_items, 10);
  await expect(rows).toHaveCount(shown);
  await expect(
    rows.filter({ hasText: `Pertemuan ${second!.nomor}: ${second!.judul}` }).first(),
  ).toBeVisible();
  for (let i = 0; i < shown; i++) {
    const row = rows.nth(i);
    await expect(row).toContainText('Membuka Pertemuan');
    await expect(row).toContainText(me.nama);
    await expect(row).toContainText(course.nama);
  }
  // The other class's meeting (its course named in the detail) is left out.
  await expect(rows.filter({ hasText: otherMeeting!.kelas_kuliah.mata_kuliah.nama })).toHaveCount(0);

  // Pertemuan lists the chosen class's meetings.
  await pick(page, 'Pertemuan', null, `Pertemuan ${second!.nomor}: ${second!.judul}`);
  await page.getByRole('button', { name: 'Terapkan' }).click();
  await expect(page).toHaveURL(new RegExp(`id_pertemuan=${second!.id}`));
  await expect(rows.first()).toContainText(`Pertemuan ${second!.nomor}: ${second!.judul}`);
  await expect(rows.filter({ hasNotText: `Pertemuan ${second!.nomor}:` })).toHaveCount(0);

  // A reload keeps the filters and shows them by name, not by id.
  await page.reload();
  await expect(selectOf(page, 'Kelas')).toContainText(course.nama);
  await expect(selectOf(page, 'Peserta')).toContainText(me.nama);
  await screenshot(page, 'log-aktivitas-filter-1280', { fullPage: true });
  // Phones fold the less common filters away, counting the chosen ones on the toggle.
  await page.setViewportSize({ width: 375, height: 740 });
  const more = page.getByRole('button', { name: 'Filter Lainnya (3)' });
  await expect(more).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Peserta' })).toHaveCount(0);
  await screenshot(page, 'log-aktivitas-filter-375', { fullPage: true });
  await more.click();
  await expect(selectOf(page, 'Peserta')).toContainText(me.nama);
  await screenshot(page, 'log-aktivitas-filter-375-open', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The export has exactly the filtered entries.
  const query = new URL(page.url()).search;
  const listed = await api<{ meta: { total_items: number } }>(page, `/v2/lms/log_aktivitas${query}`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Ekspor Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^log-aktivitas-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Log Aktivitas')!;
  const exported = sheet.getSheetValues().slice(2) as unknown[][];
  expect(exported.length).toBe(listed.meta.total_items);
  expect(exported.length).toBeGreaterThanOrEqual(1);
  for (const row of exported) {
    expect(row[3]).toBe(me.username);
    expect(row[4]).toBe(me.nama);
    expect(row[6]).toBe('Membuka Pertemuan');
    expect(String(row[7])).toContain(`Pertemuan ${second!.nomor}: ${second!.judul}`);
  }

  // Reset Filter: back to the current period only.
  await page.getByRole('button', { name: 'Reset Filter' }).click();
  await expect(page).not.toHaveURL(/id_kelas=|nim=|id_pertemuan=/);
  await expect(page).toHaveURL(/periode=\d{5}/);
  await expect(selectOf(page, 'Peserta')).not.toContainText(me.nama);
  await expect(rows.filter({ hasNotText: 'Membuka Pertemuan' }).first()).toBeVisible();
});

test('an operator filters the log by meeting mode, validation, file kind and size', async ({ page }) => {
  await signIn(page, 'operator');
  await page.goto('/konfigurasi?tab=log');
  await expect(page.locator('.ant-table')).toBeVisible();

  await pick(page, 'Mode Pertemuan', null, exactly('Online'));
  await pick(page, 'Kategori Pertemuan', null, exactly('Kuliah'));
  await pick(page, 'Status Pertemuan', null, exactly('Telah Berakhir'));
  await pick(page, 'Validasi', null, exactly('Belum Validasi'));
  await pick(page, 'Jenis File', 'lampiran', exactly('Lampiran Tugas'));
  await page.getByRole('spinbutton', { name: 'Ukuran File Minimal (MB)' }).fill('2.5');
  await screenshot(page, 'log-aktivitas-filter-baru-1280', { fullPage: true });
  await page.getByRole('button', { name: 'Terapkan' }).click();
  // Every chosen filter is in the address bar; the size in bytes (1 MB = 1,000,000 bytes).
  for (const part of [
    'mode=online',
    'type=kuliah',
    'status=selesai',
    'is_valid=false',
    'kind=lampiran_tugas',
    'size_gte=2500000',
  ]) {
    await expect(page).toHaveURL(new RegExp(`[?&]${part}(&|$)`));
  }
  // The list is what the API answers for those filters (no upload is logged yet: none).
  const listed = await api<{ meta: { total_items: number } }>(
    page,
    `/v2/lms/log_aktivitas${new URL(page.url()).search}`,
  );
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(
    Math.min(listed.meta.total_items, 10),
  );

  // A reload shows the choices again; Reset Filter drops them.
  await page.reload();
  await expect(selectOf(page, 'Mode Pertemuan')).toContainText('Online');
  await expect(selectOf(page, 'Validasi')).toContainText('Belum Validasi');
  await expect(page.getByRole('spinbutton', { name: 'Ukuran File Minimal (MB)' })).toHaveValue('2.5');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('button', { name: 'Filter Lainnya (6)' }).click();
  await screenshot(page, 'log-aktivitas-filter-baru-375', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Reset Filter' }).click();
  await expect(page).not.toHaveURL(/mode=|type=|status=|is_valid=|kind=|size_gte=/);
  await expect(page).toHaveURL(/periode=\d{5}/);
});

test("an operator sees one lecturer's timetable", async ({ page }) => {
  await signIn(page, 'operator');
  const detail = (
    await api<{
      data: { pengajar: { id: string; nama_pengajar: string; nidn: string; is_utama: boolean }[] };
    }>(page, `/v2/lms/kelas_kuliah/${sharedClassId}`)
  ).data;
  const lecturer = detail.pengajar.find((p) => p.is_utama)!;
  await page.goto('/jadwal');
  const grid = page.getByRole('grid', { name: 'Jadwal' });
  await expect(grid.getByRole('link').first()).toBeVisible();
  const all = await grid.getByRole('link').count();

  await pick(page, 'Dosen', lecturer.nama_pengajar, `(${lecturer.nidn})`);
  await expect(page).toHaveURL(new RegExp(`dosen=${lecturer.id}`));
  await expect.poll(async () => grid.getByRole('link').count()).toBeLessThan(all);

  // Exactly the lecturer's meetings of the shown week (the API with the same filter says which).
  const weekStart = startOfWeekWib();
  const end = new Date(weekStart.getTime() + 7 * 86_400_000);
  const week = (
    await api<{ data: MeetingListItem[] }>(
      page,
      `/v2/lms/jadwal?waktu_mulai=${weekStart.toISOString()}&waktu_selesai=${end.toISOString()}&periode=20261&id_dosen=${lecturer.id}`,
    )
  ).data;
  expect(week.length).toBeGreaterThan(0);
  await expect(grid.getByRole('link')).toHaveCount(week.length);
  for (const meeting of week) await expect(grid.locator(`a[href="/pertemuan/${meeting.id}"]`)).toHaveCount(1);
  await screenshot(page, 'jadwal-dosen-1280', { fullPage: true });

  // The filter survives a reload with the lecturer's name shown; Reset clears it.
  await page.reload();
  await expect(selectOf(page, 'Dosen')).toContainText(lecturer.nama_pengajar);
  await page.getByRole('button', { name: 'Reset Filter' }).click();
  await expect(page).not.toHaveURL(/dosen=/);
  await expect.poll(async () => grid.getByRole('link').count()).toBe(all);
});

test("an operator's class edit is in the activity log with its old and new values, on phones too", async ({
  page,
}) => {
  await signIn(page, 'operator');
  // A Sistem Informasi class no other spec edits, claimed (a repeat running beside takes another); the
  // capacity goes one up from what it is and the method flips, so the test owns no starting state.
  const kelas = claimFirst(
    (await api<{ data: ClassListItem[] }>(page, '/v2/lms/kelas_kuliah?periode=20261&search=SI21')).data,
    'Sistem Informasi class',
  );
  const before = kelas.kapasitas;
  const after = before + 1;
  const name = `${kelas.mata_kuliah.nama} ${kelas.kelas.nama}`;
  const { metode_pengajaran: method } = (
    await api<{ data: ClassDetail }>(page, `/v2/lms/kelas_kuliah/${kelas.id}`)
  ).data;
  const nextMethod = method === 'Individu' ? 'Team Teaching' : 'Individu';

  // Ubah Data Kelas in the class page, as an operator does it.
  await page.goto(`/kelas/${kelas.id}`);
  await page.getByRole('button', { name: 'Ubah Kelas' }).click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByText('Ubah Data Kelas', { exact: true }) });
  await dialog.getByLabel('Kapasitas').fill(String(after));
  await chooseOption(page, dialog, 'Metode Pengajaran', nextMethod);
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Data kelas berhasil diubah')).toBeVisible();

  // The log, filtered to the kind: the entry names the class and says Kapasitas: old → new.
  await page.goto('/konfigurasi?tab=log');
  await expect(page.locator('.ant-table')).toBeVisible();
  await pick(page, 'Jenis Aktivitas', 'Ubah Data', exactly('Ubah Data Kelas'));
  await page.getByRole('button', { name: 'Terapkan' }).click();
  await expect(page).toHaveURL(/jenis=ubah_kelas/);
  const entry = page
    .locator('.ant-table-tbody tr.ant-table-row')
    .filter({ hasText: `Kapasitas: ${before} → ${after}` })
    .first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(`Mengubah data kelas ${name}`);
  await expect(entry).toContainText('Ubah Data Kelas');
  await expect(entry).toContainText('operator');
  // Only what changed, in the dialog's order; the fields saved as they were are not listed.
  await expect(entry.getByRole('list', { name: 'Perubahan' }).getByRole('listitem')).toHaveText([
    `Kapasitas: ${before} → ${after}`,
    `Metode Pengajaran: ${method} → ${nextMethod}`,
  ]);
  await screenshot(page, 'log-aktivitas-perubahan-1280', { fullPage: true });

  // Phones list the entries as cards with the change in full, nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 812 });
  const card = page
    .getByRole('list', { name: 'Log aktivitas' })
    .getByRole('listitem')
    .filter({ hasText: `Kapasitas: ${before} → ${after}` })
    .first();
  await expect(card).toBeVisible();
  await expect(card).toContainText(`Mengubah data kelas ${name}`);
  await expect(card).toContainText(`Metode Pengajaran: ${method} → ${nextMethod}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // A full-page shot of a scrolled page repeats the sticky header in the middle.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'log-aktivitas-perubahan-375', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The operator's own Riwayat Aktivitas shows the change too.
  await page.goto('/profil');
  await page.getByRole('tab', { name: 'Riwayat Aktivitas' }).click();
  await expect(page.getByText(`Kapasitas: ${before} → ${after}`).first()).toBeVisible();
  await screenshot(page, 'riwayat-aktivitas-perubahan-1280', { fullPage: true });
});
