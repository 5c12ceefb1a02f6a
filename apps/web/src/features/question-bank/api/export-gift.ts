import { downloadFromApi } from '../../../lib/download-file.ts';

/** GET /v2/lms/bank_soal/{id}/export/gift: saves `Bank Soal - {judul}.gift.txt`. */
export function exportGift(id: string, judul: string): Promise<string> {
  return downloadFromApi(
    `/v2/lms/bank_soal/${encodeURIComponent(id)}/export/gift`,
    {},
    `Bank Soal - ${judul}.gift.txt`,
  );
}
