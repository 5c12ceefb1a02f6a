import { z } from 'zod';
import { dataOf, pageOf, pageQuerySchema } from './api-envelope.schema.ts';
import { vidconApps, vidconMessages, vidconStatuses } from './vidcon.rules.ts';

export const vidconAppSchema = z.enum(vidconApps);
export const vidconStatusSchema = z.enum(vidconStatuses);

/** One join (daftar_join_detail): the first time each participant joined. */
export const vidconJoinSchema = z.object({
  role: z.string(),
  username: z.string(),
  nama: z.string(),
  waktu_join: z.string(),
  /** Students: joined at or after the start plus terlambat_vidcon_menit. */
  terlambat: z.boolean(),
});

/** A video conference of a meeting (spec 2 §3 Vidcon). */
export const vidconSchema = z.object({
  id: z.string(),
  id_kelas_kuliah: z.string(),
  id_pertemuan: z.string(),
  pertemuan: z.object({ nomor: z.number().int() }),
  kelas_kuliah: z.object({
    id: z.string(),
    nama: z.string(),
    mata_kuliah: z.object({ kode: z.string(), nama: z.string() }),
  }),
  judul: z.string(),
  aplikasi: vidconAppSchema,
  link: z.string(),
  catatan: z.string(),
  /** By the server clock. */
  status: vidconStatusSchema,
  waktu_mulai: z.string(),
  waktu_selesai: z.string(),
  /** Students of the class. */
  jumlah_peserta: z.number().int(),
  /** Students who joined. */
  jumlah_peserta_join: z.number().int(),
  /** Lecturers and operators only; empty for students. */
  daftar_join_detail: z.array(vidconJoinSchema),
  /** The signed-in user's own join, or null. */
  join_saya: z.object({ waktu_join: z.string(), terlambat: z.boolean() }).nullable(),
  akses: z.object({ ubah: z.boolean(), hapus: z.boolean(), gabung: z.boolean() }),
});
export type Vidcon = z.infer<typeof vidconSchema>;
export const vidconResponseSchema = dataOf(vidconSchema);
export const vidconListResponseSchema = dataOf(z.array(vidconSchema));
export const vidconPageSchema = pageOf(vidconSchema);

/** GET /v2/lms/vidcon: the user's vidcons. */
export const vidconListQuerySchema = pageQuerySchema.extend({
  status: vidconStatusSchema.optional(),
});
export type VidconListQuery = z.infer<typeof vidconListQuerySchema>;

const isoInstant = z.iso.datetime({ offset: true });

/**
 * The vidcon form (spec 2 §7 payload). Only the shape is checked here; missing fields are the rules'
 * (validateVidconForm), so that they answer with the spec's messages.
 */
export const vidconInputSchema = z.object({
  id_pertemuan: z.uuid({ message: vidconMessages.pertemuanRequired }).nullable().optional(),
  judul: z.string().max(255).nullable().optional(),
  aplikasi: vidconAppSchema.nullable().optional(),
  link: z.string().max(2000).nullable().optional(),
  catatan: z.string().max(5000).nullable().optional(),
  waktu_mulai: isoInstant.nullable().optional(),
  waktu_selesai: isoInstant.nullable().optional(),
});
export type VidconInput = z.infer<typeof vidconInputSchema>;
