import { z } from 'zod';
import { dataOf, pageOf, pageQuerySchema } from './api-envelope.schema.ts';
import { rangeMessage } from './number-range.rules.ts';
import {
  classExecutionFilterValues,
  classStatusValues,
  classCapacityMax,
  lectureModeValues,
  teacherRoleValues,
} from './class.rules.ts';

export const classStatusSchema = z.enum(classStatusValues);
export const lectureModeSchema = z.enum(lectureModeValues);
export const teacherRoleSchema = z.enum(teacherRoleValues);

/** A study program as classes show it. */
export const prodiRefSchema = z.object({ nama: z.string(), jenjang: z.string() });

const optionalText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => v || undefined);

/** GET /v2/lms/kelas_kuliah: paging, period, course, search, execution status, study programs. */
export const classListQuerySchema = pageQuerySchema.extend({
  periode: z.coerce.number().int().min(10000).max(99999).optional(),
  id_mata_kuliah: optionalText,
  /** Part of the course code or name, the class name or id, or a teacher's name. */
  search: optionalText,
  /** belum_dimulai, berlangsung, selesai; empty (Semua) means no filter. */
  status: z
    .union([z.enum(classExecutionFilterValues), z.literal('')])
    .optional()
    .transform((v) => v || undefined),
  /** Study program of the course (Prodi Matkul). */
  id_prodi_mata_kuliah: optionalText,
  /** A study program the class is offered to (Prodi Kelas). */
  id_prodi_kelas: optionalText,
});
export type ClassListQuery = z.infer<typeof classListQuerySchema>;

/** A weekly slot (jadwal): hari 0–6 from Sunday, local HH:mm:ss. */
export const classScheduleSchema = z.object({
  hari: z.number().int().min(0).max(6),
  jam_mulai: z.string(),
  jam_selesai: z.string(),
  ruangan: z.object({ id: z.string(), nama: z.string() }).nullable(),
  sesi: z.object({ id: z.string(), nama: z.string() }).nullable(),
});

/** A teacher of a class (spec 2 §3 Teacher). */
export const classTeacherSchema = z.object({
  /** The lecturer's user id (also id_dosen). */
  id: z.string(),
  id_dosen: z.string(),
  nama: z.string(),
  nidn: z.string(),
  prodi: prodiRefSchema.nullable(),
  /** Label: Dosen Koordinator, Dosen or Asisten. */
  jabatan: z.string(),
  peran: teacherRoleSchema,
  is_utama: z.boolean(),
  gelar_depan: z.string().nullable(),
  nama_pengajar: z.string(),
  gelar_akademik: z.string().nullable(),
  avatar_url: z.string().nullable(),
});
export type ClassTeacher = z.infer<typeof classTeacherSchema>;

/** A class in lists (spec 1 §3) with the counts the operator table shows. */
export const classListItemSchema = z.object({
  id: z.string(),
  status: classStatusSchema,
  banner_url: z.string().nullable(),
  banner_color_idx: z.number().int(),
  periode: z.number().int(),
  kelas: z.object({
    id_kelas: z.string(),
    nama: z.string(),
    nama_kelas: z.string(),
    jenis: z.object({ nama: z.string() }),
    jenis_kelas: z.string(),
  }),
  mata_kuliah: z.object({
    id: z.string(),
    kode: z.string(),
    nama: z.string(),
    sks: z.number().int(),
    prodi: prodiRefSchema,
  }),
  prodi_kelas: z.array(prodiRefSchema),
  mode_kuliah: lectureModeSchema,
  lingkup: z.string(),
  kapasitas: z.number().int(),
  kampus: z.object({ nama: z.string() }).nullable(),
  jadwal: z.array(classScheduleSchema),
  pengajar: z.array(classTeacherSchema),
  jumlah_peserta: z.number().int(),
  jumlah_pertemuan: z.number().int(),
});
export type ClassListItem = z.infer<typeof classListItemSchema>;
export const classListResponseSchema = pageOf(classListItemSchema);

/** A file as the API shows it. */
export const fileRefSchema = z.object({
  name: z.string(),
  url: z.string(),
  content_length: z.number().int(),
});

