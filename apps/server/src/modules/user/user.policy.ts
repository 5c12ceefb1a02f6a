import { canReadArea, type OperatorArea } from '@lms/contract/permission.rules';
import type { Actor } from '../../platform/actor.ts';
import { forbidden } from '../../platform/app-error.ts';

/**
 * The areas whose readers may look up the people directory: the people are master data (data_master),
 * and the screens that pick a lecturer or a student are the timetable (kelas_kuliah) and the activity
 * log (laporan). Read on any one of them is enough.
 */
export const directoryReadAreas: readonly OperatorArea[] = ['data_master', 'kelas_kuliah', 'laporan'];

/** Lecturer and student directories: an operator in their own session with read on a directory area. */
export function assertCanReadDirectory(actor: Actor): void {
  if (actor.role !== 'operator' || actor.actorUserId) throw forbidden();
  if (!directoryReadAreas.some((area) => canReadArea(actor.permissions, area))) throw forbidden();
}
