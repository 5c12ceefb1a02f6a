import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type * as Excel from 'exceljs';
import { lectureModeLabels } from '@lms/contract/class.rules';
import { attendanceMarkLabels, progressPercent } from '@lms/contract/attendance.rules';
import type { AttendanceExportQuery, AttendanceListRow } from '@lms/contract/attendance.schema';
import { meetingCategoryLabels, meetingStatusLabels, zonedParts } from '@lms/contract/meeting.rules';
import { formatPeriodLabel } from '@lms/contract/period.rules';
import { exportFileName, neutralizeSpreadsheetCell } from '@lms/contract/spreadsheet.rules';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import type { College } from '../../platform/college.repository.ts';
import {
  getClassRecap,
  getStudentAttendanceAcrossClasses,
  iterateAttendanceList,
} from './attendance.service.ts';
import { xlsxContentType } from '../../platform/download-reply.ts';

/** A streamed spreadsheet: its file name, type and bytes. */
export interface SpreadsheetExport {
  fileName: string;
  contentType: string;
  body: Readable;
}

const text = (value: string) => neutralizeSpreadsheetCell(value);

/** A percentage cell shown as the pages show it, "0.0 %", and still a number to sort and sum. */
const percentFormat = '0.0 "%"';

function localDateTime(iso: string | null, timeZone: string): string {
  if (!iso) return '-';
  const { date, time } = zonedParts(new Date(iso), timeZone);
  return `${date} ${time.slice(0, 5)}`;
}

