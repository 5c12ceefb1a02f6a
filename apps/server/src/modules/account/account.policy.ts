import { accountAreaOf } from '@lms/contract/account.rules';
import type { Role } from '@lms/contract/role.rules';
import { isOperatorReading, isOperatorWriting, type Actor } from '../../platform/actor.ts';
import { AppError, forbidden } from '../../platform/app-error.ts';

/**
 * Accounts are managed by operators in their own session: students' and lecturers' with rights on
 * data_master, operators' with rights on data_sistem (read to see them, write to change them).
 */
export function canReadAccountsOf(actor: Actor, role: Role): boolean {
  return isOperatorReading(actor, accountAreaOf(role));
}

/** Write on the role's area: create its accounts, change them. */
export function canWriteAccountsOf(actor: Actor, role: Role): boolean {
  return isOperatorWriting(actor, accountAreaOf(role));
}

/** Write on the role's area; one's own account is changed on the settings page, never here. */
export function canChangeAccount(actor: Actor, account: { id: string; role: Role }): boolean {
  return canWriteAccountsOf(actor, account.role) && account.id !== actor.userId;
}

/** Throws 403 unless the actor may create an account of the role. */
export function assertCanCreateAccountOf(actor: Actor, role: Role): void {
  if (!canWriteAccountsOf(actor, role)) throw forbidden();
}

/** Throws unless the actor may change the account: 403 `akun_sendiri` for their own. */
export function assertCanChangeAccount(actor: Actor, account: { id: string; role: Role }): void {
  if (account.id === actor.userId) throw new AppError(403, 'akun_sendiri');
  if (!canChangeAccount(actor, account)) throw forbidden();
}
