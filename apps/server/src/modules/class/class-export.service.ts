import type * as Excel from 'exceljs';
import { formatTeacherName, labelOf, teacherRoleLabels } from '@lms/contract/class.rules';
import { zonedParts } from '@lms/contract/meeting.rules';
import { exportFileName, neutralizeSpreadsheetCell } from '@lms/contract/spreadsheet.rules';
import { assertAllowed } from '../../platform/app-error.ts';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import type { College } from '../../platform/college.repository.ts';
import { findStudentsOfClass } from './class.repository.ts';
import type { ReadableClass } from './class.service.ts';
import { xlsxContentType } from '../../platform/download-reply.ts';

/** A spreadsheet to send: its file name, type and bytes. */
export interface ClassMembersExport {
  fileName: string;
  contentType: string;
  body: Buffer;
}

const text = (value: string | null | undefined) => neutralizeSpreadsheetCell(value ?? '');

function addSheet(workbook: Excel.Workbook, name: string, columns: Partial<Excel.Column>[]) {
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  return sheet;
}

/**
 * GET /v2/lms/kelas_kuliah/{id}/peserta/export_excel: Anggota Kelas as a workbook, the students (with
 * `search` on nim or name, as the dialog filters them) and the teachers. For the class's lecturers and
 * operators with read on kelas_kuliah; students are refused (classmates' data stays on the screen). A
 * class holds at most `classCapacityMax` students, so the workbook is built in memory.
 */
export async function exportClassMembers(
  db: Db,
  actor: Actor,
  college: College,
  { row, teachers }: ReadableClass,
  search: string | undefined,
  now = new Date(),
): Promise<ClassMembersExport> {
  assertAllowed(actor.role === 'dosen' || actor.role === 'operator');
  const students = await findStudentsOfClass(db, actor.collegeId, row.id, search);
  // Loaded when used, not at start (docs/operations.md "Libraries loaded when used").
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = college.nama;
  const studentSheet = addSheet(workbook, 'Mahasiswa', [
    { header: 'No', key: 'no', width: 6 },
    { header: 'NIM', key: 'nim', width: 16 },
    { header: 'Nama', key: 'nama', width: 32 },
    { header: 'Prodi', key: 'prodi', width: 30 },
    { header: 'Angkatan', key: 'angkatan', width: 10 },
    { header: 'Jabatan', key: 'jabatan', width: 14 },
  ]);
  students.forEach((s, i) =>
    studentSheet.addRow({
      no: i + 1,
      nim: text(s.nim),
      nama: text(s.nama),
      prodi: text(s.prodi?.nama ? `${s.prodi.jenjang ?? ''} ${s.prodi.nama}`.trim() : '-'),
      angkatan: s.angkatan ?? '-',
      jabatan: row.ketuaKelasNim && s.nim === row.ketuaKelasNim ? 'Ketua Kelas' : 'Peserta',
    }),
  );
  const teacherSheet = addSheet(workbook, 'Pengajar', [
    { header: 'No', key: 'no', width: 6 },
    { header: 'NIDN', key: 'nidn', width: 16 },
    { header: 'Nama', key: 'nama', width: 40 },
    { header: 'Jabatan', key: 'jabatan', width: 20 },
  ]);
  teachers.forEach((t, i) =>
    teacherSheet.addRow({
      no: i + 1,
      nidn: text(t.nidn || '-'),
      nama: text(
        formatTeacherName({
          gelar_depan: t.gelarDepan,
          nama_pengajar: t.nama,
          gelar_akademik: t.gelarAkademik,
        }),
      ),
      jabatan: `${labelOf(teacherRoleLabels, t.peran)}${t.isUtama ? ' (Utama)' : ''}`,
    }),
  );
  const base = `anggota-kelas-${row.course.kode}-${row.nama}`.replace(/[^A-Za-z0-9_-]+/g, '-');
  return {
    fileName: exportFileName(base, zonedParts(now, college.timeZone).date),
    contentType: xlsxContentType,
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}
