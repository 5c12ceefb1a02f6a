import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportFailedDetail } from '@lms/contract/question-import.rules';
import type { ImportDone } from '@lms/contract/question-import.schema';
import type {
  QuestionImportFailure,
  QuestionImportRequest,
  QuestionImportResult,
} from '../../../components/question-import-modal.tsx';
import { apiClient } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { questionBankKeys } from '../../../lib/query-keys/question-bank-query-keys.ts';

/**
 * POST /v2/lms/bank_soal/{id}/soal/import_excel (Excel: file and jenis_soal) or …/soal/import (GIFT,
 * Aiken, Moodle XML: file and format). A refused file (400/413 `impor_soal_gagal`) is an outcome with
 * its problems, not an error.
 */
export async function importQuestions(
  bankId: string,
  request: QuestionImportRequest,
): Promise<QuestionImportResult> {
  const form = new FormData();
  const base = `/v2/lms/bank_soal/${encodeURIComponent(bankId)}/soal`;
  let url = `${base}/import`;
  if (request.format === 'excel') {
    url = `${base}/import_excel`;
    form.append('jenis_soal', request.jenisSoal ?? '');
  } else {
    form.append('format', request.format);
  }
  form.append('file', request.file);
  try {
    const response = await apiClient.post<ImportDone>(url, form);
    return { berhasil: true, pesan: response.data.status.message, dilewati: response.data.data.dilewati };
  } catch (error) {
    return refusedImport(error);
  }
}

/** A refused file (400/413 `impor_soal_gagal`) as an outcome with its problems; other errors rethrown. */
export function refusedImport(error: unknown): QuestionImportFailure {
  if (error instanceof ApiError && error.code === 'impor_soal_gagal') {
    const detail = (error.detail ?? {}) as Partial<ImportFailedDetail>;
    return {
      berhasil: false,
      pesan: error.message,
      masalah: detail.masalah ?? [],
      dilewati: detail.dilewati ?? [],
    };
  }
  throw error;
}

/** Importing into a bank; the bank is reloaded after a successful import. */
export function useImportQuestions(bankId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: QuestionImportRequest) => importQuestions(bankId, request),
    onSuccess: (result) => {
      if (result.berhasil) void client.invalidateQueries({ queryKey: questionBankKeys.all });
    },
  });
}
