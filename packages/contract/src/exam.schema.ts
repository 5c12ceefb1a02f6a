import { z } from 'zod';
import { dataOf, pageOf, pageQuerySchema } from './api-envelope.schema.ts';
import { rangeMessage } from './number-range.rules.ts';
import {
  attemptStatuses,
  essayFileTypes,
  examKinds,
  examMessages,
  examNatures,
  examStatuses,
  groupRules,
  maxQuestionMark,
  questionKinds,
  studentAttemptStatuses,
} from './exam.rules.ts';

export const examKindSchema = z.enum(examKinds);
export const examNatureSchema = z.enum(examNatures);
export const examStatusSchema = z.enum(examStatuses);
export const groupRuleSchema = z.enum(groupRules);
export const questionKindSchema = z.enum(questionKinds);

const isoInstant = z.iso.datetime({ offset: true });

/**
 * The exam form (spec 3 §3 save payload). Only the shape is checked here; missing and out-of-order
 * values are the rules' (validateExamForm), so that they answer with the spec's texts in its order.
 */
export const examInputSchema = z.object({
  id_pertemuan: z.uuid({ message: examMessages.pertemuanRequired }).nullable().optional(),
  judul: z.string().max(255).nullable().optional(),
  deskripsi: z.string().max(20_000).nullable().optional(),
  jenis: examKindSchema.nullable().optional(),
  sifat: examNatureSchema.default('close'),
  id_ujian_utama: z.uuid().nullable().optional(),
  durasi: z.number().int().min(0).max(100_000).nullable().optional(),
  gunakan_batas_waktu: z.boolean().default(false),
  acak_soal: z.boolean().default(false),
  ditampilkan: z.boolean().default(true),
  tampilkan_kunci_jawaban: z.boolean().default(false),
  waktu_tampil_kunci: isoInstant.nullable().optional(),
  waktu_mulai: isoInstant.nullable().optional(),
  waktu_selesai: isoInstant.nullable().optional(),
  /** nim of the remedial's participants. */
  peserta_remedial: z.array(z.string().max(50)).max(2000).default([]),
});
export type ExamInput = z.infer<typeof examInputSchema>;

/** POST /v2/lms/ujian/salin: copy exam `id` (its form and questions) into the form's meeting. */
export const examCopySchema = examInputSchema.extend({
  /** Missing: "Pilih ujian terlebih dahulu" (checked by the server so the text is the spec's). */
  id: z.uuid({ message: examMessages.pickExamFirst }).nullable().optional(),
  /** The operator form's "Salin Kunci Jawaban" (spec 3 §3): false copies the questions without their keys. */
  salin_kunci_jawaban: z.boolean().optional(),
});
export type ExamCopyInput = z.infer<typeof examCopySchema>;

/** An exam as the API answers it. */
export const examSchema = z.object({
  id: z.string(),
  id_kelas_kuliah: z.string(),
  id_pertemuan: z.string(),
  id_ujian_utama: z.string().nullable(),
  pertemuan: z.object({ nomor: z.number().int() }),
  kelas_kuliah: z.object({
    id: z.string(),
    nama: z.string(),
    mata_kuliah: z.object({ id: z.string(), kode: z.string(), nama: z.string() }),
  }),
  judul: z.string(),
  deskripsi: z.string(),
  jenis: examKindSchema,
  sifat: examNatureSchema,
  durasi: z.number().int().nullable(),
  gunakan_batas_waktu: z.boolean(),
  acak_soal: z.boolean(),
  ditampilkan: z.boolean(),
  tampilkan_kunci_jawaban: z.boolean(),
  /** '0001-01-01T00:00:00Z' when unset. */
  waktu_tampil_kunci: z.string(),
  waktu_mulai: z.string(),
  waktu_selesai: z.string(),
  /** By the server clock. */
  status: examStatusSchema,
  is_tampilkan_nilai: z.boolean(),
  jumlah_soal: z.number().int(),
  jumlah_pengerjaan: z.number().int(),
  jumlah_belum_dinilai: z.number().int(),
  has_remedial: z.boolean(),
  peserta_remedial: z.array(z.string()),
  created_by: z.object({ nama: z.string(), username: z.string() }).nullable(),
  /** The signed-in student's own attempt, or null (lecturers and operators: null). */
  pengerjaan_saya: z
    .object({
      id: z.string(),
      status: z.enum(studentAttemptStatuses),
      waktu_mulai: z.string(),
      waktu_selesai: z.string().nullable(),
      batas_waktu: z.string(),
      jumlah_soal: z.number().int(),
      jumlah_soal_dijawab: z.number().int(),
      nilai_akhir: z.number().nullable(),
    })
    .nullable(),
  /** Server time of this answer: the client's clock is never used. */
  waktu_server: z.string(),
  akses: z.object({
    ubah: z.boolean(),
    hapus: z.boolean(),
    kerjakan: z.boolean(),
    nilai: z.boolean(),
  }),
});
export type Exam = z.infer<typeof examSchema>;
export const examResponseSchema = dataOf(examSchema);
export const examListResponseSchema = dataOf(z.array(examSchema));
export const examPageSchema = pageOf(examSchema);

