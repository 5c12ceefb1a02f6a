import { useMutation } from '@tanstack/react-query';
import { feeHoldImportTemplateFileName } from '@lms/contract/access-restriction.schema';
import { downloadFromApi } from '../../../lib/download-file.ts';

/** GET /v2/lms/pembatasan/tunggakan/template_impor: the Excel template of the import; answers its name. */
export function downloadFeeHoldTemplate(): Promise<string> {
  return downloadFromApi('/v2/lms/pembatasan/tunggakan/template_impor', {}, feeHoldImportTemplateFileName);
}

/** The template download. */
export function useDownloadFeeHoldTemplate() {
  return useMutation({ mutationFn: downloadFeeHoldTemplate });
}
