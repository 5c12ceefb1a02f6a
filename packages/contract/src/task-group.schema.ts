import { z } from 'zod';
import { dataOf } from './api-envelope.schema.ts';
import { groupRoles } from './task-group.rules.ts';

/** A group member (spec 1 §6 Group member): mahasiswa, jabatan, canDelete. */
export const groupMemberSchema = z.object({
  mahasiswa: z.object({
    id: z.string(),
    nama: z.string(),
    nim: z.string(),
    avatar_url: z.string().nullable(),
  }),
  jabatan: z.enum(groupRoles),
  canDelete: z.boolean(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** A group (kelompok) of a class. */
export const taskGroupSchema = z.object({
  id: z.string(),
  id_kelas_kuliah: z.string(),
  nama: z.string(),
  anggota: z.array(groupMemberSchema),
  /** The group has handed in for a task (it can then not be deleted). */
  sudah_mengumpulkan: z.boolean(),
});
export type TaskGroup = z.infer<typeof taskGroupSchema>;

/** The class's groups with the caller's rights and the students not in any group. */
export const classGroupsSchema = z.object({
  kelompok: z.array(taskGroupSchema),
  tanpa_kelompok: z.array(z.object({ id: z.string(), nim: z.string(), nama: z.string() })),
  akses: z.object({ ubah: z.boolean() }),
});
export type ClassGroups = z.infer<typeof classGroupsSchema>;
export const classGroupsResponseSchema = dataOf(classGroupsSchema);
export const taskGroupResponseSchema = dataOf(taskGroupSchema);

const nimSchema = z.string().trim().min(1).max(50);

/** The group form (spec 1 §6): nama and anggota, each with mahasiswa.nim. */
export const groupFormSchema = z.object({
  nama: z.string().trim().min(1, { message: 'Nama kelompok wajib diisi' }).max(100),
  anggota: z
    .array(z.object({ mahasiswa: z.object({ nim: nimSchema }) }))
    .max(200)
    .default([]),
});
export type GroupForm = z.infer<typeof groupFormSchema>;

/** PUT /v2/lms/kelompok/{id}: rename. */
export const groupRenameSchema = z.object({
  nama: z.string().trim().min(1, { message: 'Nama kelompok wajib diisi' }).max(100),
});

/** POST /v2/lms/kelompok/{id}/anggota and PUT …/ketua. */
export const groupMemberInputSchema = z.object({ nim: nimSchema });

/**
 * POST /v2/lms/kelas_kuliah/{id}/kelompok/bentuk: a whole class's groups in one step, randomly by group
 * size or as a manual list; `ganti` replaces groups that exist (refused when one has handed in).
 */
export const groupFormingSchema = z.discriminatedUnion('cara', [
  z.object({
    cara: z.literal('acak'),
    anggota_per_kelompok: z.number().int().min(2).max(50),
    ganti: z.boolean().default(false),
  }),
  z.object({
    cara: z.literal('manual'),
    kelompok: z.array(groupFormSchema).min(1).max(100),
    ganti: z.boolean().default(false),
  }),
]);
export type GroupForming = z.infer<typeof groupFormingSchema>;