/** GET /v2/lms/ujian: the user's exams. */
export const examListQuerySchema = pageQuerySchema.extend({
  status: examStatusSchema.optional(),
  periode: z.string().max(10).optional(),
  id_mata_kuliah: z.string().max(100).optional(),
  id_pertemuan: z.uuid().optional(),
  id_kelas_kuliah: z.string().max(100).optional(),
  search: z.string().max(200).optional(),
});
export type ExamListQuery = z.infer<typeof examListQuerySchema>;

/** GET /v2/lms/ujian/salin: exams of other classes to copy (spec 3 §7 query; the path is ours). */
export const examCopyQuerySchema = pageQuerySchema.extend({
  exclude_id_kelas_kuliah: z.string().max(100).optional(),
  id_mata_kuliah: z.string().max(100).optional(),
  search: z.string().max(200).optional(),
});
export type ExamCopyQuery = z.infer<typeof examCopyQuerySchema>;

// ---------------------------------------------------------------------------------------------------
// Questions (the question bank reuses questionBodySchema and questionInputSchema)

/** An attachment of a question or its key (spec 3 §3: name, content_length, url, extension). */
export const questionFileSchema = z.object({
  name: z.string(),
  url: z.string(),
  content_length: z.number().int(),
  extension: z.string(),
});
export type QuestionFile = z.infer<typeof questionFileSchema>;

const optionSchema = z.object({
  teks: z.string().max(5000),
  gambar: z.string().max(2000).nullable().optional(),
});

/** A share of a question's mark, in percent. */
const creditSchema = z.number().finite().min(0).max(100);
const acceptedAnswerSchema = z.object({ teks: z.string().max(500), nilai: creditSchema.default(100) });

/** The type-specific block of a question with its key (QuestionBody of the rules). */
export const questionBodySchema = z.discriminatedUnion('jenis', [
  z.object({
    jenis: z.literal('pilihan'),
    pilihan: z.array(optionSchema).max(26),
    kunci: z.number().int().min(0).nullable(),
  }),
  z.object({
    jenis: z.literal('benar_salah'),
    label: z
      .object({ benar: z.string().max(100), salah: z.string().max(100) })
      .default({ benar: 'Benar', salah: 'Salah' }),
    kunci: z.boolean().nullable(),
  }),
  z.object({
    jenis: z.literal('esay'),
    jenis_file_diterima: z.array(z.enum(essayFileTypes)).default([]),
    kunci: z.string().max(20_000).default(''),
  }),
  z.object({
    jenis: z.literal('isian_singkat'),
    jawaban: z.array(acceptedAnswerSchema).max(20),
    peka_huruf_besar: z.boolean().default(false),
  }),
  z.object({
    jenis: z.literal('numerik'),
    jawaban: z
      .array(
        z.object({
          angka: z.number().finite(),
          toleransi: z.number().finite().default(0),
          nilai: creditSchema,
        }),
      )
      .max(20),
    satuan: z
      .array(z.object({ satuan: z.string().max(50), pengali: z.number().finite() }))
      .max(10)
      .default([]),
  }),
  z.object({
    jenis: z.literal('pilihan_kompleks'),
    pilihan: z.array(optionSchema).max(26),
    bobot: z.array(z.number().finite().min(-100).max(100)).max(26).nullable(),
  }),
  z.object({
    jenis: z.literal('menjodohkan'),
    pasangan: z.array(z.object({ kiri: z.string().max(2000), kanan: z.string().max(500) })).max(26),
    pengecoh: z.array(z.string().max(500)).max(10).default([]),
    /** Only without the key: the right-hand choices in alphabetical order. */
    pilihan_kanan: z.array(z.string().max(500)).max(36).optional(),
  }),
  z.object({
    jenis: z.literal('isian_rumpang'),
    rumpang: z
      .array(
        z.discriminatedUnion('jenis', [
          z.object({
            jenis: z.literal('pilihan'),
            pilihan: z.array(z.string().max(500)).max(26),
            kunci: z.number().int().min(0).nullable(),
          }),
          z.object({
            jenis: z.literal('isian'),
            jawaban: z.array(acceptedAnswerSchema).max(20),
            peka_huruf_besar: z.boolean().default(false),
          }),
        ]),
      )
      .max(30),
  }),
]);

/** Add or edit a question: rich text (sanitised by the server) and its block. */
export const questionInputSchema = z.object({
  pertanyaan: z.string().max(50_000),
  isi: questionBodySchema,
});
export type QuestionInput = z.infer<typeof questionInputSchema>;

