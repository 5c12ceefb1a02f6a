import { canReadArea, type OperatorArea, type OperatorPermissions } from '@lms/contract/permission.rules';
import type { AuthContext } from '../../platform/access-token.ts';
import { forbidden, unauthorized } from '../../platform/app-error.ts';

/**
 * The areas whose readers may look up the people directory: the people are master data (data_master),
 * and the screens that pick a lecturer or a student are the timetable (kelas_kuliah) and the activity
 * log (laporan). Read on any one of them is enough.
 */
export const directoryReadAreas: readonly OperatorArea[] = ['data_master', 'kelas_kuliah', 'laporan'];

/** Lecturer and student directories: an active operator in their own session with read on a directory area. */
export function assertCanReadDirectory(
  auth: AuthContext,
  user: { isActive: boolean; role: string; operatorPermissions: OperatorPermissions | null } | undefined,
): void {
  if (!user?.isActive) throw unauthorized();
  if (auth.role !== 'operator' || auth.actorUserId || user.role !== 'operator') throw forbidden();
  if (!directoryReadAreas.some((area) => canReadArea(user.operatorPermissions, area))) throw forbidden();
}
