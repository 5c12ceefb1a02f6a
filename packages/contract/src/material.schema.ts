import { z } from 'zod';
import { dataOf, pageOf, pageQuerySchema } from './api-envelope.schema.ts';
import { materialFileTypes, materialKinds, materialMessages } from './material.rules.ts';

export const materialKindSchema = z.enum(materialKinds);
export const materialFileTypeSchema = z.enum(materialFileTypes);

/** A material's stored file (spec 2 §3: name, url, content_length, extension). */
export const materialFileSchema = z.object({
  name: z.string(),
  url: z.string(),
  content_length: z.number().int(),
  extension: z.string(),
  /** The type found in the content at upload. */
  content_type: z.string(),
});

/** What the signed-in student has done with the material (students only; null for others). */
export const materialProgressSchema = z.object({
  selesai: z.boolean(),
  selesai_pada: z.string().nullable(),
  /** Against the deadline; null while not done. */
  tepat_waktu: z.boolean().nullable(),
  /** "downloaded" once downloaded (spec 2 §4). */
  status_download: z.enum(['downloaded']).nullable(),
  diunduh_pada: z.string().nullable(),
  dibuka_pada: z.string().nullable(),
  /** Audio and video: the share of real playback the server has counted, 0–100. */
  persen_diputar: z.number(),
  /** Audio and video: the share to play for attendance (video_persen / audio_persen). */
  persen_minimal: z.number(),
  /** Ebooks: seconds of the reading countdown still to run, from the last opening (server time). */
  detik_baca_tersisa: z.number().int(),
  /** Ebooks: the whole countdown (ebook_detik). */
  detik_baca: z.number().int(),
});
export type MaterialProgress = z.infer<typeof materialProgressSchema>;

/** What the signed-in user may do with the material; the server enforces, the web renders. */
export const materialAccessSchema = z.object({
  ubah: z.boolean(),
  hapus: z.boolean(),
  /** Download the file (files only; URL materials cannot be downloaded). */
  unduh: z.boolean(),
});

/** A material (spec 2 §3 Material). */
export const materialSchema = z.object({
  id: z.string(),
  id_kelas_kuliah: z.string(),
  id_pertemuan: z.string(),
  pertemuan: z.object({ nomor: z.number().int(), jenis: z.string(), status: z.string() }),
  jenis_materi: materialKindSchema,
  judul: z.string(),
  /** Sanitised rich text. */
  deskripsi: z.string(),
  tipe_file: materialFileTypeSchema,
  file: materialFileSchema.nullable(),
  file_url: z.string().nullable(),
  tampil_sekarang: z.boolean(),
  waktu_mulai_tampil: z.string(),
  /** Shown to students now (server time). */
  tampil: z.boolean(),
  is_syarat_hadir: z.boolean(),
  deadline: z.string().nullable(),
  /** Audio and video: the media's length in seconds, when it could be read. */
  durasi_detik: z.number().nullable(),
  created_by: z.object({ name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  akses: materialAccessSchema,
  aktivitas: materialProgressSchema.nullable(),
});
export type Material = z.infer<typeof materialSchema>;
export const materialResponseSchema = dataOf(materialSchema);
export const materialPageSchema = pageOf(materialSchema);

/** GET /v2/lms/kelas_kuliah/{id}/materi. */
export const classMaterialQuerySchema = pageQuerySchema.extend({
  id_pertemuan: z.uuid().optional(),
});
export type ClassMaterialQuery = z.infer<typeof classMaterialQuerySchema>;

/** GET /v2/lms/materi: materials to copy from (spec 2 §7). */
export const materialSearchQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
  exclude_id_kelas_kuliah: z.string().max(100).optional(),
  id_mata_kuliah: z.string().max(100).optional(),
});
export type MaterialSearchQuery = z.infer<typeof materialSearchQuerySchema>;

/** A row of the copy tab's table. */
export const materialSearchItemSchema = z.object({
  id: z.string(),
  jenis_materi: materialKindSchema,
  judul: z.string(),
  tipe_file: materialFileTypeSchema,
  file: z.object({ name: z.string(), url: z.string() }).nullable(),
  file_url: z.string().nullable(),
  kelas_kuliah: z.object({
    id: z.string(),
    nama: z.string(),
    mata_kuliah: z.object({ kode: z.string(), nama: z.string() }),
  }),
  pertemuan: z.object({ nomor: z.number().int() }),
  created_by: z.object({ name: z.string() }).nullable(),
});
export type MaterialSearchItem = z.infer<typeof materialSearchItemSchema>;
export const materialSearchPageSchema = pageOf(materialSearchItemSchema);

const isoInstant = z.iso.datetime({ offset: true });
/** Multipart fields are text: booleans arrive as "true"/"false", empty optional texts as "". */
const formFlag = z.union([z.boolean(), z.stringbool()]);
const optionalText = <T extends z.ZodType<string>>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * The fields of POST /v2/lms/materi and PUT /v2/lms/materi/{id} (multipart, the file under `file`).
 * Only their shape is checked here; the form's rules (validateMaterialForm) decide the rest.
 */
export const materialFieldsSchema = z.object({
  id_pertemuan: optionalText(z.uuid()),
  judul: z.string().max(255).default(''),
  deskripsi: z.string().max(20_000).default(''),
  jenis_materi: z.preprocess((v) => (v === '' ? undefined : v), materialKindSchema.optional()),
  tipe_file: z.preprocess((v) => (v === '' ? undefined : v), materialFileTypeSchema.optional()),
  file_url: optionalText(z.string().max(2000)),
  tampil_sekarang: formFlag.default(true),
  waktu_mulai_tampil: optionalText(isoInstant),
  is_syarat_hadir: formFlag.default(false),
  deadline: optionalText(isoInstant),
});
export type MaterialFields = z.infer<typeof materialFieldsSchema>;

/** POST /v2/lms/materi/salin (spec 2 §3 copy payload). */
export const materialCopySchema = z.object({
  id_pertemuan: z.uuid({ message: materialMessages.pertemuanRequired }),
  list_id: z.array(z.uuid()).min(1, { message: materialMessages.materiRequired }).max(100),
  is_syarat_hadir: z.boolean().default(false),
  tampil_sekarang: z.boolean().default(true),
  waktu_mulai_tampil: isoInstant.nullable().optional(),
  deadline: isoInstant.nullable().optional(),
  type: z.literal('salin').optional(),
});
export type MaterialCopy = z.infer<typeof materialCopySchema>;
export const materialListResponseSchema = dataOf(z.array(materialSchema));

/** PUT /v2/lms/materi/{id}/putar: seconds of playback since the last report. */
export const materialPlaybackSchema = z.object({
  detik: z.number().min(0).max(3600),
});

/** GET /v2/lms/materi/{id}/dokumen: an office e-book as sanitised HTML (docx text, xlsx tables). */
export const materialDocumentSchema = z.object({
  html: z.string(),
  /** True when the document was longer than what is shown (the rest is in the download). */
  terpotong: z.boolean(),
});
export type MaterialDocument = z.infer<typeof materialDocumentSchema>;
export const materialDocumentResponseSchema = dataOf(materialDocumentSchema);
