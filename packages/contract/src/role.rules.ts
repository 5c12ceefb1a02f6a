// Zod-free on purpose (see permission.rules.ts); role.schema.ts holds the zod schemas.

export const roles = ['mahasiswa', 'dosen', 'operator'] as const;
export type Role = (typeof roles)[number];

export const roleLabels: Record<Role, string> = {
  mahasiswa: 'Mahasiswa',
  dosen: 'Dosen',
  operator: 'Operator',
};
