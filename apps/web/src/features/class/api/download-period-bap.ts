import { bapZipFileName } from '@lms/contract/bap.rules';
import { downloadFromApi } from '../../../lib/download-file.ts';
import type { BapOptions } from './download-class-bap.ts';
import type { ClassListParams } from './list-classes.ts';

/** GET /v2/lms/kelas_kuliah/bap/unduh: saves the zip of every class of the list's filters. */
export function downloadPeriodBap(
  filters: Omit<ClassListParams, 'page' | 'per_page'> & { periode: number },
  options: BapOptions,
): Promise<string> {
  const { id_pengajar: _teacher, ...parts } = options;
  return downloadFromApi(
    '/v2/lms/kelas_kuliah/bap/unduh',
    { ...filters, ...parts },
    bapZipFileName(filters.periode),
  );
}
