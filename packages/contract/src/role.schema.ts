import { z } from 'zod';

export const roleSchema = z.enum(['mahasiswa', 'dosen', 'operator']);
export type Role = z.infer<typeof roleSchema>;

export const roleLabels: Record<Role, string> = {
  mahasiswa: 'Mahasiswa',
  dosen: 'Dosen',
  operator: 'Operator',
};

/** Student statuses; every one but Aktif is non-active (spec 1 §6). */
export const studentStatusSchema = z.enum(['Aktif', 'Cuti', 'DO', 'Lulus', 'Non-Aktif']);
export type StudentStatus = z.infer<typeof studentStatusSchema>;
