// Zod-free on purpose: the web app's first screens use these rules, and zod stays out of that bundle.
// The zod schemas of the same values are in permission.schema.ts.

/** Areas an operator's rights are set on (spec 1 §6). */
export const operatorAreas = [
  'data_master',
  'kelas_kuliah',
  'bank_soal',
  'data_sistem',
  'konfigurasi',
  'pengumuman',
  'bantuan',
  'laporan',
] as const;
export type OperatorArea = (typeof operatorAreas)[number];

export const accessLevels = ['no_access', 'read', 'write'] as const;
export type AccessLevel = (typeof accessLevels)[number];

export type OperatorPermissions = Partial<Record<OperatorArea, AccessLevel>>;

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
