import { examMessages } from '@lms/contract/exam.rules';
import { neutralizeSpreadsheetCell } from '@lms/contract/spreadsheet.rules';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import type { College } from '../../platform/college.repository.ts';
import { listAttemptsForExport } from './exam-grading.service.ts';

/** Local date and time in the college's zone, `YYYY-MM-DD HH:mm`. */
function localDateTime(at: Date | null, timeZone: string): string {
  if (!at) return '-';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/**
 * GET /v2/lms/ujian/{id}/pengerjaan/export_excel: the attempts of an exam as an xlsx (one row per
 * student of the class, with or without an attempt). A class is at most a few hundred students, so the
 * workbook is built in memory.
 */
export async function exportAttempts(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
): Promise<{ fileName: string; buffer: Buffer }> {
  const { exam, attempts, missing } = await listAttemptsForExport(db, actor, college, id);
  // Loaded when used, not at start (docs/operations.md "Libraries loaded when used").
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = college.nama;
  const sheet = workbook.addWorksheet('Pengerjaan');
  sheet.columns = [
    { header: 'NIM', key: 'nim', width: 16 },
    { header: 'Nama', key: 'nama', width: 32 },
    { header: 'Status', key: 'status', width: 20 },
    { header: 'Waktu Mulai', key: 'mulai', width: 18 },
    { header: 'Waktu Selesai', key: 'selesai', width: 18 },
    { header: 'Dijawab', key: 'dijawab', width: 10 },
    { header: 'Jumlah Soal', key: 'soal', width: 12 },
    { header: 'Pengurangan Nilai', key: 'pengurangan', width: 18 },
    { header: 'Nilai Akhir', key: 'nilai', width: 12 },
  ];
  sheet.getRow(1).font = { bold: true };
  const zone = college.timeZone;
  for (const a of attempts) {
    sheet.addRow({
      nim: neutralizeSpreadsheetCell(a.nim),
      nama: neutralizeSpreadsheetCell(a.nama),
      status:
        a.status === 'berlangsung'
          ? 'Sedang Mengerjakan'
          : a.sudahDinilai
            ? 'Sudah Dinilai'
            : 'Belum Dinilai',
      mulai: localDateTime(a.startedAt, zone),
      selesai: localDateTime(a.submittedAt, zone),
      dijawab: a.answered,
      soal: a.jumlahSoal,
      pengurangan: a.penguranganNilai,
      nilai: a.nilaiAkhir,
    });
  }
  for (const s of missing) {
    sheet.addRow({
      nim: neutralizeSpreadsheetCell(s.nim),
      nama: neutralizeSpreadsheetCell(s.nama),
      status: examMessages.noAttempt,
      mulai: '-',
      selesai: '-',
    });
  }
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  const safeTitle =
    exam.judul
      .replace(/[^\p{L}\p{N} _-]+/gu, '')
      .trim()
      .slice(0, 80) || 'ujian';
  return { fileName: `Pengerjaan - ${safeTitle}.xlsx`, buffer };
}
