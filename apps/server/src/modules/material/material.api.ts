/**
 * What other areas may read of materials (docs/architecture.md: areas use each other only through
 * `<area>.api.ts`).
 */
import type { MaterialFileType } from '@lms/contract/material.rules';
import type { Db } from '../../db/database.ts';
import { countMeetingMaterials, findMaterialFileTypes } from './material.repository.ts';

/**
 * The file type of each given material of the college, by material id (a material's attendance rule
 * depends on it); ids of other colleges or deleted materials are absent.
 */
export async function readMaterialFileTypes(
  db: Db,
  collegeId: string,
  ids: string[],
): Promise<Map<string, MaterialFileType>> {
  const rows = await findMaterialFileTypes(db, collegeId, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r.tipeFile]));
}

/**
 * How many materials the meeting's material list shows a caller: all to who may edit the meeting,
 * only those already shown (server time) to the rest, as GET /v2/lms/kelas_kuliah/{id}/materi does.
 */
export function countMeetingMaterialsListed(
  db: Db,
  collegeId: string,
  meetingId: string,
  canEdit: boolean,
): Promise<number> {
  return countMeetingMaterials(db, collegeId, meetingId, canEdit ? undefined : new Date());
}
