import { canReadArea, canWriteArea, type OperatorPermissions } from '@lms/contract/permission.rules';
import type { AuthContext } from '../../platform/access-token.ts';
import { forbidden, unauthorized } from '../../platform/app-error.ts';

interface UserRights {
  isActive: boolean;
  role: string;
  operatorPermissions: OperatorPermissions | null;
}

/**
 * Unpaid-fee flags are student master data: operators in their own session with read on `data_master`
 * see them, with write set them.
 */
export function assertCanManageFeeHolds(
  auth: AuthContext,
  user: UserRights | undefined,
  write: boolean,
): void {
  if (!user?.isActive) throw unauthorized();
  if (auth.actorUserId || user.role !== 'operator') throw forbidden();
  const allowed = write
    ? canWriteArea(user.operatorPermissions, 'data_master')
    : canReadArea(user.operatorPermissions, 'data_master');
  if (!allowed) throw forbidden();
}
