import { z } from 'zod';

/*
 * "Muat Semester": a workbook of periods, study programmes, courses, lecturers, students, classes,
 * teaching assignments and enrolments, each row keyed by its SIAKAD id, loaded as a job with a preview.
 */

export const semesterImportLimits = {
  maxBytes: 25_000_000,
  maxUnpackedBytes: 400_000_000,
  /** Data rows of one sheet (a semester of 120,000 enrolments fits). */
  maxRowsPerSheet: 200_000,
};
/** How many problems and removals an answer lists (the counts are always complete). */
export const semesterImportListed = 200;
export const semesterImportTemplateFileName = 'template-muat-semester.xlsx';

export const semesterImportEntities = [
  'periode',
  'prodi',
  'mata_kuliah',
  'dosen',
  'mahasiswa',
  'kelas',
  'pengajar',
  'peserta',
] as const;
export type SemesterImportEntity = (typeof semesterImportEntities)[number];

export const semesterImportEntityLabels: Record<SemesterImportEntity, string> = {
  periode: 'Periode',
  prodi: 'Program Studi',
  mata_kuliah: 'Mata Kuliah',
  dosen: 'Dosen',
  mahasiswa: 'Mahasiswa',
  kelas: 'Kelas',
  pengajar: 'Pengajar',
  peserta: 'Peserta Kelas',
};

export const semesterImportStatuses = [
  'memproses',
  'pratinjau',
  'ditolak',
  'menerapkan',
  'diterapkan',
  'dibatalkan',
  'gagal',
] as const;
export type SemesterImportStatus = (typeof semesterImportStatuses)[number];

export const semesterImportStatusLabels: Record<SemesterImportStatus, string> = {
  memproses: 'Membaca file',
  pratinjau: 'Menunggu diterapkan',
  ditolak: 'Ada masalah pada file',
  menerapkan: 'Sedang diterapkan',
  diterapkan: 'Selesai diterapkan',
  dibatalkan: 'Dibatalkan',
  gagal: 'Gagal',
};

export const semesterImportMessages = {
  fileNotChosen: 'Pilih file Excel (.xlsx) hasil template Muat Semester.',
  tooLarge: `Ukuran file maksimal ${semesterImportLimits.maxBytes / 1_000_000} MB.`,
  unreadable: 'File tidak dapat dibaca. Gunakan file Excel (.xlsx) dari template Muat Semester.',
  unpackedTooLarge: 'Isi file terlalu besar. Hapus lembar atau kolom yang tidak diperlukan.',
  tooManyRows: `Satu lembar berisi lebih dari ${semesterImportLimits.maxRowsPerSheet.toLocaleString('id-ID')} baris.`,
  empty: 'File tidak berisi data. Isi lembar template mulai baris 2.',
  stale:
    'Data telah berubah sejak pratinjau dibuat, sehingga pratinjau ini tidak diterapkan. Unggah ulang file untuk pratinjau baru.',
  notPreview: 'Hanya pratinjau yang menunggu diterapkan yang dapat diterapkan atau dibatalkan.',
  busy: 'Masih ada muat semester yang sedang diproses. Tunggu hingga selesai.',
  siakadFailed: 'Data tidak dapat dibaca dari Siakad.',
  siakadTooSlow: (minutes: number) =>
    `Siakad tidak selesai mengirim data dalam ${minutes} menit. Coba lagi nanti.`,
  siakadTooManyRows: `Satu bagian data Siakad berisi lebih dari ${semesterImportLimits.maxRowsPerSheet.toLocaleString('id-ID')} baris.`,
  siakadEmpty: (periode: number) => `Siakad tidak memiliki data untuk periode ${periode}.`,
  siakadPeriodInvalid: 'Pilih periode dengan kode 5 digit, misalnya 20261 (digit terakhir 1, 2 atau 3).',
  syncHourInvalid: 'Pilih jam 0 sampai 23.',
  syncFlagInvalid: 'Pilih aktif atau tidak.',
};

export const semesterImportCountsSchema = z.object({
  baru: z.number().int(),
  berubah: z.number().int(),
  sama: z.number().int(),
  dihapus: z.number().int(),
});
export type SemesterImportCounts = z.infer<typeof semesterImportCountsSchema>;

export const semesterImportProblemSchema = z.object({
  lembar: z.string(),
  baris: z.number().int(),
  kolom: z.string(),
  pesan: z.string(),
});
export type SemesterImportProblem = z.infer<typeof semesterImportProblemSchema>;

