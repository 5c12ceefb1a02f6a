import { downloadFromApi } from '../../../lib/download-file.ts';

/** GET /v2/lms/bank_soal/{id}/unduh: saves `Bank Soal - {judul}.pdf`. */
export function downloadBankPdf(id: string, judul: string): Promise<string> {
  return downloadFromApi(`/v2/lms/bank_soal/${encodeURIComponent(id)}/unduh`, {}, `Bank Soal - ${judul}.pdf`);
}
