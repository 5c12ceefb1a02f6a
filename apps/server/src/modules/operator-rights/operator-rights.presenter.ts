import { completePermissions } from '@lms/contract/operator-rights.rules';
import type { OperatorRights } from '@lms/contract/operator-rights.schema';
import type { OperatorRow } from './operator-rights.repository.ts';

/** An operator with every area's level (a missing one answered as no_access). */
export function presentOperatorRights(row: OperatorRow): OperatorRights {
  return {
    id: row.id,
    username: row.username,
    nama: row.nama,
    is_active: row.isActive,
    hak_akses: completePermissions(row.operatorPermissions),
    lingkup: row.operatorScope,
  };
}
