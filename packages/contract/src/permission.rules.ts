import { z } from 'zod';

/** Areas an operator's rights are set on (spec 1 §6). */
export const operatorAreaSchema = z.enum([
  'data_master',
  'kelas_kuliah',
  'bank_soal',
  'data_sistem',
  'konfigurasi',
  'pengumuman',
  'bantuan',
  'laporan',
]);
export type OperatorArea = z.infer<typeof operatorAreaSchema>;

export const accessLevelSchema = z.enum(['no_access', 'read', 'write']);
export type AccessLevel = z.infer<typeof accessLevelSchema>;

export const accessLevelLabels: Record<AccessLevel, string> = {
  no_access: 'Tanpa Akses',
  read: 'Lihat',
  write: 'Update',
};

/** An operator's permission map; `bantuan` never has `write`. */
export const operatorPermissionsSchema = z
  .partialRecord(operatorAreaSchema, accessLevelSchema)
  .refine((map) => map.bantuan !== 'write', {
    message: 'Area bantuan tidak memiliki hak Update',
    path: ['bantuan'],
  });
export type OperatorPermissions = Partial<Record<OperatorArea, AccessLevel>>;

/** Operator scopes that are treated as privileged. */
export const privilegedOperatorScopes = ['A:T', 'A:B'] as const;

/** Whether an operator scope is privileged. */
export function isPrivilegedScope(scope: string | null | undefined): boolean {
  return privilegedOperatorScopes.some((s) => s === scope);
}

/** canRead: read or write on the area. */
export function canReadArea(
  permissions: OperatorPermissions | null | undefined,
  area: OperatorArea,
): boolean {
  const level = permissions?.[area];
  return level === 'read' || level === 'write';
}

/** canWrite: write only. */
export function canWriteArea(
  permissions: OperatorPermissions | null | undefined,
  area: OperatorArea,
): boolean {
  return permissions?.[area] === 'write';
}

/** Only operators with write on kelas_kuliah may act for a student ("Login Akun Lain"). */
export function canActForStudent(role: string, permissions: OperatorPermissions | null | undefined): boolean {
  return role === 'operator' && canWriteArea(permissions, 'kelas_kuliah');
}
