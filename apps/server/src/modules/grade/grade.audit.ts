import type { GradeIntegrationSettings } from '@lms/contract/grade.schema';
import { listChanges, type ChangeFields } from '../activity-log/activity-log.api.ts';

/** The grade integration settings an Ubah Konfigurasi is audited on; the key is a secret. */
const gradeIntegrationFields: ChangeFields = {
  pelaku: {
    label: 'Pelaku integrasi nilai',
    tampil: (v) => ({ dosen: 'Dosen', operator: 'Operator' })[v as string] ?? v,
  },
  'siakad.jenis': {
    label: 'Siakad integrasi nilai',
    tampil: (v) => ({ demo: 'Siakad demo', http: 'Siakad HTTP' })[v as string] ?? v,
  },
  'siakad.url': 'Alamat Siakad integrasi nilai',
  'siakad.batas_waktu_ms': 'Batas waktu Siakad (milidetik)',
  'siakad.kunci_rahasia': { label: 'Kunci rahasia Siakad', rahasia: true },
};

/**
 * What a save of the grade integration changed, old → new. The key is never read back: it counts as
 * changed ('(diubah)') when one was sent, never with its value.
 */
export function listGradeIntegrationChanges(
  before: GradeIntegrationSettings,
  after: GradeIntegrationSettings,
  sentKey: string | undefined,
) {
  return listChanges(
    before,
    { ...after, siakad: { ...after.siakad, kunci_rahasia: sentKey } },
    gradeIntegrationFields,
  );
}
