import { excelTemplateFileName, type ExcelTemplateKind } from '@lms/contract/question-import.rules';
import { downloadFromApi } from '../../../lib/download-file.ts';

/** GET /v2/lms/bank_soal/template_impor/{jenis_soal}: saves the Excel template of a question kind. */
export function downloadImportTemplate(kind: ExcelTemplateKind): Promise<string> {
  return downloadFromApi(`/v2/lms/bank_soal/template_impor/${kind}`, {}, excelTemplateFileName(kind));
}
