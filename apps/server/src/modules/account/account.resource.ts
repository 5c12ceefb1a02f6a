import { AppError } from '../../platform/app-error.ts';
import { defineResource } from '../../platform/resource-access.ts';
import { canReadAccountsOf, canWriteAccountsOf } from './account.policy.ts';
import { findAccount, type AccountRow } from './account.repository.ts';

/**
 * An account named by a route's path: any user of the college, read and written by the rights on its
 * role's area (the service refuses one's own account with `akun_sendiri`).
 */
export const accountResource = defineResource<AccountRow>(
  'account',
  async (db, actor, _college, id) => {
    const row = await findAccount(db, actor.collegeId, id);
    if (!row) return null;
    return {
      row,
      canRead: canReadAccountsOf(actor, row.role),
      canWrite: canWriteAccountsOf(actor, row.role),
    };
  },
  () => new AppError(404, 'akun_not_found'),
);
