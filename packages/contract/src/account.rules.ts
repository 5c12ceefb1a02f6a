import {
  canReadArea,
  canWriteArea,
  type OperatorArea,
  type OperatorPermissions,
} from './permission.rules.ts';
import { roles, type Role } from './role.rules.ts';

/** Phone pattern of spec 1 §5: starts with 0, at least 10 characters, no double slash. */
export function isValidPhone(value: string): boolean {
  return /^0[0-9+\-\s()/]{9,}$/.test(value) && !value.includes('//');
}

/** A student's academic status (students.status). */
export const studentStatuses = ['Aktif', 'Cuti', 'DO', 'Lulus', 'Non-Aktif'] as const;
export type StudentStatus = (typeof studentStatuses)[number];

/** The operator areas whose rights manage accounts (user management, "Pengguna"). */
export const accountAreas = ['data_master', 'data_sistem'] as const satisfies readonly OperatorArea[];

/**
 * The area whose rights manage a role's accounts: students and lecturers are master data, operators
 * are system data (read to see them, write to change them).
 */
export function accountAreaOf(role: Role): (typeof accountAreas)[number] {
  return role === 'operator' ? 'data_sistem' : 'data_master';
}

/** The roles whose accounts an operator with these rights may see (`write`: change). */
export function manageableRoles(
  permissions: OperatorPermissions | null | undefined,
  level: 'read' | 'write',
) {
  const allowed = level === 'write' ? canWriteArea : canReadArea;
  return roles.filter((role) => allowed(permissions, accountAreaOf(role)));
}

/** Usernames: letters, digits and . _ @ - (no spaces), so they are typed the same way at sign-in. */
export const usernamePattern = /^[A-Za-z0-9._@-]+$/;
