import { z } from 'zod';
import { dataOf, pageMetaSchema, pageOf, pageQuerySchema } from './api-envelope.schema.ts';
import { questionInputSchema, questionSchema } from './exam.schema.ts';
import { maxBankDescription, maxBankQuestionsCeiling, maxBankTitle } from './question-bank.rules.ts';

/** What the signed-in user may do with a bank; the server enforces, the web renders. */
export const bankAccessSchema = z.object({
  ubah: z.boolean(),
  hapus: z.boolean(),
  duplikat: z.boolean(),
});
export type BankAccess = z.infer<typeof bankAccessSchema>;

const courseRefSchema = z.object({ id: z.string(), kode: z.string(), nama: z.string() });

/** A card of the bank list (spec 3 §3 "Bank list item" plus what the card shows). */
export const bankListItemSchema = z.object({
  id: z.string(),
  judul: z.string(),
  deskripsi: z.string(),
  mata_kuliah: courseRefSchema,
  id_prodi_mata_kuliah: z.string(),
  dosen: z.object({ id: z.string(), nama: z.string() }),
  jumlah_soal: z.number().int(),
  ditampilkan: z.boolean(),
  created_at: z.string(),
  akses: bankAccessSchema,
});
export type BankListItem = z.infer<typeof bankListItemSchema>;
export const bankPageSchema = pageOf(bankListItemSchema);

/** GET /v2/lms/bank_soal: search, mata_kuliah, prodi_matkul (spec 3 §2), paging. */
export const bankListQuerySchema = pageQuerySchema.extend({
  search: z.string().max(200).optional(),
  id_mata_kuliah: z.string().max(100).optional(),
  id_prodi: z.string().max(100).optional(),
});
export type BankListQuery = z.infer<typeof bankListQuerySchema>;

/** A question of a bank: the shared question with its attachments and key. */
export const bankQuestionSchema = questionSchema;
export type BankQuestion = z.infer<typeof bankQuestionSchema>;

/** GET /v2/lms/bank_soal/{id}. */
export const bankDetailSchema = bankListItemSchema.extend({
  id_dosen: z.string(),
  id_mata_kuliah: z.string(),
  /** The creator (pembuat): the lecturer or the operator who made it. */
  pembuat: z.string(),
  /** The page of questions asked for (all of them, or those whose text holds `search`), in bank order. */
  list_soal: z.array(bankQuestionSchema),
  /** Paging of list_soal; `total_items` counts the questions matching the search. */
  meta_soal: pageMetaSchema,
  /** The college's limit (pengaturan bank_soal.maks_soal). */
  maks_soal: z.number().int(),
});
export type BankDetail = z.infer<typeof bankDetailSchema>;
export const bankDetailResponseSchema = dataOf(bankDetailSchema);

/** GET /v2/lms/bank_soal/{id}: which page of the bank's questions, optionally searched in their text. */
export const bankDetailQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
  search: z.string().trim().max(200).optional(),
});
export type BankDetailQuery = z.infer<typeof bankDetailQuerySchema>;

/** Create, edit or duplicate a bank (the modal's fields). */
export const bankInputSchema = z.object({
  judul: z.string().trim().min(1, 'Judul wajib diisi').max(maxBankTitle, 'Judul maksimal 100 karakter'),
  deskripsi: z
    .string()
    .trim()
    .min(1, 'Deskripsi wajib diisi')
    .max(maxBankDescription, 'Deskripsi maksimal 300 karakter'),
  id_mata_kuliah: z.string().min(1, 'Mata kuliah wajib dipilih').max(100),
  /** The owning lecturer: an operator picks one; a lecturer is always the owner of what they make. */
  id_dosen: z.uuid().nullable().optional(),
  ditampilkan: z.boolean().default(true),
});
export type BankInput = z.infer<typeof bankInputSchema>;

/** POST|PUT …/soal[/{soalId}]: the shared question plus the attachments to remove (by url). */
export const bankQuestionInputSchema = questionInputSchema.extend({
  soal_files_delete: z.array(z.string().max(2000)).max(20).default([]),
  kunci_files_delete: z.array(z.string().max(2000)).max(20).default([]),
});
export type BankQuestionInput = z.infer<typeof bankQuestionInputSchema>;
export const bankQuestionCreatedSchema = dataOf(z.object({ id: z.string() }));

/** POST /v2/lms/bank_soal/{id}/salin_ujian: questions of an exam copied into the bank. */
export const copyFromExamSchema = z.object({
  id_ujian: z.uuid(),
  list_id_soal: z.array(z.uuid()).max(maxBankQuestionsCeiling),
});
export type CopyFromExam = z.infer<typeof copyFromExamSchema>;
export const copiedResponseSchema = dataOf(z.object({ jumlah: z.number().int() }));

/** POST /v2/lms/ujian/{id}/kelompok_soal/{groupId}/soal/dari_bank: an exam takes questions of a bank. */
export const takeFromBankSchema = z.object({
  id_bank_soal: z.uuid(),
  list_id_soal: z.array(z.uuid()).max(maxBankQuestionsCeiling),
});
export type TakeFromBank = z.infer<typeof takeFromBankSchema>;

/** GET /v2/lms/mata_kuliah/ref: courses for the bank form (a lecturer's taught courses). */
export const courseRefQuerySchema = z.object({
  id_dosen: z.uuid().optional(),
  ignore_default_pagination: z.enum(['true', 'false']).optional(),
});
export const courseRefListSchema = dataOf(
  z.array(courseRefSchema.extend({ id_prodi: z.string(), nama_prodi: z.string() })),
);
export type CourseRef = z.infer<typeof courseRefListSchema>['data'][number];

/** GET /v1/dosen/{id}/periode_mengajar: the periods a lecturer teaches in. */
export const teachingPeriodListSchema = dataOf(
  z.array(
    z.object({
      /** The period code, e.g. 20261. */
      kode: z.number().int(),
      tahun: z.number().int(),
      jenisSemester: z.number().int(),
      nama: z.string(),
    }),
  ),
);
export type TeachingPeriod = z.infer<typeof teachingPeriodListSchema>['data'][number];

/** GET /v2/lms/dosen/ref: lecturers for the operator's bank form. */
export const lecturerRefListSchema = dataOf(z.array(z.object({ id: z.string(), nama: z.string() })));

/** POST /v2/storager answer: where the uploaded image is served. */
export const storagerUploadedSchema = dataOf(z.object({ url: z.string() }));
export const storagerDeleteQuerySchema = z.object({ url: z.string().min(1).max(2000) });
/** Folders of /v2/storager (the `dir` field) and the size setting each uses. */
export const storagerDirs = ['bank_soal', 'ujian'] as const;
