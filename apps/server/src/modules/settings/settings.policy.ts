import type { OperatorPermissions } from '@lms/contract/permission.rules';
import { isOperatorWriting, type Actor } from '../../platform/actor.ts';
import { AppError, forbidden, unauthorized } from '../../platform/app-error.ts';

interface UserRights {
  isActive: boolean;
  role: string;
  operatorPermissions: OperatorPermissions | null;
}

/** An active account; a deactivated one loses its session at the next call. */
export function assertActive(user: UserRights | undefined): asserts user is UserRights {
  if (!user?.isActive) throw unauthorized();
}

/** College configuration changes: operators in their own session with write on `konfigurasi`. */
export function assertCanWriteConfiguration(actor: Actor): void {
  if (!isOperatorWriting(actor, 'konfigurasi')) throw forbidden();
}

/** An operator acting for a student may not change the student's password. */
export function assertOwnSession(actor: Actor): void {
  if (actor.actorUserId) throw new AppError(403, 'password_saat_login_akun_lain');
}
