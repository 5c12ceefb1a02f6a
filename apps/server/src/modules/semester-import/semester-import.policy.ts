import { isOperatorReading, isOperatorWriting, type Actor } from '../../platform/actor.ts';
import { assertAllowed } from '../../platform/app-error.ts';

/** Loading a semester writes master data: operators with write on `data_master`; read to see loads. */
export function assertCanLoadSemester(actor: Actor, write: boolean): void {
  assertAllowed(write ? isOperatorWriting(actor, 'data_master') : isOperatorReading(actor, 'data_master'));
}
