import { downloadFromApi } from '../../../lib/download-file.ts';

/** GET /v2/lms/bank_soal/{id}/export/moodle_xml: saves `Bank Soal - {judul}.xml`. */
export function exportMoodleXml(id: string, judul: string): Promise<string> {
  return downloadFromApi(
    `/v2/lms/bank_soal/${encodeURIComponent(id)}/export/moodle_xml`,
    {},
    `Bank Soal - ${judul}.xml`,
  );
}