export const semesterImportRemovalSchema = z.object({
  entitas: z.enum(semesterImportEntities),
  kelas: z.string(),
  kunci: z.string(),
  nama: z.string(),
});
export type SemesterImportRemoval = z.infer<typeof semesterImportRemovalSchema>;

export const semesterImportSchema = z.object({
  id: z.uuid(),
  nama_file: z.string(),
  status: z.enum(semesterImportStatuses),
  progres: z.object({ selesai: z.number().int(), total: z.number().int() }),
  ringkasan: z.record(z.enum(semesterImportEntities), semesterImportCountsSchema).nullable(),
  masalah: z.array(semesterImportProblemSchema),
  jumlah_masalah: z.number().int(),
  penghapusan: z.array(semesterImportRemovalSchema),
  jumlah_penghapusan: z.number().int(),
  pesan: z.string().nullable(),
  dibuat_pada: z.string(),
  diterapkan_pada: z.string().nullable(),
  /** Started by the college's daily SIAKAD sync ("Dimulai otomatis") rather than by an operator. */
  terjadwal: z.boolean(),
});
export type SemesterImport = z.infer<typeof semesterImportSchema>;

export const semesterImportResponseSchema = z.object({ data: semesterImportSchema });
export const latestSemesterImportResponseSchema = z.object({ data: semesterImportSchema.nullable() });
/** "Dari SIAKAD": the period whose semester data SIAKAD is asked for. */
export const semesterImportSiakadInputSchema = z.object({
  periode: z
    .number(semesterImportMessages.siakadPeriodInvalid)
    .int(semesterImportMessages.siakadPeriodInvalid)
    .min(19000, semesterImportMessages.siakadPeriodInvalid)
    .max(30009, semesterImportMessages.siakadPeriodInvalid)
    .refine((kode) => [1, 2, 3].includes(kode % 10), semesterImportMessages.siakadPeriodInvalid),
});
export type SemesterImportSiakadInput = z.infer<typeof semesterImportSiakadInputSchema>;

export const semesterImportParamsSchema = z.object({ importId: z.string().max(64) });

/*
 * "Sinkron otomatis dari SIAKAD": once a day, at an hour of the college's time, the current period is
 * read from SIAKAD; a preview without problems and without removals is applied by itself.
 */

/** The hours an operator may choose, in the college's time. */
export const siakadSyncHours = Array.from({ length: 24 }, (_, hour) => hour);
/** The name the activity log gives the schedule when it acts. */
export const siakadSyncActor = 'Jadwal Siakad';

const syncHourSchema = z
  .number(semesterImportMessages.syncHourInvalid)
  .int(semesterImportMessages.syncHourInvalid)
  .min(0, semesterImportMessages.syncHourInvalid)
  .max(23, semesterImportMessages.syncHourInvalid);

/** PUT /v2/lms/muat_semester/sinkron_otomatis. */
export const siakadSyncInputSchema = z.object({
  aktif: z.boolean(semesterImportMessages.syncFlagInvalid),
  jam: syncHourSchema,
});
export type SiakadSyncInput = z.infer<typeof siakadSyncInputSchema>;

export const siakadSyncSchema = z.object({
  aktif: z.boolean(),
  jam: z.number().int(),
  /** The college's time zone label the hour is in (WIB, WITA, WIT). */
  zona_waktu: z.string(),
});
export type SiakadSync = z.infer<typeof siakadSyncSchema>;
export const siakadSyncResponseSchema = z.object({ data: siakadSyncSchema });

/** Off at 02:00 until an operator turns it on: a quiet hour for a campus. */
export const siakadSyncDefault = { aktif: false, jam: 2 } as const;

const storedSiakadSyncSchema = z.object({
  aktif: z.boolean().catch(siakadSyncDefault.aktif),
  jam: syncHourSchema.catch(siakadSyncDefault.jam),
  /** The operator who last saved it: the schedule's loads are started, and logged, in their name. */
  diatur_oleh: z.uuid().nullable().catch(null),
});
export type StoredSiakadSync = z.infer<typeof storedSiakadSyncSchema>;

/** The setting as stored in the college's settings (`sinkron_siakad`); missing or malformed reads as off. */
export function readSiakadSync(settings: unknown): StoredSiakadSync {
  const stored =
    settings && typeof settings === 'object'
      ? (settings as Record<string, unknown>).sinkron_siakad
      : undefined;
  return storedSiakadSyncSchema.parse(
    stored && typeof stored === 'object' ? stored : { ...siakadSyncDefault, diatur_oleh: null },
  );
}
