import { z } from 'zod';
import { dataOf, pageOf, pageQuerySchema } from './api-envelope.schema.ts';
import { activityKinds } from './activity.rules.ts';
import {
  gradeIntegrators,
  gradeSendItemStatuses,
  gradeSendStatuses,
  gradeTypes,
  scoreStatuses,
  sendChanges,
} from './grade.rules.ts';

export const gradeTypeSchema = z.enum(gradeTypes);

/** The class as the recap's header card shows it (spec 3 §3 "Grade recap" kelas). */
export const recapClassSchema = z.object({
  id: z.string(),
  periode: z.number().int(),
  mata_kuliah: z.object({ id: z.string(), kode: z.string(), nama: z.string() }),
  kelas: z.object({ nama: z.string(), jenis: z.object({ nama: z.string() }) }),
  kampus: z.object({ nama: z.string() }).nullable(),
  mode: z.string().nullable(),
  is_nilai_dikunci: z.boolean(),
});

/** One LMS activity column. */
export const recapActivitySchema = z.object({
  aktivitas: z.object({
    id: z.string(),
    /** The activity model's kind (tugas, ujian, forum) and the item's id in its area, for links. */
    kind: z.enum(activityKinds),
    content_id: z.string(),
    jenis: gradeTypeSchema,
    label: z.string(),
  }),
  id_pertemuan: z.string(),
  label_pertemuan: z.string(),
  status_nilai: z.enum(scoreStatuses),
});
export type RecapActivity = z.infer<typeof recapActivitySchema>;

/** A SIAKAD component column. */
export const recapComponentSchema = z.object({
  id: z.string(),
  jenis: z.string(),
  label: z.string(),
  bobot: z.number(),
  waktu_entri_nilai_start: z.string().nullable(),
  waktu_entri_nilai_end: z.string().nullable(),
  /** Ids of the activities (recapActivity.aktivitas.id) that make up the component. */
  aktivitas: z.array(z.string()),
});
export type RecapComponent = z.infer<typeof recapComponentSchema>;

/** One student's row; values are -1.618 when there is none. */
export const recapStudentRowSchema = z.object({
  mahasiswa: z.object({ id_user: z.string(), nama: z.string(), nim: z.string() }),
  nilai_pertemuan: z.array(z.object({ aktivitas: z.string(), nilai: z.number() })),
  rata_rata_lms: z.array(z.object({ jenis: gradeTypeSchema, rata_rata: z.number() })),
  nilai_sikad: z.array(
    z.object({
      komponen: z.object({ id: z.string(), bobot: z.number() }),
      /** The value the LMS would send (the component formula). */
      nilai: z.number(),
      /** What SIAKAD holds now. */
      nilai_di_sikad: z.number(),
      update_by_sikad: z.boolean(),
    }),
  ),
});
export type RecapStudentRow = z.infer<typeof recapStudentRowSchema>;

/** What the caller may do on the recap; the server enforces the same. */
export const recapAccessSchema = z.object({
  /** Send scores now (spec 3 §5). */
  kirim: z.boolean(),
  /** Open the component modal: write permission and the designated integrator. */
  atur_komponen: z.boolean(),
  /** Follow links to class pages (read on kelas_kuliah). */
  baca_kelas: z.boolean(),
  /** The banner of spec 3 §8. */
  pesan: z.string().nullable(),
  nada: z.enum(['success', 'warning', 'error']).nullable(),
});
export type RecapAccess = z.infer<typeof recapAccessSchema>;

export const gradeRecapSchema = z.object({
  kelas: recapClassSchema,
  header_aktivitas: z.array(recapActivitySchema),
  header_rerata: z.array(z.object({ jenis: gradeTypeSchema, label: z.string() })),
  header_sikad: z.array(recapComponentSchema),
  nilai_mahasiswa: z.array(recapStudentRowSchema),
  waktu_entri_nilai: z.object({ start: z.string().nullable(), end: z.string().nullable() }),
  /** The college's time zone label (WIB, WITA, WIT) shown beside times. */
  zona_waktu: z.string(),
  akses: recapAccessSchema,
});
export type GradeRecap = z.infer<typeof gradeRecapSchema>;
export const gradeRecapResponseSchema = dataOf(gradeRecapSchema);

