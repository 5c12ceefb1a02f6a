import { questionKindLabels } from '@lms/contract/exam.rules';
import { itemFlagLabels } from '@lms/contract/item-analysis.rules';
import { neutralizeSpreadsheetCell } from '@lms/contract/spreadsheet.rules';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import type { College } from '../../platform/college.repository.ts';
import { analyseExamForExport } from './exam-analysis.service.ts';

/**
 * GET /v2/lms/ujian/{id}/analisis_soal/export: the item analysis as an xlsx, one row per question (an
 * exam has at most a few hundred questions, so the workbook is built in memory).
 */
export async function exportItemAnalysis(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
): Promise<{ fileName: string; buffer: Buffer }> {
  const { judul, analysis } = await analyseExamForExport(db, actor, college, id);
  // Loaded when used, not at start (docs/operations.md "Libraries loaded when used").
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = college.nama;
  const sheet = workbook.addWorksheet('Analisis Soal');
  sheet.columns = [
    { header: 'No', key: 'nomor', width: 6 },
    { header: 'Jenis', key: 'jenis', width: 20 },
    { header: 'Pertanyaan', key: 'pertanyaan', width: 48 },
    { header: 'Peserta', key: 'peserta', width: 10 },
    { header: 'Rata-rata Nilai', key: 'rata', width: 14 },
    { header: 'Tingkat Kemudahan', key: 'kemudahan', width: 18 },
    { header: 'Benar Penuh', key: 'benar', width: 12 },
    { header: 'Daya Beda', key: 'beda', width: 12 },
    { header: 'Daya Beda (27 %)', key: 'kelompok', width: 16 },
    { header: 'Sebaran Jawaban', key: 'sebaran', width: 36 },
    { header: 'Tanda', key: 'tanda', width: 36 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const q of analysis.soal) {
    sheet.addRow({
      nomor: q.nomor,
      jenis: questionKindLabels[q.jenis],
      pertanyaan: neutralizeSpreadsheetCell(q.pertanyaan),
      peserta: q.jumlah_peserta,
      rata: q.rata_rata_nilai,
      kemudahan: q.tingkat_kemudahan,
      benar: q.proporsi_benar,
      beda: q.daya_beda,
      kelompok: q.daya_beda_kelompok,
      sebaran: neutralizeSpreadsheetCell(
        q.sebaran.map((o) => `${o.label}${o.kunci ? '*' : ''}: ${o.jumlah}`).join(', '),
      ),
      tanda: q.tanda.map((t) => itemFlagLabels[t]).join(', '),
    });
  }
  for (const key of ['kemudahan', 'benar', 'beda', 'kelompok']) sheet.getColumn(key).numFmt = '0.00';
  sheet.addRow({});
  sheet.addRow({
    pertanyaan: `Pengerjaan selesai: ${analysis.jumlah_pengerjaan}. Daya beda: korelasi nilai soal dengan skor soal lainnya; * = kunci.`,
  });
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  const safeTitle =
    judul
      .replace(/[^\p{L}\p{N} _-]+/gu, '')
      .trim()
      .slice(0, 80) || 'ujian';
  return { fileName: `Analisis Soal - ${safeTitle}.xlsx`, buffer };
}
