import { bapDefaultPdfName } from '@lms/contract/bap.rules';
import { downloadFromApi } from '../../../lib/download-file.ts';

/** The parts of a BAP and whose report it is (spec 2 "Attendance reports"). */
export interface BapOptions {
  include_laporan_kelas: boolean;
  include_laporan_pertemuan_detail: boolean;
  include_tanda_tangan: boolean;
  laporan_saya: boolean;
  /** Operators: one teacher's report. */
  id_pengajar?: string;
}

/** GET /v2/lms/kelas_kuliah/{id}/bap/unduh: saves the class's BAP PDF; answers the file name. */
export function downloadClassBap(classId: string, options: BapOptions): Promise<string> {
  return downloadFromApi(
    `/v2/lms/kelas_kuliah/${encodeURIComponent(classId)}/bap/unduh`,
    options,
    bapDefaultPdfName,
  );
}