const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

/** Export Excel with the Tampilkan boxes (absent flags count as shown). */
export const recapExportQuerySchema = z.object({
  tugas: flag,
  kuis: flag,
  forum: flag,
  uts: flag,
  uas: flag,
  sikad_lebih_0: flag,
  sikad_sama_0: flag,
});
export type RecapExportQuery = z.infer<typeof recapExportQuerySchema>;

/** GET …/aktivitas: the class's LMS activities a component may be made of. */
export const recapActivitiesResponseSchema = dataOf(z.array(recapActivitySchema));

/** GET …/komponen/{komponenId}: the activities chosen for the component. */
export const componentActivitiesResponseSchema = dataOf(z.array(recapActivitySchema));

/** PUT …/komponen/{komponenId}. */
export const componentActivitiesInputSchema = z.object({
  list_aktivitas: z
    .array(z.uuid('Aktivitas tidak valid.'))
    .max(200, 'Paling banyak 200 aktivitas.')
    .transform((ids) => [...new Set(ids)]),
});
export type ComponentActivitiesInput = z.input<typeof componentActivitiesInputSchema>;

/** GET /v2/lms/pengaturan/integrasi_nilai/{id}. */
export const gradeIntegrationResponseSchema = dataOf(
  z.object({
    pelaku_integrasi_nilai: z.enum(gradeIntegrators),
    /** The caller's page type is the integrator. */
    is_pelaku: z.boolean(),
    /** Which SIAKAD the college talks to. */
    siakad: z.enum(['demo', 'http']),
  }),
);

/** The college's grade integration settings, kept under `integrasi_nilai` of its settings. */
export const gradeIntegrationSettingsSchema = z
  .object({
    pelaku: z.enum(gradeIntegrators).catch('dosen').default('dosen'),
    siakad: z
      .object({
        jenis: z.enum(['demo', 'http']).catch('demo').default('demo'),
        url: z
          .url({ protocol: /^https?$/ })
          .nullable()
          .catch(null)
          .default(null),
        batas_waktu_ms: z.number().int().min(100).max(120_000).catch(10_000).default(10_000),
      })
      .catch({ jenis: 'demo', url: null, batas_waktu_ms: 10_000 })
      .prefault({}),
  })
  .catch({ pelaku: 'dosen', siakad: { jenis: 'demo', url: null, batas_waktu_ms: 10_000 } })
  .prefault({});
export type GradeIntegrationSettings = z.infer<typeof gradeIntegrationSettingsSchema>;

/** The texts of the grade integration settings form. */
export const gradeIntegrationMessages = {
  urlRequired: 'Alamat Siakad wajib diisi bila memakai Siakad HTTP.',
  urlInvalid: 'Alamat Siakad harus URL http atau https.',
  timeoutRange: 'Batas waktu harus 100 sampai 120.000 milidetik.',
  secretRequired: 'Kunci rahasia Siakad wajib diisi bila memakai Siakad HTTP.',
  secretLength: 'Kunci rahasia Siakad harus 32 sampai 200 karakter.',
  saved: 'Pengaturan integrasi nilai tersimpan',
} as const;

/**
 * PUT /v2/lms/pengaturan/integrasi_nilai: who is the designated integrator and which SIAKAD the college
 * talks to. A HTTP SIAKAD needs its address; the demo keeps none.
 */