/** A student of a class (spec 2 §3 Student participant). */
export const classStudentSchema = z.object({
  id: z.string(),
  nim: z.string(),
  nama: z.string(),
  avatar_url: z.string().nullable(),
  prodi: prodiRefSchema.nullable(),
  angkatan: z.number().int(),
  /** ketua_kelas for the class head, else Peserta. */
  jabatan: z.enum(['ketua_kelas', 'Peserta']),
});
export type ClassStudent = z.infer<typeof classStudentSchema>;

/** What the signed-in user may do with this class; the web app shows buttons from it. */
export const classAccessSchema = z.object({
  /** Class settings: banner (Pengaturan Kelas). */
  ubah_banner: z.boolean(),
  /** Ubah Kelas: class data fields. */
  ubah_kelas: z.boolean(),
  ubah_ketua_kelas: z.boolean(),
  ubah_jabatan: z.boolean(),
  ubah_silabus: z.boolean(),
  /** Ubah Data RPS: the course coordinator or RPS developer (opens SIAKAD). */
  ubah_rps: z.boolean(),
  ubah_pertemuan: z.boolean(),
});
export type ClassAccess = z.infer<typeof classAccessSchema>;

/** GET /v2/lms/kelas_kuliah/{id}. */
export const classDetailSchema = classListItemSchema.extend({
  mata_kuliah: classListItemSchema.shape.mata_kuliah.extend({
    pendahuluan: z.object({
      silabus: z.object({ teks: z.string().nullable(), file: fileRefSchema.nullable() }),
    }),
  }),
  metode_pengajaran: z.string(),
  kampus: z.object({ id: z.string(), nama: z.string() }).nullable(),
  ketua_kelas_nim: z.string().nullable(),
  peserta: z.array(classStudentSchema),
  akses: classAccessSchema,
});
export type ClassDetail = z.infer<typeof classDetailSchema>;
export const classDetailResponseSchema = dataOf(classDetailSchema);

export const classIdParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** GET /v2/lms/kelas_kuliah/{id}/peserta/nim_nama: participants for the class-head search. */
export const classParticipantQuerySchema = z.object({ search: optionalText });
export const classParticipantNameSchema = z.object({ nim: z.string(), nama: z.string() });
export const classParticipantNamesResponseSchema = dataOf(z.array(classParticipantNameSchema));

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * PUT /v2/lms/kelas_kuliah/{id}: the class data fields (multipart fields or JSON), each optional.
 * `file_banner` (png/jpg/jpeg) comes as a multipart file; `hapus_banner=true` removes the banner.
 */
export const classUpdateFieldsSchema = z.object({
  mode_kuliah: z.preprocess(emptyToUndefined, lectureModeSchema.optional()),
  kapasitas: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int('Kapasitas harus bilangan bulat.')
      .min(0, rangeMessage(0, classCapacityMax))
      .max(classCapacityMax, rangeMessage(0, classCapacityMax))
      .optional(),
  ),
  lingkup: z.preprocess(emptyToUndefined, z.enum(['Prodi', 'Fakultas', 'Universitas']).optional()),
  metode_pengajaran: z.preprocess(emptyToUndefined, z.enum(['Individu', 'Team Teaching']).optional()),
  id_kampus: z.preprocess(emptyToUndefined, z.uuid().optional()),
  banner_color_idx: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(6).optional()),
  hapus_banner: z.preprocess(
    emptyToUndefined,
    z
      .union([z.boolean(), z.enum(['true', 'false'])])
      .optional()
      .transform((v) => v === true || v === 'true'),
  ),
});
export type ClassUpdateFields = z.infer<typeof classUpdateFieldsSchema>;

/** PUT /v2/lms/kelas_kuliah/{id}/ketua_kelas: the chosen student's nim, or empty for none. */
export const classHeadUpdateSchema = z.object({ nim: z.string().trim().max(50) });

/** PUT /v2/lms/kelas_kuliah/{id}/pengajar/{idDosen}: the teacher's role (Ubah Jabatan). */
export const teacherRoleUpdateSchema = z.object({ peran: teacherRoleSchema });
export const classTeacherParamsSchema = z.object({ id: z.string().min(1).max(200), idDosen: z.uuid() });
