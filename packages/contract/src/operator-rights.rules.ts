// Zod-free on purpose (see permission.rules.ts): the rights screen's table and the server's policy share
// these rules. The request and answer schemas are in operator-rights.schema.ts.
import type { FieldError } from './error-details.rules.ts';
import {
  accessLevels,
  operatorAreas,
  type AccessLevel,
  type OperatorArea,
  type OperatorPermissions,
} from './permission.rules.ts';

/** How the "Hak Akses Operator LMS" table names each area (spec 1 §6). */
export const operatorAreaLabels: Record<OperatorArea, string> = {
  data_master: 'Data Master',
  kelas_kuliah: 'Kelas Kuliah',
  bank_soal: 'Bank Soal',
  data_sistem: 'Data Sistem',
  konfigurasi: 'Konfigurasi',
  pengumuman: 'Pengumuman',
  bantuan: 'Bantuan',
  laporan: 'Laporan',
};

/** The radio labels of each level (spec 1 §6). */
export const accessLevelLabels: Record<AccessLevel, string> = {
  no_access: 'Tanpa Akses',
  read: 'Lihat',
  write: 'Update',
};

/** The levels an area offers: 'bantuan' has no write (spec 1 §6). */
export function levelsOfArea(area: OperatorArea): readonly AccessLevel[] {
  return area === 'bantuan' ? accessLevels.filter((level) => level !== 'write') : accessLevels;
}

/** Scopes that make an operator privileged (spec 1 §6). */
export const privilegedScopes = ['A:T', 'A:B'] as const;

export function isPrivilegedScope(scope: string | null | undefined): boolean {
  return (privilegedScopes as readonly string[]).includes(scope ?? '');
}

/** The active flag's labels in the modal. */
export const activeLabels = { aktif: 'Aktif', nonAktif: 'Non Aktif' } as const;

/** Every area with its level, a missing one as no_access (what the checks treat it as). */
export function completePermissions(
  permissions: OperatorPermissions | null | undefined,
): Record<OperatorArea, AccessLevel> {
  return Object.fromEntries(
    operatorAreas.map((area) => [area, permissions?.[area] ?? 'no_access']),
  ) as Record<OperatorArea, AccessLevel>;
}

function rank(level: AccessLevel | undefined): number {
  return accessLevels.indexOf(level ?? 'no_access');
}

/** One operator's rights as stored. */
export interface OperatorRightsState {
  permissions: OperatorPermissions | null;
  scope: string | null;
  isActive: boolean;
}

/** A change of `target`'s rights to `next`, asked for by `actor`. */
export interface OperatorRightsChange {
  actor: { userId: string; permissions: OperatorPermissions | null; scope: string | null };
  target: OperatorRightsState & { userId: string };
  next: OperatorRightsState;
}

export const operatorRightsMessages = {
  ownRaise: 'Anda tidak dapat menaikkan hak akses Anda sendiri.',
  ownScope: 'Anda tidak dapat mengubah lingkup Anda sendiri.',
  ownDeactivate: 'Anda tidak dapat menonaktifkan akun Anda sendiri.',
  aboveOwn: (area: OperatorArea) =>
    `Anda tidak dapat mengubah hak di atas hak Anda sendiri pada ${operatorAreaLabels[area]}.`,
  strongerStatus: 'Anda tidak dapat mengubah status operator yang hak aksesnya melebihi hak Anda.',
  privilegedScope: 'Hanya operator berlingkup istimewa (A:T atau A:B) yang dapat memberi lingkup istimewa.',
  privilegedTarget:
    'Hanya operator berlingkup istimewa yang dapat mengubah hak operator berlingkup istimewa.',
  noWriteOnBantuan: 'Area Bantuan tidak memiliki hak Update.',
} as const;

/**
 * Why a rights change is refused, per field (`hak_akses.<area>`, `lingkup`, `is_active`); `[]` allows it.
 * An operator never raises their own rights (a level up, their scope, their own deactivation); on
 * another, changes an area only within their own level there (neither giving more nor taking away what
 * they lack themselves) and the active flag only of an operator with no level above theirs, so a weaker
 * operator cannot lock out a stronger one; gives or takes a privileged scope, or changes a privileged
 * operator, only when privileged themselves. Lowering one's own level is allowed.
 */
export function refuseOperatorRightsChange({ actor, target, next }: OperatorRightsChange): FieldError[] {
  const refusals: FieldError[] = [];
  const own = actor.userId === target.userId;
  const before = completePermissions(target.permissions);
  const after = completePermissions(next.permissions);
  const actorLevels = completePermissions(actor.permissions);
  const actorPrivileged = isPrivilegedScope(actor.scope);
  if (!own && !actorPrivileged && isPrivilegedScope(target.scope)) {
    refusals.push({ field: 'id', message: operatorRightsMessages.privilegedTarget });
  }
  for (const area of operatorAreas) {
    const field = `hak_akses.${area}`;
    if (!levelsOfArea(area).includes(after[area])) {
      refusals.push({ field, message: operatorRightsMessages.noWriteOnBantuan });
    } else if (after[area] === before[area]) {
      continue;
    } else if (own && rank(after[area]) > rank(before[area])) {
      refusals.push({ field, message: operatorRightsMessages.ownRaise });
    } else if (!own && Math.max(rank(after[area]), rank(before[area])) > rank(actorLevels[area])) {
      refusals.push({ field, message: operatorRightsMessages.aboveOwn(area) });
    }
  }
  if ((next.scope ?? null) !== (target.scope ?? null)) {
    if (own) refusals.push({ field: 'lingkup', message: operatorRightsMessages.ownScope });
    else if (!actorPrivileged && (isPrivilegedScope(next.scope) || isPrivilegedScope(target.scope)))
      refusals.push({ field: 'lingkup', message: operatorRightsMessages.privilegedScope });
  }
  if (own && target.isActive && !next.isActive) {
    refusals.push({ field: 'is_active', message: operatorRightsMessages.ownDeactivate });
  } else if (
    !own &&
    target.isActive !== next.isActive &&
    operatorAreas.some((area) => rank(before[area]) > rank(actorLevels[area]))
  ) {
    refusals.push({ field: 'is_active', message: operatorRightsMessages.strongerStatus });
  }
  return refusals;
}
