import { isOperatorReading, isOperatorWriting, type Actor } from '../../platform/actor.ts';
import { forbidden } from '../../platform/app-error.ts';

/**
 * Unpaid-fee flags are student master data: operators in their own session with read on `data_master`
 * see them, with write set them.
 */
export function assertCanManageFeeHolds(actor: Actor, write: boolean): void {
  const allowed = write ? isOperatorWriting(actor, 'data_master') : isOperatorReading(actor, 'data_master');
  if (!allowed) throw forbidden();
}