export const gradeIntegrationInputSchema = z
  .object({
    pelaku: z.enum(gradeIntegrators, 'Pilih dosen atau operator.'),
    siakad: z.object({
      jenis: z.enum(['demo', 'http'], 'Pilih Siakad demo atau HTTP.'),
      url: z
        .preprocess(
          (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
          z
            .url({ protocol: /^https?$/, error: gradeIntegrationMessages.urlInvalid })
            .max(500, gradeIntegrationMessages.urlInvalid)
            .nullable(),
        )
        .default(null),
      batas_waktu_ms: z
        .number(gradeIntegrationMessages.timeoutRange)
        .int(gradeIntegrationMessages.timeoutRange)
        .min(100, gradeIntegrationMessages.timeoutRange)
        .max(120_000, gradeIntegrationMessages.timeoutRange)
        .default(10_000),
      /**
       * The key the LMS signs its requests to this SIAKAD with (write-only: never answered; absent
       * keeps the stored one).
       */
      kunci_rahasia: z
        .string(gradeIntegrationMessages.secretLength)
        .min(32, gradeIntegrationMessages.secretLength)
        .max(200, gradeIntegrationMessages.secretLength)
        .optional(),
    }),
  })
  .superRefine((value, ctx) => {
    if (value.siakad.jenis === 'http' && !value.siakad.url) {
      ctx.addIssue({
        code: 'custom',
        path: ['siakad', 'url'],
        message: gradeIntegrationMessages.urlRequired,
      });
    }
  })
  .transform((value) => ({
    ...value,
    siakad: { ...value.siakad, url: value.siakad.jenis === 'demo' ? null : value.siakad.url },
  }));
export type GradeIntegrationInput = z.input<typeof gradeIntegrationInputSchema>;
export type GradeIntegrationInputParsed = z.output<typeof gradeIntegrationInputSchema>;

/** GET|PUT /v2/lms/pengaturan/integrasi_nilai: the college's grade integration settings. */
export const gradeIntegrationSettingsResponseSchema = dataOf(
  z.object({
    pelaku: z.enum(gradeIntegrators),
    siakad: z.object({
      jenis: z.enum(['demo', 'http']),
      url: z.string().nullable(),
      batas_waktu_ms: z.number().int(),
      /** Whether a key for signing requests is stored (the key itself is never answered). */
      kunci_rahasia_tersimpan: z.boolean(),
    }),
  }),
);

/** Reads the integration settings from a college's settings jsonb; anything malformed is the default. */
export function readGradeIntegration(settings: unknown): GradeIntegrationSettings {
  const stored = settings && typeof settings === 'object' ? (settings as Record<string, unknown>) : {};
  return gradeIntegrationSettingsSchema.parse(stored.integrasi_nilai);
}

/** The preview's row: one student and component. */
export const sendPreviewItemSchema = z.object({
  mahasiswa: z.object({ id_user: z.string(), nama: z.string(), nim: z.string() }),
  komponen: z.object({ id: z.string(), label: z.string() }),
  nilai_sikad: z.number().nullable(),
  nilai_lms: z.number().nullable(),
  update_by_sikad: z.boolean(),
  perubahan: z.enum(sendChanges),
});
export const sendPreviewSchema = z.object({
  items: z.array(sendPreviewItemSchema),
  ringkasan: z.record(z.enum(sendChanges), z.number().int()),
  /** Some value updated in SIAKAD would be overwritten: the confirmation of spec 3 §5 is needed. */
  perlu_konfirmasi: z.boolean(),
  pesan_konfirmasi: z.string().nullable(),
});
export type SendPreview = z.infer<typeof sendPreviewSchema>;
export const sendPreviewResponseSchema = dataOf(sendPreviewSchema);

/** POST …/kirim. */
export const sendInputSchema = z.object({
  /** The user confirmed overwriting values updated in SIAKAD. */
  konfirmasi_timpa: z.boolean().default(false),
});

export const gradeSendSchema = z.object({
  id: z.string(),
  id_kelas_kuliah: z.string(),
  status: z.enum(gradeSendStatuses),
  total: z.number().int(),
  selesai: z.number().int(),
  terkirim: z.number().int(),
  sama: z.number().int(),
  gagal: z.number().int(),
  pesan: z.string().nullable(),
  dibuat_oleh: z.object({ nama: z.string(), username: z.string(), role: z.string() }),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type GradeSend = z.infer<typeof gradeSendSchema>;
export const gradeSendResponseSchema = dataOf(gradeSendSchema);
export const gradeSendListResponseSchema = dataOf(z.array(gradeSendSchema));

export const gradeSendItemSchema = z.object({
  mahasiswa: z.object({ nim: z.string(), nama: z.string() }),
  komponen_id: z.string(),
  nilai_sebelum: z.number().nullable(),
  nilai: z.number(),
  status: z.enum(gradeSendItemStatuses),
  percobaan: z.number().int(),
  jawaban_sikad: z.string().nullable(),
  updated_at: z.string(),
});
export const gradeSendDetailResponseSchema = dataOf(
  gradeSendSchema.extend({ items: z.array(gradeSendItemSchema) }),
);
export type GradeSendDetail = z.infer<typeof gradeSendDetailResponseSchema>['data'];

/** GET /v2/lms/nilai: the classes of the recap list. */
export const gradeClassListQuerySchema = pageQuerySchema.extend({
  periode: z.coerce.number().int().optional(),
  id_mata_kuliah: z.string().max(100).optional(),
  search: z.string().max(100).optional(),
});
export type GradeClassListQuery = z.infer<typeof gradeClassListQuerySchema>;
export const gradeClassListItemSchema = z.object({
  id: z.string(),
  periode: z.number().int(),
  nama: z.string(),
  mata_kuliah: z.object({ id: z.string(), kode: z.string(), nama: z.string() }),
  jumlah_mahasiswa: z.number().int(),
  jumlah_aktivitas: z.number().int(),
});
export const gradeClassListResponseSchema = pageOf(gradeClassListItemSchema);

/** Student /nilai: their published scores per class and activity. */
export const myGradesResponseSchema = dataOf(
  z.array(
    z.object({
      kelas: z.object({ id: z.string(), nama: z.string(), periode: z.number().int() }),
      mata_kuliah: z.object({ kode: z.string(), nama: z.string() }),
      nilai: z.array(
        z.object({
          id_aktivitas: z.string(),
          jenis: gradeTypeSchema,
          label: z.string(),
          label_pertemuan: z.string(),
          nilai: z.number(),
        }),
      ),
    }),
  ),
);
export type MyGrades = z.infer<typeof myGradesResponseSchema>['data'];

/** Demo SIAKAD (dev): a class's state there. */
export const demoSiakadClassSchema = z.object({
  id_kelas_kuliah: z.string(),
  waktu_entri_nilai_start: z.string().nullable(),
  waktu_entri_nilai_end: z.string().nullable(),
  is_nilai_dikunci: z.boolean(),
  komponen: z.array(z.object({ id: z.string(), jenis: z.string(), label: z.string(), bobot: z.number() })),
  nilai: z.array(
    z.object({
      id_komponen: z.string(),
      nim: z.string(),
      nilai: z.number(),
      update_by_sikad: z.boolean(),
      updated_by: z.string(),
      updated_at: z.string(),
    }),
  ),
});
export const demoSiakadClassResponseSchema = dataOf(demoSiakadClassSchema);
export const demoSiakadClassInputSchema = z
  .object({
    waktu_entri_nilai_start: z.iso.datetime({ offset: true, message: 'Waktu tidak valid.' }).nullable(),
    waktu_entri_nilai_end: z.iso.datetime({ offset: true, message: 'Waktu tidak valid.' }).nullable(),
    is_nilai_dikunci: z.boolean(),
  })
  .partial();
export const demoSiakadValueInputSchema = z.object({
  id_komponen: z.string().min(1).max(100),
  nim: z.string().min(1).max(30),
  nilai: z.number().min(0, 'Nilai 0–100.').max(100, 'Nilai 0–100.'),
});
