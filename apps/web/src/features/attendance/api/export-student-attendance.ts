import { downloadFromApi } from '../../../lib/download-file.ts';

/**
 * GET /v2/lms/kehadiran_mahasiswa/mahasiswa/{nim}/export_excel: one student's attendance in every
 * meeting of their classes of the period (a lecturer: the classes they teach), as a workbook.
 */
export function exportStudentAttendance(nim: string, periode: number | undefined): Promise<string> {
  return downloadFromApi(
    `/v2/lms/kehadiran_mahasiswa/mahasiswa/${encodeURIComponent(nim)}/export_excel`,
    { periode },
    `kehadiran-${nim}.xlsx`,
  );
}
