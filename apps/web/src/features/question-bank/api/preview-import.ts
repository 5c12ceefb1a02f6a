import type { ImportPreview } from '@lms/contract/question-import.schema';
import type {
  QuestionImportPreview,
  QuestionImportRequest,
} from '../../../components/question-import-modal.tsx';
import { apiClient } from '../../../lib/api-client.ts';
import { refusedImport } from './import-questions.ts';

/**
 * POST /v2/lms/bank_soal/{id}/soal/import/preview (file, format, jenis_soal for Excel): what the file
 * would add and skip, and why; adds nothing. A refused file is an outcome with its problems.
 */
export async function previewImport(
  bankId: string,
  request: QuestionImportRequest,
): Promise<QuestionImportPreview> {
  const form = new FormData();
  form.append('format', request.format);
  if (request.format === 'excel') form.append('jenis_soal', request.jenisSoal ?? '');
  form.append('file', request.file);
  try {
    const response = await apiClient.post<ImportPreview>(
      `/v2/lms/bank_soal/${encodeURIComponent(bankId)}/soal/import/preview`,
      form,
    );
    return {
      berhasil: true,
      pesan: response.data.status.message,
      soal: response.data.data.soal,
      dilewati: response.data.data.dilewati,
    };
  } catch (error) {
    return refusedImport(error);
  }
}
