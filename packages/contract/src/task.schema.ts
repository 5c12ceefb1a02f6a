import { z } from 'zod';
import { dataOf, pageOf, pageQuerySchema } from './api-envelope.schema.ts';
import { rangeMessage } from './number-range.rules.ts';
import {
  monitoringStatuses,
  taskAnswerExtensions,
  taskAnswerTextMaxLength,
  taskScoreMax,
  taskScoreMin,
  taskStatuses,
  taskTypes,
} from './task.rules.ts';

export const taskTypeSchema = z.enum(taskTypes);
export const taskStatusSchema = z.enum(taskStatuses);
export const monitoringStatusSchema = z.enum(monitoringStatuses);

const isoInstant = z.iso.datetime({ offset: true });
/** Multipart fields are text: booleans arrive as "true"/"false", lists as JSON or comma-separated text. */
const formFlag = z.union([z.boolean(), z.stringbool()]);
const optionalText = <T extends z.ZodType<string>>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const textList = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return value;
      }
    }
    return text ? text.split(',').map((s) => s.trim()) : [];
  },
  z.array(z.enum(taskAnswerExtensions)).max(taskAnswerExtensions.length),
);

/** A stored file of a task or a hand-in, served by the task's routes. */
export const taskFileSchema = z.object({
  id: z.string(),
  nama: z.string(),
  ukuran: z.number().int(),
  tipe: z.string(),
  url: z.string(),
});
export type TaskFile = z.infer<typeof taskFileSchema>;

/** A hand-in (pengumpulan_tugas): of one student, or of a group for a group task. */
export const submissionSchema = z.object({
  id: z.string(),
  /** The student (individu) or the member who handed in (kelompok). */
  mahasiswa: z.object({ id: z.string(), nim: z.string(), nama: z.string() }),
  kelompok: z.object({ id: z.string(), nama: z.string() }).nullable(),
  /** Sanitised rich text. */
  teks: z.string(),
  file: z.array(taskFileSchema),
  waktu_kumpul: z.string(),
  terlambat: z.boolean(),
  /** Students see score and feedback only once published (null before). */
  nilai: z.number().nullable(),
  feedback: z.string().nullable(),
  dinilai: z.boolean(),
  dipublikasikan: z.boolean(),
  /**
   * Staff: the group members whose score differs from the group's (per-member override). Students get []:
   * their own score is already in `nilai`.
   */
  nilai_anggota: z.array(z.object({ id_mahasiswa: z.string(), nilai: z.number() })),
});
export type Submission = z.infer<typeof submissionSchema>;

/** A task of a meeting (spec 2 §3 Task with the fields). */
export const taskSchema = z.object({
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
  /** Sanitised rich text. */
  deskripsi: z.string(),
  jenis: taskTypeSchema,
  waktu_mulai: z.string(),
  waktu_selesai: z.string(),
  /** By the server clock. */
  status: taskStatusSchema,
  tipe_file_jawaban: z.array(z.string()),
  terima_terlambat: z.boolean(),
  nilai_dipublikasikan: z.boolean(),
  lampiran: z.array(taskFileSchema),
  /** The caller's monitoring status (student: own hand-in; lecturer: the class's hand-ins). */
  status_monitoring: monitoringStatusSchema,
  /** Lecturers and operators: hand-ins so far and how many are graded; null for students. */
  rekap: z
    .object({ peserta: z.number().int(), terkumpul: z.number().int(), dinilai: z.number().int() })
    .nullable(),
  akses: z.object({ ubah: z.boolean(), kumpul: z.boolean(), nilai: z.boolean() }),
});
export type Task = z.infer<typeof taskSchema>;
export const taskResponseSchema = dataOf(taskSchema);
export const taskListResponseSchema = dataOf(z.array(taskSchema));
export const taskPageSchema = pageOf(taskSchema);

