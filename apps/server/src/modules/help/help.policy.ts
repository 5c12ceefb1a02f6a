import { canWriteArea } from '@lms/contract/permission.rules';
import { helpWriteArea } from '@lms/contract/help.schema';
import { forbidden } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/actor.ts';

/**
 * Help (bantuan) is read by everyone signed in. The spec gives the `bantuan` area no write level, so
 * help is maintained by operators, in their own session, with write on `data_sistem` (system data).
 */
export function canEditHelp(actor: Actor): boolean {
  return actor.role === 'operator' && !actor.actorUserId && canWriteArea(actor.permissions, helpWriteArea);
}

/** Throws 403 unless the actor may edit help. */
export function assertCanEditHelp(actor: Actor): void {
  if (!canEditHelp(actor)) throw forbidden();
}
