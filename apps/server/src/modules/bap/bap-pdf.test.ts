import { describe, expect, it } from 'vitest';
import { runInWorker } from '../../platform/worker-pool.ts';
import { withEventLoopGap } from '../../testing/event-loop-gap.ts';
import { pdfPages } from '../../testing/pdf-text.ts';
import { tinyPng } from '../../testing/requests.ts';
import { keepTogetherBreak, renderBapPdf } from './bap-pdf.ts';
import type { BapReport, ReportMeeting } from './bap-report.ts';

async function pagesOf(report: BapReport): Promise<string[]> {
  const doc = await renderBapPdf(report);
  const chunks: Buffer[] = [];
  for await (const chunk of doc as AsyncIterable<Buffer>) chunks.push(chunk);
  return pdfPages(Buffer.concat(chunks));
}

const meeting = (nomor: number, students: number): ReportMeeting => ({
  nomor,
  judul: `Materi pertemuan ${nomor}`,
  tanggal: 'Senin, 2 Maret 2026',
  waktu: '08:00 - 09:40 WIB',
  metode: 'Online',
  dosen: ['Dr. Budi Santoso (Hadir)'],
  hadir: students,
  peserta: students,
  mahasiswa: Array.from({ length: students }, (_, i) => ({
    nim: `NIM${String(nomor).padStart(2, '0')}${String(i + 1).padStart(3, '0')}`,
    nama: `Mahasiswa ${i + 1}`,
    presensi: 'Hadir',
    cara: 'Sistem',
  })),
});

const report = (meetings: ReportMeeting[], detail: boolean, lecturers = 1): BapReport => ({
  college: {
    nama: 'Universitas Contoh',
    alamat: 'Jl. Contoh No. 1',
    timeZone: 'Asia/Jakarta',
    timeZoneLabel: 'WIB',
    logo: null,
    initials: 'UC',
    logoColor: '#1d4ed8',
  },
  judul: 'BERITA ACARA PERKULIAHAN',
  subjudul: 'Semester Genap 2025/2026',
  kelas: {
    mataKuliah: 'IF2102 Basis Data',
    kelas: '01',
    sks: 3,
    prodi: 'Informatika',
    periode: '2025/2026 Genap',
    metodePengajaran: 'Tatap muka',
    modeKuliah: 'Online',
    jumlahPeserta: 30,
  },
  pengajar: ['Dr. Budi Santoso'],
  includeKelas: !detail,
  includeDetail: detail,
  meetings,
  signers: {
    kepala: { peran: 'Ketua Program Studi', nama: 'Dr. Kepala', nomor: 'NIP 1' },
    dosen: Array.from({ length: lecturers }, (_, i) => ({
      peran: 'Dosen Pengampu',
      nama: `Dosen ${i + 1}`,
      nomor: `NIDN ${i + 1}`,
    })),
  },
  tanggalCetak: 'Jakarta, 2 Maret 2026',
});

/** A page holds table rows when it shows one of the rows' own texts. */
const hasRows = (page: string, rowText: RegExp) => rowText.test(page);

describe('BAP PDF: the signature block stays with the last rows (issue 45)', () => {
  it('never puts the signature alone on a page of a class report, whatever the number of meetings', async () => {
    for (let n = 14; n <= 30; n += 1) {
      for (const lecturers of [1, 3]) {
        const pages = await pagesOf(
          report(
            Array.from({ length: n }, (_, i) => meeting(i + 1, 30)),
            false,
            lecturers,
          ),
        );
        const last = pages.at(-1)!;
        expect(last, `${n} meetings, ${lecturers} lecturers`).toContain('Mengetahui');
        expect(hasRows(last, /Materi pertemuan \d+/), `${n} meetings: rows on the last page`).toBe(true);
        expect(last).toContain(`Materi pertemuan ${n}`);
        pages.slice(0, -1).forEach((page) => expect(page).not.toContain('Mengetahui'));
      }
    }
  });

  it("keeps the last meeting's rows with the signature in a detailed report", async () => {
    for (let students = 20; students <= 60; students += 2) {
      const pages = await pagesOf(report([meeting(1, students)], true));
      const last = pages.at(-1)!;
      expect(last, `${students} students`).toContain('Mengetahui');
      expect(hasRows(last, /NIM01\d{3}/), `${students} students: rows on the last page`).toBe(true);
    }
  });
});

describe('BAP PDF drawn in a worker thread', () => {
  it('keeps the event loop answering while a class of thousands is drawn, with the logo sent as bytes', async () => {
    const base = report([meeting(1, 3_000)], true);
    const large = { ...base, college: { ...base.college, logo: tinyPng() } };
    // Drawn on this thread, the same report held the event loop for 0.6 s.
    const { result, longestGapMs } = await withEventLoopGap(() => runInWorker('renderBapPdfTask', large));
    const bytes = Buffer.from(result);
    const pages = await pdfPages(bytes);
    expect(pages.at(-1)).toContain('Mengetahui');
    expect(pages.join('\n')).toContain('NIM013000');
    expect(bytes.includes('/Subtype /Image')).toBe(true);
    expect(longestGapMs).toBeLessThan(300);
  });
});

describe('keepTogetherBreak', () => {
  const page = { bottom: 774, pageTop: 40, headerHeight: 18 };
  it('breaks before the last rows when they and the signature do not fit below', () => {
    expect(keepTogetherBreak({ ...page, y: 600, tailRowHeights: [30, 30], after: 136 })).toBe(true);
    expect(keepTogetherBreak({ ...page, y: 500, tailRowHeights: [30, 30], after: 136 })).toBe(false);
  });
  it('does not break with nothing after the table, nor for what would not fit on a fresh page', () => {
    expect(keepTogetherBreak({ ...page, y: 700, tailRowHeights: [30, 30], after: 0 })).toBe(false);
    expect(keepTogetherBreak({ ...page, y: 700, tailRowHeights: [400, 400], after: 136 })).toBe(false);
  });
});