/** Add or edit a question group. */
export const groupInputSchema = z.object({
  judul: z.string().max(255).default(''),
  aturan: groupRuleSchema,
  jumlah_wajib_dijawab: z.number().int().min(1).max(1000).nullable().optional(),
});
export type GroupInput = z.infer<typeof groupInputSchema>;

/** New order of an exam's groups, or of a group's questions. */
export const reorderSchema = z.object({ urutan: z.array(z.uuid()).min(1).max(1000) });

/** A question as shown: to students without its key (`isi.kunci` null) unless the key may be shown. */
export const questionSchema = z.object({
  id: z.string(),
  nomor: z.number().int(),
  jenis: questionKindSchema,
  pertanyaan: z.string(),
  isi: questionBodySchema,
  /** Attachments of the question (soal_files) and of an essay's key (kunci_files), when it has any. */
  soal_files: z.array(questionFileSchema).optional(),
  kunci_files: z.array(questionFileSchema).optional(),
});
export type Question = z.infer<typeof questionSchema>;

export const groupSchema = z.object({
  id: z.string(),
  nomor: z.number().int(),
  judul: z.string(),
  aturan: groupRuleSchema,
  jumlah_wajib_dijawab: z.number().int().nullable(),
  soal: z.array(questionSchema),
});
export type QuestionGroup = z.infer<typeof groupSchema>;

/** GET /v2/lms/ujian/{id}/kelompok_soal: the exam's content (lecturers and operators). */
export const examContentResponseSchema = dataOf(z.object({ kelompok_soal: z.array(groupSchema) }));
/**
 * GET /v2/lms/ujian/{id}/pratinjau: the exam as a starting student would get it, drawn anew by the
 * attempt's own rule on every call (random groups keep their count, acak_soal shuffles), with keys;
 * nothing is stored. `jumlah_soal` is the drawn set's size.
 */
export const examPreviewResponseSchema = dataOf(
  z.object({ kelompok_soal: z.array(groupSchema), jumlah_soal: z.number().int() }),
);
export type ExamPreview = z.infer<typeof examPreviewResponseSchema>['data'];
export const groupResponseSchema = dataOf(groupSchema);
export const questionResponseSchema = dataOf(questionSchema);

// ---------------------------------------------------------------------------------------------------
// Attempts

export const answerValueSchema = z.discriminatedUnion('jenis', [
  z.object({ jenis: z.literal('pilihan'), pilihan: z.number().int().min(0).max(25).nullable() }),
  z.object({ jenis: z.literal('benar_salah'), benar_salah: z.boolean().nullable() }),
  z.object({ jenis: z.literal('esay'), teks: z.string().max(50_000) }),
  z.object({ jenis: z.literal('isian_singkat'), teks: z.string().max(500) }),
  z.object({ jenis: z.literal('numerik'), teks: z.string().max(100) }),
  z.object({
    jenis: z.literal('pilihan_kompleks'),
    pilihan: z.array(z.number().int().min(0).max(25)).max(26),
  }),
  z.object({ jenis: z.literal('menjodohkan'), pasangan: z.array(z.string().max(500).nullable()).max(26) }),
  z.object({
    jenis: z.literal('isian_rumpang'),
    rumpang: z.array(z.union([z.string().max(500), z.number().int().min(0).max(25), z.null()])).max(30),
  }),
]);

/**
 * PUT /v2/lms/pengerjaan/{id}/jawaban/{soalId}: one answer. `urutan` is the client's increasing
 * sequence number for this question: a save with a lower or equal number than the stored one changes
 * nothing (a late retry never overwrites a newer answer).
 */
