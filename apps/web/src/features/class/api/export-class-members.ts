import { downloadFromApi } from '../../../lib/download-file.ts';

/**
 * GET /v2/lms/kelas_kuliah/{id}/peserta/export_excel: saves Anggota Kelas (the students `search` finds,
 * and the teachers) as a workbook; answers the file name. Lecturers and operators only.
 */
export function exportClassMembers(classId: string, search: string): Promise<string> {
  return downloadFromApi(
    `/v2/lms/kelas_kuliah/${encodeURIComponent(classId)}/peserta/export_excel`,
    { search: search.trim() || undefined },
    'anggota-kelas.xlsx',
  );
}
