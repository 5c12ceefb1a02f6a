import { isOperatorReading, type Actor } from '../../platform/actor.ts';
import { forbidden } from '../../platform/app-error.ts';

/**
 * Everyone's activity log (and its export) is a report: operators in their own session with read on
 * `laporan`. Acting for a student never opens it.
 */
export function assertCanReadActivityLog(actor: Actor): void {
  if (!isOperatorReading(actor, 'laporan')) throw forbidden();
}
