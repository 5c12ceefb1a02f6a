import { z } from 'zod';
import { dataOf, pageOf } from './api-envelope.schema.ts';
import { fileRefSchema } from './class.schema.ts';

export const courseIdParamsSchema = z.object({ courseId: z.string().min(1).max(100) });

/** A row of the semester learning plan (RPS): what is taught in meeting `id_pertemuan`. */
export const learningPlanRowSchema = z.object({
  id: z.string(),
  /** The meeting number (1–16…). */
  id_pertemuan: z.number().int(),
  materi: z.string(),
  materi_inggris: z.string().nullable(),
});
export const learningPlanResponseSchema = dataOf(z.array(learningPlanRowSchema));

/** PUT …/rencana-pembelajaran: replaces the whole plan. */
export const learningPlanUpdateSchema = z.object({
  data: z
    .array(
      z.object({
        id_pertemuan: z.number().int().min(1).max(50),
        materi: z.string().trim().min(1, 'Materi wajib diisi').max(1000),
        materi_inggris: z.string().trim().max(1000).nullable().optional(),
      }),
    )
    .max(50)
    .refine((rows) => new Set(rows.map((r) => r.id_pertemuan)).size === rows.length, {
      message: 'Nomor pertemuan tidak boleh ganda',
    }),
});

/** A row of the evaluation plan: a grade component and its weight in percent. */
export const evaluationPlanRowSchema = z.object({
  id: z.string(),
  komponen_nilai: z.object({ id: z.string(), nama: z.string() }),
  bobot: z.number().int(),
});
export const evaluationPlanResponseSchema = dataOf(z.array(evaluationPlanRowSchema));

/** PUT …/rencana-evaluasi: replaces the whole plan; the weights add up to 100. */
export const evaluationPlanUpdateSchema = z.object({
  data: z
    .array(
      z.object({
        komponen_nilai: z.object({
          id: z
            .string()
            .trim()
            .regex(/^[a-z0-9_]{1,40}$/, 'Id komponen hanya huruf kecil, angka dan garis bawah'),
          nama: z.string().trim().min(1, 'Nama komponen wajib diisi').max(100),
        }),
        bobot: z.number().int().min(0).max(100),
      }),
    )
    .min(1)
    .max(20)
    .refine((rows) => new Set(rows.map((r) => r.komponen_nilai.id)).size === rows.length, {
      message: 'Komponen nilai tidak boleh ganda',
    })
    .refine((rows) => rows.reduce((sum, r) => sum + r.bobot, 0) === 100, {
      message: 'Jumlah bobot harus 100',
    }),
});

/** GET /v2/academic/matakuliah/{courseId}: course info with coordinator, RPS developer and syllabus. */
export const courseInfoSchema = z.object({
  id: z.string(),
  kode: z.string(),
  nama: z.string(),
  nama_inggris: z.string().nullable(),
  sks: z.number().int(),
  semester: z.number().int().nullable(),
  prodi: z.object({ id: z.string(), nama: z.string(), jenjang: z.string() }),
  id_dosen_koordinator: z.string().nullable(),
  id_dosen_pengembang_rps: z.string().nullable(),
  nama_dosen_koordinator: z.string().nullable(),
  nama_dosen_pengembang_rps: z.string().nullable(),
  silabus: z.object({ teks: z.string().nullable(), file: fileRefSchema.nullable() }),
  akses: z.object({
    /** Operators with write on data_master. */
    ubah: z.boolean(),
    /** Ubah Data RPS: the coordinator or RPS developer (in SIAKAD). */
    ubah_rps: z.boolean(),
  }),
});
export type CourseInfo = z.infer<typeof courseInfoSchema>;
export const courseInfoResponseSchema = dataOf(courseInfoSchema);

/** Syllabus fields of PUT /v2/academic/matakuliah/{courseId}/silabus (multipart with file_silabus, or JSON). */
export const syllabusUpdateFieldsSchema = z.object({
  teks: z.string().max(20_000).optional(),
  hapus_file: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .transform((v) => v === true || v === 'true'),
});

/** Reference lists (v1/makul_ref, v1/prodi_ref, v1/periode_ref): the client asks with a huge page size. */
export const referenceQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(999_999).default(999_999),
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || undefined),
  id_prodi: z.string().trim().max(100).optional(),
});
export type ReferenceQuery = z.infer<typeof referenceQuerySchema>;

export const courseRefSchema = z.object({
  id: z.string(),
  kode: z.string(),
  nama: z.string(),
  sks: z.number().int(),
  id_prodi: z.string(),
});
export const courseRefListResponseSchema = pageOf(courseRefSchema);

export const studyProgramRefSchema = z.object({
  id: z.string(),
  kode: z.string(),
  nama: z.string(),
  jenjang: z.string(),
});
export const studyProgramRefListResponseSchema = pageOf(studyProgramRefSchema);

/** v1/label_kelas_ref and v1/jenis_kelas_ref: the class names (01, 02, …) and kinds in use. */
export const classValueRefSchema = z.object({ nama: z.string() });
export type ClassValueRef = z.infer<typeof classValueRefSchema>;
export const classValueRefListResponseSchema = pageOf(classValueRefSchema);

export const periodRefSchema = z.object({
  kode: z.number().int(),
  label: z.string(),
  tanggal_mulai: z.string(),
  tanggal_selesai: z.string(),
  is_current: z.boolean(),
});
export const periodRefListResponseSchema = pageOf(periodRefSchema);

/** GET /v2/lms/kampus: a campus of the caller's college (options of Ubah Data Kelas). */
export const campusRefSchema = z.object({
  id: z.string(),
  nama: z.string(),
  alamat: z.string(),
});
export type CampusRef = z.infer<typeof campusRefSchema>;
export const campusListResponseSchema = dataOf(z.array(campusRefSchema));
