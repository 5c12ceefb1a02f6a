import { canActForStudent } from '@lms/contract/permission.rules';
import type { AuthContext } from '../../platform/access-token.ts';
import { AppError, forbidden } from '../../platform/app-error.ts';

interface OperatorLike {
  role: string;
  isActive: boolean;
  operatorPermissions: Parameters<typeof canActForStudent>[1];
}

/**
 * An operator's own session: role operator and not acting for a student. Acting sessions carry
 * role mahasiswa already; checking the actor too keeps operator routes closed if that ever changes.
 */
export function assertOperatorSession(auth: AuthContext): void {
  if (auth.actorUserId) throw new AppError(403, 'already_acting');
  if (auth.role !== 'operator') throw forbidden();
}

/** "Login Akun Lain": only an active operator with write on kelas_kuliah, from their own session. */
export function assertCanActForStudent(auth: AuthContext, operator: OperatorLike | undefined): void {
  assertOperatorSession(auth);
  if (!operator || !operator.isActive || !canActForStudent(operator.role, operator.operatorPermissions)) {
    throw forbidden();
  }
}

/** Whether an acting session may go on: the operator is still active and still allowed. */
export function mayKeepActing(operator: OperatorLike | undefined): boolean {
  return !!operator && operator.isActive && canActForStudent(operator.role, operator.operatorPermissions);
}