/** GET /v2/lms/tugas: the user's tasks across classes. */
export const taskListQuerySchema = pageQuerySchema.extend({
  status: taskStatusSchema.optional(),
  id_kelas_kuliah: z.string().max(100).optional(),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

/**
 * The fields of POST /v2/lms/tugas and PUT /v2/lms/tugas/{id} (JSON, or multipart with files under
 * `lampiran`). Only the shape is checked here; validateTaskForm decides the rest.
 */
export const taskFieldsSchema = z.object({
  id_pertemuan: optionalText(z.uuid()),
  judul: z.string().max(255).default(''),
  deskripsi: z.string().max(20_000).default(''),
  jenis: z.preprocess((v) => (v === '' ? undefined : v), taskTypeSchema.optional()),
  waktu_mulai: optionalText(isoInstant),
  waktu_selesai: optionalText(isoInstant),
  tipe_file_jawaban: textList.default([]),
  terima_terlambat: formFlag.default(false),
  /** Edit: ids of stored attachments to remove. */
  hapus_lampiran: z
    .preprocess(
      (v) => (typeof v === 'string' ? (v.trim() ? v.split(',').map((s) => s.trim()) : []) : v),
      z.array(z.uuid()).max(20),
    )
    .default([]),
});
export type TaskFields = z.infer<typeof taskFieldsSchema>;

/** The hand-in's text field (multipart `teks`, files under `file`). */
export const handInFieldsSchema = z.object({
  teks: z.string().max(taskAnswerTextMaxLength).default(''),
});

/** The caller's own hand-in page: the task and their (or their group's) hand-in. */
export const myHandInSchema = z.object({
  pengumpulan: submissionSchema.nullable(),
  kelompok: z
    .object({
      id: z.string(),
      nama: z.string(),
      anggota: z.array(z.object({ nim: z.string(), nama: z.string(), jabatan: z.string() })),
    })
    .nullable(),
  /** Whether a hand-in now would be accepted, and whether it would be late. */
  boleh_kumpul: z.boolean(),
  akan_terlambat: z.boolean(),
  alasan: z.string().nullable(),
});
export type MyHandIn = z.infer<typeof myHandInSchema>;
export const myHandInResponseSchema = dataOf(myHandInSchema);

/** One row of the lecturer's submissions tab: each student (or group) with their hand-in if any. */
export const submissionRowSchema = z.object({
  /** Individu: the student; kelompok: the group (members listed). */
  kunci: z.string(),
  mahasiswa: z.array(z.object({ id: z.string(), nim: z.string(), nama: z.string() })),
  kelompok: z.object({ id: z.string(), nama: z.string() }).nullable(),
  pengumpulan: submissionSchema.nullable(),
});
export type SubmissionRow = z.infer<typeof submissionRowSchema>;
export const submissionListResponseSchema = dataOf(z.array(submissionRowSchema));

/** A task score: refused, not clamped, outside 0–100. */
const taskScoreSchema = z
  .number()
  .min(taskScoreMin, rangeMessage(taskScoreMin, taskScoreMax))
  .max(taskScoreMax, rangeMessage(taskScoreMin, taskScoreMax));

/** PUT …/pengumpulan/{id}/nilai. */
export const gradeInputSchema = z.object({
  nilai: taskScoreSchema.nullable(),
  feedback: z.string().max(5000).default(''),
  /**
   * Group hand-ins: members who get a score different from the group's. Absent keeps the stored ones;
   * given, it replaces them ([] gives every member the group's score).
   */
  nilai_anggota: z
    .array(
      z.object({
        id_mahasiswa: z.uuid('Mahasiswa tidak valid.'),
        nilai: taskScoreSchema,
      }),
    )
    .max(100)
    .optional(),
});
export type GradeInput = z.infer<typeof gradeInputSchema>;

/** PUT /v2/lms/tugas/{id}/publikasi. */
export const publishInputSchema = z.object({ publikasi: z.boolean() });

export const submissionResponseSchema = dataOf(submissionSchema);
