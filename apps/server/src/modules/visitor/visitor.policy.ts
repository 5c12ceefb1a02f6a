import { isOperatorReading, type Actor } from '../../platform/actor.ts';
import { forbidden } from '../../platform/app-error.ts';

/** Visitor statistics are a report: operators in their own session with read on `laporan`. */
export function assertCanReadVisitorStatistics(actor: Actor): void {
  if (!isOperatorReading(actor, 'laporan')) throw forbidden();
}