export const answerInputSchema = z.object({
  jawaban: answerValueSchema,
  urutan: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export type AnswerInput = z.infer<typeof answerInputSchema>;

export const answerSavedSchema = dataOf(
  z.object({
    id_soal: z.string(),
    urutan: z.number().int(),
    /** Whether this save was applied (false: a newer one is stored). */
    diterapkan: z.boolean(),
    waktu_server: z.string(),
    sisa_detik: z.number().int(),
  }),
);

/** The student's attempt with its fixed question set (the taking page). */
export const attemptSchema = z.object({
  id: z.string(),
  id_ujian: z.string(),
  status: z.enum(attemptStatuses),
  waktu_mulai: z.string(),
  batas_waktu: z.string(),
  waktu_selesai: z.string().nullable(),
  waktu_server: z.string(),
  sisa_detik: z.number().int(),
  jumlah_soal: z.number().int(),
  jumlah_soal_dijawab: z.number().int(),
  nilai_akhir: z.number().nullable(),
  pengurangan_nilai: z.number(),
  sudah_dinilai: z.boolean(),
  mahasiswa: z.object({ id: z.string(), nama: z.string(), nim: z.string() }),
  /** Closed book: when the student left fullscreen or the tab (server time). */
  catatan_keluar: z.array(z.object({ jenis: z.enum(['fullscreen', 'tab']), waktu: z.string() })),
  kelompok_soal: z.array(
    z.object({
      id: z.string(),
      nomor: z.number().int(),
      judul: z.string(),
      aturan: groupRuleSchema,
      jumlah_wajib_dijawab: z.number().int().nullable(),
      soal: z.array(
        questionSchema.extend({
          jawaban: answerValueSchema.nullable(),
          urutan: z.number().int(),
          /** Shown once graded and published (students), always to lecturers. */
          nilai: z.number().int().nullable(),
          /**
           * The mark is the lecturer's (an essay's, or an override of an automatic mark, which a rescore
           * after a corrected key keeps); false: automatic or none. Told with marks and keys (lecturers).
           */
          nilai_dosen: z.boolean().optional(),
          /** Files attached to an essay answer (jawaban_ujian): the student's own, and the lecturer's view. */
          jawaban_files: z.array(questionFileSchema).optional(),
        }),
      ),
    }),
  ),
});
export type Attempt = z.infer<typeof attemptSchema>;
export const attemptResponseSchema = dataOf(attemptSchema);

/** A row of the lecturer's attempts list. */
export const attemptRowSchema = z.object({
  id: z.string(),
  mahasiswa: z.object({ id: z.string(), nama: z.string(), nim: z.string() }),
  status: z.enum(attemptStatuses),
  waktu_mulai: z.string(),
  waktu_selesai: z.string().nullable(),
  jumlah_soal: z.number().int(),
  jumlah_soal_dijawab: z.number().int(),
  nilai_akhir: z.number().nullable(),
  sudah_dinilai: z.boolean(),
});
export const attemptPageSchema = pageOf(attemptRowSchema);
export const attemptListQuerySchema = pageQuerySchema.extend({ search: z.string().max(200).optional() });
export const noAttemptListResponseSchema = dataOf(
  z.array(z.object({ id: z.string(), nama: z.string(), nim: z.string() })),
);

/**
 * PUT …/soal/{questionId}/nilai: an essay's mark or the lecturer's mark of any other kind, which overrides
 * the automatic one until DELETE …/nilai; an integer 0–100.
 */
export const markInputSchema = z.object({
  nilai: z
    .number()
    .int('Nilai harus bilangan bulat.')
    .min(0, rangeMessage(0, maxQuestionMark))
    .max(maxQuestionMark, rangeMessage(0, maxQuestionMark)),
});
/** PUT /v2/lms/pengerjaan/{id}/pengurangan_nilai: 2 decimals. */
export const deductionInputSchema = z.object({
  nilai: z
    .number()
    .min(0, rangeMessage(0, maxQuestionMark))
    .max(maxQuestionMark, rangeMessage(0, maxQuestionMark))
    .refine((v) => Math.round(v * 100) === v * 100 || Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
      message: 'Pengurangan nilai paling banyak 2 angka desimal',
    }),
});
/** PUT /v2/lms/ujian/{id}/nilai_publishing. */
export const publishInputSchema = z.object({ is_tampilkan_nilai: z.boolean() });
export const calculationStatusSchema = dataOf(z.object({ status: z.enum(['selesai', 'proses']) }));

/** PUT /v2/lms/ujian/{id}/perpanjang and /v2/lms/pengerjaan/{id}/perpanjang: minutes added (or given back). */
export const extensionInputSchema = z.object({ menit: z.number().int().min(1).max(1440) });

/** GET /v2/lms/ujian/{id}/pengerjaan/jawaban_stats: how the attempts answered each question. */
export const answerStatsResponseSchema = dataOf(
  z.array(
    z.object({
      id_soal: z.string(),
      nomor: z.number().int(),
      jenis: questionKindSchema,
      /** Attempts that were given the question. */
      jumlah_peserta: z.number().int(),
      jumlah_dijawab: z.number().int(),
      /** Answers with the full mark (choices and true/false: the key). */
      jumlah_benar: z.number().int(),
      /**
       * Choices and multiple answers: answers picking each option index; true/false: [benar, salah];
       * other kinds: empty.
       */
      sebaran: z.array(z.number().int()),
      /** Mean mark of the marked answers, or null. */
      rata_rata_nilai: z.number().nullable(),
    }),
  ),
);
export type AnswerStats = z.infer<typeof answerStatsResponseSchema>['data'];

/** POST /v2/lms/pengerjaan/{id}/keluar: the page reports leaving fullscreen or the tab (closed book). */
export const leaveInputSchema = z.object({ jenis: z.enum(['fullscreen', 'tab']) });
