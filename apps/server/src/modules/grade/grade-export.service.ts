import { PassThrough, type Readable } from 'node:stream';
import type * as Excel from 'exceljs';
import { formatRecapScore, gradeTypeLabels, noScore } from '@lms/contract/grade.rules';
import type { RecapExportQuery } from '@lms/contract/grade.schema';
import { zonedParts } from '@lms/contract/meeting.rules';
import { exportFileName, neutralizeSpreadsheetCell } from '@lms/contract/spreadsheet.rules';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import type { College } from '../../platform/college.repository.ts';
import type { SiakadPlatform } from '../siakad/siakad.api.ts';
import { getGradeRecap } from './grade-recap.service.ts';
import { xlsxContentType } from '../../platform/download-reply.ts';

/** A streamed spreadsheet: its file name, type and bytes. */
export interface GradeSpreadsheet {
  fileName: string;
  contentType: string;
  body: Readable;
}

const text = (value: string) => neutralizeSpreadsheetCell(value);
/** Numbers stay numbers in the sheet; "no value" is "-". */
const cell = (value: number) => (value === noScore ? '-' : Number(formatRecapScore(value)));

/**
 * GET /v2/lms/nilai/kelas_kuliah/{id}/export_excel: the recap with the Tampilkan boxes as flags (an
 * absent flag counts as shown): activity and average columns of the shown types, SIAKAD components by
 * weight (> 0 %, = 0 %). Access is checked (through the recap) before the first byte.
 */
export async function exportGradeRecap(
  db: Db,
  actor: Actor,
  college: College,
  platform: SiakadPlatform,
  kelasId: string,
  query: RecapExportQuery,
  now = new Date(),
): Promise<GradeSpreadsheet> {
  const recap = await getGradeRecap(db, actor, college, platform, kelasId, now);
  const shown = (type: keyof typeof gradeTypeLabels) => query[type] !== false;
  const activities = recap.header_aktivitas.filter((a) => shown(a.aktivitas.jenis));
  const averages = recap.header_rerata.filter((r) => shown(r.jenis));
  const components = recap.header_sikad.filter((k) =>
    k.bobot > 0 ? query.sikad_lebih_0 !== false : query.sikad_sama_0 !== false,
  );
  const columns: Partial<Excel.Column>[] = [
    { header: 'No', key: 'no', width: 6 },
    { header: 'NIM', key: 'nim', width: 16 },
    { header: 'Nama', key: 'nama', width: 30 },
    ...activities.map((a) => ({
      header: text(`${a.label_pertemuan} - ${gradeTypeLabels[a.aktivitas.jenis]}: ${a.aktivitas.label}`),
      key: `a:${a.aktivitas.id}`,
      width: 18,
    })),
    ...averages.map((r) => ({ header: r.label, key: `r:${r.jenis}`, width: 14 })),
    ...components.map((k) => ({ header: text(`${k.label} (${k.bobot}%)`), key: `k:${k.id}`, width: 16 })),
  ];
  const stream = new PassThrough();
  // Loaded when used, not at start (docs/operations.md "Libraries loaded when used").
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = college.nama;
  const sheet = workbook.addWorksheet('Rekap Nilai');
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    recap.nilai_mahasiswa.forEach((row, i) => {
      const cells: Record<string, string | number> = {
        no: i + 1,
        nim: text(row.mahasiswa.nim),
        nama: text(row.mahasiswa.nama),
      };
      for (const v of row.nilai_pertemuan) cells[`a:${v.aktivitas}`] = cell(v.nilai);
      for (const v of row.rata_rata_lms) cells[`r:${v.jenis}`] = cell(v.rata_rata);
      for (const v of row.nilai_sikad) cells[`k:${v.komponen.id}`] = cell(v.nilai);
      sheet.addRow(cells).commit();
    });
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => stream.destroy(error as Error));
  const k = recap.kelas;
  const base = `nilai-${k.mata_kuliah.kode}-${k.kelas.nama}`.replace(/[^A-Za-z0-9_-]+/g, '-');
  return {
    fileName: exportFileName(base, zonedParts(now, college.timeZone).date),
    contentType: xlsxContentType,
    body: stream,
  };
}
