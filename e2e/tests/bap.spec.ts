import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  api,
  clickListItem,
  expectNoSeriousAxeViolations,
  signIn,
  screenshot,
  screenshotBothWidths,
} from './helpers.ts';
import { claimFirst } from './test-data.ts';

// The demo lecturer dosen (Dr. Budi Santoso) teaches Informatika courses; its program head signs.
const lecturerName = 'Dr. Budi Santoso, S.Kom., M.Kom.';
const programHead = 'Dr. Hendra Gunawan, S.Kom., M.T.';
// Rendering and unzipping PDFs on a shared, busy machine takes longer than the default minute.
test.describe.configure({ timeout: 180_000 });

/** The text of a PDF (pdfjs-dist's legacy build, the one meant for Node). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    text += content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
      .join('');
  }
  await doc.destroy();
  return text.replace(/[ \t]+/g, ' ');
}

async function downloadFrom(page: Page): Promise<{ name: string; bytes: Buffer }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('dialog').getByRole('button', { name: 'Unduh', exact: true }).click();
  const download = await downloading;
  return { name: download.suggestedFilename(), bytes: readFileSync((await download.path())!) };
}

test('a lecturer downloads Laporan Saya with signatures from the class page', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'dosen');
  // A class of theirs where they recorded lectures (as its coordinator they are not recorded in the shared
  // class), and the meetings they attended (the demo college does not validate lecturer attendance).
  const classes = await api<
    Array<{ id: string; mata_kuliah: { kode: string; nama: string }; kelas: { nama: string } }>
  >(page, 'GET', '/v2/lms/kelas_kuliah?per_page=100');
  let chosen: (typeof classes)[number] | undefined;
  let held: Array<{ id: string; nomor: number; judul: string; waktu_mulai: string }> = [];
  const attended: number[] = [];
  for (const cls of classes) {
    const meetings = await api<typeof held>(
      page,
      'GET',
      `/v2/lms/kelas_kuliah/${cls.id}/pertemuan?per_page=100`,
    );
    held = meetings.filter((m) => new Date(m.waktu_mulai).getTime() <= Date.now());
    for (const m of held) {
      const own = await api<{ kehadiran: { is_hadir: boolean } | null }>(
        page,
        'GET',
        `/v2/lms/kehadiran_dosen/${m.id}/me`,
      );
      if (own.kehadiran?.is_hadir) attended.push(m.nomor);
    }
    if (attended.length > 0) {
      chosen = cls;
      break;
    }
  }
  expect(chosen).toBeDefined();
  const classId = chosen!.id;

  await page.goto(`/kelas/${classId}`);
  await page.getByRole('button', { name: 'Unduh BAP' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Jenis Laporan')).toBeVisible();
  await dialog.locator('label.ant-radio-button-wrapper', { hasText: 'Laporan Saya' }).click();
  await expect(
    dialog.getByText('Hanya pertemuan yang Anda hadiri dan telah divalidasi operator.'),
  ).toBeVisible();
  await dialog.getByLabel('Sertakan Laporan Detail Pertemuan').check();
  await dialog
    .getByRole('img', { name: /Tanda tangan oleh Ketua Program Studi dan dosen pengajar\./ })
    .hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Tanda tangan oleh Ketua Program Studi dan dosen pengajar.',
  );
  await expectNoSeriousAxeViolations(page);
  await screenshot(page, 'bap-modal-1280');

  const { name, bytes } = await downloadFrom(page);
  expect(name).toBe(
    `BAP - ${chosen!.mata_kuliah.kode} ${chosen!.mata_kuliah.nama} ${chosen!.kelas.nama} Reguler.pdf`,
  );
  await expect(dialog).toBeHidden();
  const text = await pdfText(bytes);
  expect(text).toContain('BERITA ACARA PERKULIAHAN');
  expect(text).toContain(`Laporan Saya: ${lecturerName}`);
  // Exactly the attended meetings, each with its detail.
  const numbers = [...text.matchAll(/Pertemuan (\d+):/g)].map((m) => Number(m[1]));
  expect(numbers.sort((a, b) => a - b)).toEqual([...attended].sort((a, b) => a - b));
  for (const nomor of attended) {
    expect(text).toContain(held.find((m) => m.nomor === nomor)!.judul);
  }
  // Signed by the program head and the lecturer.
  const signatures = text.slice(text.lastIndexOf('Mengetahui'));
  expect(signatures).toContain(programHead);
  expect(signatures).toContain(lecturerName);
  expect(text).toMatch(/Halaman 1 dari \d+/);

  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('button', { name: 'Unduh BAP' }).click();
  await expect(page.getByRole('dialog').getByText('Jenis Laporan')).toBeVisible();
  await screenshot(page, 'bap-modal-375');
  await context.close();
});

test('an operator downloads Unduh Semua BAP for a filtered period', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'operator');
  const search = 'Basis Data';
  await page.goto(`/kelas?search=${encodeURIComponent(search)}`);
  await expect(page.getByRole('button', { name: /^Unduh BAP Basis Data/ }).first()).toBeVisible();
  await screenshot(page, 'bap-class-list-1280', { fullPage: true });
  const periods = await api<Array<{ kode: number; is_current: boolean }>>(
    page,
    'GET',
    '/v1/periode_ref?per_page=100',
  );
  const periode = periods.find((p) => p.is_current)!.kode;
  const listed = await api<Array<{ mata_kuliah: { nama: string }; kelas: { nama: string } }>>(
    page,
    'GET',
    `/v2/lms/kelas_kuliah?periode=${periode}&search=${encodeURIComponent(search)}&per_page=100`,
  );
  expect(listed.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Unduh Semua BAP' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Unduh Semua BAP')).toBeVisible();
  // Not a lecturer: no Laporan Saya, and the head and main lecturer sign.
  await expect(dialog.getByText('Jenis Laporan')).toHaveCount(0);
  await expect(dialog.getByRole('img', { name: /dosen pengajar utama/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await screenshot(page, 'bap-all-modal-1280');
  const { name, bytes } = await downloadFrom(page);
  expect(name).toBe(`BAP - ${periode}.zip`);
  const zip = await JSZip.loadAsync(bytes);
  const files = Object.values(zip.files);
  expect(files).toHaveLength(listed.length);
  for (const file of files) {
    expect(file.name).toMatch(/^BAP - .+\.pdf$/);
    const text = await pdfText(await file.async('uint8array'));
    expect(text).toContain('Laporan Kelas');
    expect(text).toContain(search);
    expect(text).toContain('Dosen Pengajar Utama');
  }
  await context.close();
});

test('an operator sets a program signatory in Konfigurasi; the BAP is signed with the new name', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'operator');
  // A program other than Informatika (the other tests here look at its head), claimed: a repeat running
  // beside this one signs another program's BAP.
  const claimed = claimFirst(
    [
      { id: 'penandatangan-SI', nama: 'Sistem Informasi', course: 'Pengantar Sistem Informasi' },
      { id: 'penandatangan-AK', nama: 'Akuntansi', course: 'Pengantar Akuntansi I' },
    ],
    'program signatory',
  );
  const programs = await api<Array<{ id: string; nama: string; jenjang: string }>>(
    page,
    'GET',
    '/v1/prodi_ref?per_page=100',
  );
  const program = programs.find((p) => p.nama === claimed.nama)!;
  const original = await api<{ nama: string; jabatan: string; nidn: string | null; nip: string | null }>(
    page,
    'GET',
    `/v1/penandatangan_prodi/${program.id}`,
  );
  const head = `Dr. Uji ${Date.now().toString(36)}, M.Kom.`;
  try {
    await page.goto('/konfigurasi?tab=penandatangan');
    const select = page.getByLabel('Program Studi');
    await select.fill(claimed.nama);
    await clickListItem(
      page,
      page.locator('.ant-select-item-option').filter({ hasText: new RegExp(`^S1 ${claimed.nama}$`) }),
    );
    await expect(page.getByText(`${original.nama} (${original.jabatan})`)).toBeVisible();
    await page.getByLabel('Nama Lengkap dan Gelar').fill(head);
    await page.getByLabel('NIP').fill('198001012005011999');
    await expectNoSeriousAxeViolations(page);
    await screenshotBothWidths(page, 'signatory');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Penandatangan program studi tersimpan')).toBeVisible();
    await expect(page.getByText(`${head} (Ketua Program Studi)`)).toBeVisible();

    const search = claimed.course;
    await page.goto(`/kelas?search=${encodeURIComponent(search)}`);
    await page
      .getByRole('button', { name: new RegExp(`^Unduh BAP ${search}`) })
      .first()
      .click();
    const { bytes } = await downloadFrom(page);
    const text = await pdfText(bytes);
    expect(text).toContain(head);
    expect(text).toContain('198001012005011999');
    expect(text).not.toContain(original.nama);
  } finally {
    await api(page, 'PUT', `/v1/penandatangan_prodi/${program.id}`, {
      nama: original.nama,
      jabatan: original.jabatan,
      nidn: original.nidn,
      nip: original.nip,
    });
  }
  await context.close();
});