/** Starts a streamed workbook with one sheet and a bold header row; `fill` writes the rows. */
async function streamWorkbook(
  college: College,
  sheetName: string,
  columns: Partial<Excel.Column>[],
  fill: (sheet: Excel.Worksheet, drained: () => Promise<void>) => Promise<void>,
): Promise<Readable> {
  // Loaded when used, not at start (docs/operations.md "Libraries loaded when used").
  const { default: ExcelJS } = await import('exceljs');
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = college.nama;
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  // ExcelJS writes without waiting for the reader: between pages of rows the filler waits until a slow
  // download has taken what is queued, so memory follows the page size, not the export's size.
  const drained = async () => {
    if (stream.writableNeedDrain && !stream.destroyed) {
      await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
    }
    // The download was abandoned: stop reading pages for nobody.
    if (stream.destroyed) throw new Error('export abandoned');
  };
  void (async () => {
    await fill(sheet, drained);
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}

/**
 * GET /v2/lms/kehadiran_mahasiswa/kelas_kuliah/{id}/export_excel: the class recap, one row per student
 * with each meeting's mark (H, A, I, S, or - without presence) and the percentage. Access is checked
 * (through the recap) before the first byte.
 */
export async function exportClassRecap(
  db: Db,
  actor: Actor,
  college: College,
  kelasId: string,
  now = new Date(),
): Promise<SpreadsheetExport> {
  const recap = await getClassRecap(db, actor, college, kelasId, now);
  const columns: Partial<Excel.Column>[] = [
    { header: 'No', key: 'no', width: 6 },
    { header: 'NIM', key: 'nim', width: 16 },
    { header: 'Nama', key: 'nama', width: 30 },
    ...recap.pertemuan.map((m) => ({ header: `P${m.nomor}`, key: m.id, width: 6 })),
    { header: 'Hadir', key: 'hadir', width: 8 },
    { header: 'Persentase (%)', key: 'persen', width: 15 },
  ];
  const stream = await streamWorkbook(college, 'Rekap Kehadiran', columns, async (sheet) => {
    recap.mahasiswa.forEach((entry, i) => {
      const cells: Record<string, string | number> = {
        no: i + 1,
        nim: text(entry.mahasiswa.nim),
        nama: text(entry.mahasiswa.nama),
        hadir: entry.jumlah_hadir,
        persen: entry.persentase,
      };
      for (const cell of entry.kehadiran) cells[cell.id_pertemuan] = cell.presensi ?? '-';
      sheet.addRow(cells).commit();
    });
  });
  const { kelas_kuliah: k } = recap;
  const base = `kehadiran-${k.mata_kuliah.kode}-${k.nama}`.replace(/[^A-Za-z0-9_-]+/g, '-');
  return {
    fileName: exportFileName(base, zonedParts(now, college.timeZone).date),
    contentType: xlsxContentType,
    body: stream,
  };
}

function listRow(row: AttendanceListRow, no: number, timeZone: string) {
  const m = row.pertemuan;
  return {
    no,
    periode: formatPeriodLabel(m.kelas_kuliah.periode),
    kode: text(m.kelas_kuliah.mata_kuliah.kode),
    mata_kuliah: text(m.kelas_kuliah.mata_kuliah.nama),
    kelas: text(`${m.kelas_kuliah.nama} ${m.kelas_kuliah.jenis}`),
    pertemuan: m.nomor,
    judul: text(m.judul),
    jenis: lectureModeLabels[m.jenis],
    status: meetingStatusLabels[m.status],
    waktu: localDateTime(m.waktu_mulai, timeZone),
    peserta: row.jumlah_peserta,
    hadir: row.jumlah_hadir,
    // As the meeting's page: computed meetings show their average, 0.0 % before anything counts.
    progress: row.dihitung_sistem ? (row.rata_rata_progress ?? 0) : '-',
    update: localDateTime(row.waktu_terakhir_update_kehadiran, timeZone),
  };
}

/**
 * GET /v2/lms/kehadiran_mahasiswa/export_excel: the filtered attendance list, every row, streamed: rows
 * are read a page at a time and written as they come, so memory stays flat for any size.
 */
export async function exportAttendanceList(
  db: Db,
  actor: Actor,
  college: College,
  query: Partial<AttendanceExportQuery>,
  now = new Date(),
): Promise<SpreadsheetExport> {
  const pages = iterateAttendanceList(db, actor, college, query);
  // The first page is read before answering, so a refusal is an error status, not a broken file.
  const first = await pages.next();
  const columns: Partial<Excel.Column>[] = [
    { header: 'No', key: 'no', width: 6 },
    { header: 'Periode', key: 'periode', width: 18 },
    { header: 'Kode', key: 'kode', width: 10 },
    { header: 'Mata Kuliah', key: 'mata_kuliah', width: 30 },
    { header: 'Kelas', key: 'kelas', width: 14 },
    { header: 'Pertemuan', key: 'pertemuan', width: 10 },
    { header: 'Judul', key: 'judul', width: 30 },
    { header: 'Jenis', key: 'jenis', width: 10 },
    { header: 'Status', key: 'status', width: 18 },
    { header: 'Waktu Mulai', key: 'waktu', width: 18 },
    { header: 'Peserta', key: 'peserta', width: 9 },
    { header: 'Hadir', key: 'hadir', width: 8 },
    { header: 'Rata-rata Progress', key: 'progress', width: 18, style: { numFmt: percentFormat } },
    { header: 'Update Terakhir', key: 'update', width: 18 },
  ];
  const stream = await streamWorkbook(college, 'Kehadiran Peserta', columns, async (sheet, drained) => {
    let no = 0;
    if (!first.done)
      for (const row of first.value) sheet.addRow(listRow(row, ++no, college.timeZone)).commit();
    for await (const page of pages) {
      await drained();
      for (const row of page) sheet.addRow(listRow(row, ++no, college.timeZone)).commit();
    }
  });
  return {
    fileName: exportFileName('kehadiran-peserta', zonedParts(now, college.timeZone).date),
    contentType: xlsxContentType,
    body: stream,
  };
}

/** Where a mark comes from, in words: a person, the QR check-in, or the system by activity. */
function markSource(mark: { ada_presensi: boolean; is_qr_code: boolean; sistem: boolean }): string {
  if (mark.is_qr_code) return 'QR';
  if (mark.sistem) return 'Sistem';
  return mark.ada_presensi ? 'Manual' : '-';
}

/**
 * GET /v2/lms/kehadiran_mahasiswa/mahasiswa/{nim}/export_excel: one student's attendance across their
 * classes, one row per meeting (of a period, or all): the mark as the detail names it, where it came
 * from, and the progress as the detail shows it (0.0 % in computed meetings, - in manual ones). Access
 * is checked before the first byte.
 */
export async function exportStudentAttendance(
  db: Db,
  actor: Actor,
  college: College,
  nim: string,
  periode: number | undefined,
  now = new Date(),
): Promise<SpreadsheetExport> {
  const { student, rows } = await getStudentAttendanceAcrossClasses(db, actor, college, nim, periode, now);
  const columns: Partial<Excel.Column>[] = [
    { header: 'No', key: 'no', width: 6 },
    { header: 'NIM', key: 'nim', width: 16 },
    { header: 'Nama', key: 'nama', width: 28 },
    { header: 'Periode', key: 'periode', width: 18 },
    { header: 'Kode', key: 'kode', width: 10 },
    { header: 'Mata Kuliah', key: 'mata_kuliah', width: 30 },
    { header: 'Kelas', key: 'kelas', width: 14 },
    { header: 'Pertemuan', key: 'pertemuan', width: 10 },
    { header: 'Kategori', key: 'kategori', width: 10 },
    { header: 'Judul', key: 'judul', width: 30 },
    { header: 'Jenis', key: 'jenis', width: 10 },
    { header: 'Waktu Mulai', key: 'waktu', width: 18 },
    { header: 'Kehadiran', key: 'kehadiran', width: 20 },
    { header: 'Sumber', key: 'sumber', width: 9 },
    { header: 'Progress', key: 'progress', width: 11, style: { numFmt: percentFormat } },
  ];
  const stream = await streamWorkbook(college, 'Kehadiran Mahasiswa', columns, async (sheet) => {
    rows.forEach((row, i) => {
      const { mark, meeting } = row;
      sheet
        .addRow({
          no: i + 1,
          nim: text(student.nim),
          nama: text(student.nama),
          periode: formatPeriodLabel(row.kelas.periode),
          kode: text(row.mataKuliah.kode),
          mata_kuliah: text(row.mataKuliah.nama),
          kelas: text(`${row.kelas.nama} ${row.kelas.jenis}`),
          pertemuan: meeting.nomor,
          kategori:
            (meetingCategoryLabels as Record<string, string>)[meeting.kategori] ?? text(meeting.kategori),
          judul: text(meeting.judul),
          jenis: lectureModeLabels[meeting.jenis],
          waktu: localDateTime(meeting.waktuMulai.toISOString(), college.timeZone),
          kehadiran: mark.presensi ? attendanceMarkLabels[mark.presensi] : 'Belum Ada Presensi',
          sumber: markSource(mark),
          progress: row.dihitungSistem ? progressPercent(mark.progress.overall) : '-',
        })
        .commit();
    });
  });
  const base = `kehadiran-${student.nim}`.replace(/[^A-Za-z0-9_-]+/g, '-');
  return {
    fileName: exportFileName(base, zonedParts(now, college.timeZone).date),
    contentType: xlsxContentType,
    body: stream,
  };
}
