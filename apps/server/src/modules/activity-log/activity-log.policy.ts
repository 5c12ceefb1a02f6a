import { canReadArea, type OperatorPermissions } from '@lms/contract/permission.rules';
import type { AuthContext } from '../../platform/access-token.ts';
import { forbidden, unauthorized } from '../../platform/app-error.ts';

/**
 * Everyone's activity log (and its export) is a report: operators in their own session with read on
 * `laporan`. Acting for a student never opens it.
 */
export function assertCanReadActivityLog(
  auth: AuthContext,
  user: { isActive: boolean; role: string; permissions: OperatorPermissions | null } | undefined,
): void {
  if (!user?.isActive) throw unauthorized();
  if (auth.role !== 'operator' || auth.actorUserId || user.role !== 'operator') throw forbidden();
  if (!canReadArea(user.permissions, 'laporan')) throw forbidden();
}
