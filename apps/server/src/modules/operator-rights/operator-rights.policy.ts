import { refuseOperatorRightsChange, type OperatorRightsChange } from '@lms/contract/operator-rights.rules';
import { AppError } from '../../platform/app-error.ts';

/**
 * Throws 403 `hak_akses_ditolak` with the refused fields when the change breaks a rule of
 * `refuseOperatorRightsChange` (the route already required write on data_sistem).
 */
export function assertRightsChangeAllowed(change: OperatorRightsChange): void {
  const fields = refuseOperatorRightsChange(change);
  if (fields.length === 0) return;
  throw new AppError(403, 'hak_akses_ditolak', fields[0]!.message, { fields });
}
