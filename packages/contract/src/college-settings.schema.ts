import { z } from 'zod';
import { dataOf } from './api-envelope.schema.ts';
import {
  colorModes,
  collegeTimeZones,
  defaultOnlineAttendance,
  defaultUploadLimitsMb,
  restrictedExamKinds,
  uploadFileKinds,
  type UploadFileKind,
} from './college-settings.rules.ts';
import { defaultOfflineMaterialsMb } from './material-offline.rules.ts';
import { rangeMessage } from './number-range.rules.ts';
import { defaultMaxBankQuestions, maxBankQuestionsCeiling } from './question-bank.rules.ts';

/**
 * Builds the settings schema. `lenient` (reading what is stored) replaces a malformed or missing
 * value by its default; strict (PUT) refuses it with a message. Missing values get defaults in both.
 */
function buildCollegeSettingsSchema(mode: 'strict' | 'lenient' | 'output') {
  const lenient = mode === 'lenient';
  const leaf = <T extends z.ZodType>(schema: T, fallback: z.infer<T>) => {
    const withDefault = schema.default(fallback as never);
    return lenient ? withDefault.catch(fallback as never) : withDefault;
  };
  const mb = (fallback: number) =>
    leaf(
      z.coerce.number().positive('Batas ukuran harus lebih dari 0 MB.').max(1024, 'Maksimal 1024 MB.'),
      fallback,
    );
  const between = (min: number, max: number) =>
    z.coerce.number().min(min, rangeMessage(min, max)).max(max, rangeMessage(min, max));
  const percent = (fallback: number) => leaf(between(0, 100), fallback);
  const flag = (fallback: boolean) => leaf(z.boolean(), fallback);
  const group = <S extends z.ZodRawShape>(shape: S) => z.object(shape).prefault({} as never);

  const uploadLimits = Object.fromEntries(
    uploadFileKinds.map((kind) => [kind, mb(defaultUploadLimitsMb[kind])]),
  ) as Record<UploadFileKind, ReturnType<typeof mb>>;

  return z.object({
    pengaturan_sistem: group({
      time_zone: leaf(z.enum(collegeTimeZones), 'Asia/Jakarta'),
      ukuran_max_file: group(uploadLimits),
      /** The total size of one meeting's materials a student may keep on the phone (issue 44 §4). */
      ukuran_max_materi_luring: mb(defaultOfflineMaterialsMb),
      /** SIAKAD's address (the SSO target); empty for none. */
      url_sikad_legacy:
        mode === 'output'
          ? z.string().nullable()
          : leaf(
              z
                .union([
                  z.url({ protocol: /^https?$/, message: 'Alamat SIAKAD harus URL http(s).' }),
                  z.literal(''),
                ])
                .nullable()
                .transform((v) => v || null),
              null,
            ),
      color_mode: leaf(z.enum(colorModes), 'light'),
    }),
    pengaturan_kelas: group({
      syarat_kehadiran_online_mahasiswa: group({
        terlambat_vidcon_menit: leaf(between(0, 240).int(), defaultOnlineAttendance.terlambat_vidcon_menit),
        video_persen: percent(defaultOnlineAttendance.video_persen),
        audio_persen: percent(defaultOnlineAttendance.audio_persen),
        ebook_detik: leaf(between(0, 3600).int(), defaultOnlineAttendance.ebook_detik),
        presentase_progress_minimal_persen: percent(
          defaultOnlineAttendance.presentase_progress_minimal_persen,
        ),
      }),
      akses_resume_ujian: group({ tampilkan_soal: flag(true) }),
      /** Which of the optional attendance codes are offered (jenis_presensi: izin I, sakit S). */
      jenis_presensi: group({ izin: flag(true), sakit: flag(true) }),
      /** Lecturer attendance (kehadiran dosen): what counts, validation and when the button shows. */
      syarat_kehadiran_online_dosen: group({
        mulai_kuliah: flag(true),
        akhiri_kuliah: flag(true),
        aktivitas_kuliah: flag(false),
        presentase_kehadiran_kelas: flag(false),
        presentase_kehadiran_kelas_persen: percent(50),
      }),
      syarat_kehadiran_offline_dosen: group({
        mulai_kuliah: flag(true),
        akhiri_kuliah: flag(true),
        aktivitas_kuliah: flag(false),
      }),
      validasi_kehadiran_dosen: flag(false),
      tampil_tombol_presensi_dosen: group({
        mulai: leaf(between(0, 240).int(), 15),
      }),
      /** Which kinds of meeting lecturers may reschedule (read by the meeting area). */
      ubah_jadwal_pertemuan: group({ online: flag(true), offline: flag(true) }),
      /** How many hours before a task's deadline or an exam's start students are reminded (issue 44 §1). */
      pengingat_jam: leaf(between(1, 168).int('Jumlah jam harus bilangan bulat.'), 24),
    }),
    /** The question bank: how many questions one bank may hold. */
    bank_soal: group({
      maks_soal: leaf(
        between(1, maxBankQuestionsCeiling).int('Jumlah soal harus bilangan bulat.'),
        defaultMaxBankQuestions,
      ),
    }),
    /** Whether students may edit their biodata from the profile page (isEditMahasiswa of spec 1). */
    pengaturan_mahasiswa: group({ is_edit_mahasiswa: flag(false) }),
    /** GET /v0/aturan/qr-code: whether attendance by QR code is on. */
    aturan_qr_code: group({ status: flag(false) }),
    pembatasan_akses: group({
      /** Students flagged with unpaid fees may not use the LMS. */
      tunggakan_biaya: group({ aktif: flag(false) }),
      /** Students under the minimum attendance of the current period may not open UTS/UAS meetings. */
      kehadiran_ujian: group({
        aktif: flag(false),
        persen_minimal: percent(75),
        berlaku_untuk: leaf(z.array(z.enum(restrictedExamKinds)).max(2), ['uts', 'uas']),
      }),
    }),
  });
}

/** PUT /v2/lms/pengaturan: the whole settings object; missing values get their defaults. */
export const collegeSettingsSchema = buildCollegeSettingsSchema('strict');
export type CollegeSettings = z.infer<typeof collegeSettingsSchema>;
export type CollegeSettingsInput = z.input<typeof collegeSettingsSchema>;
/** The answer's shape (no transforms, so the server can serialise with it). */
export const collegeSettingsResponseSchema = dataOf(buildCollegeSettingsSchema('output'));

const storedSettingsSchema = buildCollegeSettingsSchema('lenient');

/**
 * The college's settings from its row: the jsonb `settings` plus the columns that hold the time zone,
 * SIAKAD address and colour mode. Anything missing or malformed reads as its default.
 */
export function readCollegeSettings(college: CollegeSettingsRow): CollegeSettings {
  // The server's tenancy cache hands every request the same row object for up to 30 s, and a start of
  // an exam reads the settings twice (issue 42: ~0.1 ms of zod each): parsed once per row object, while
  // the fields it was parsed from are the same ones (a row changed in place is parsed again). Frozen, so
  // a caller that changed the shared answer would throw instead of changing it for every request.
  const cached = parsedSettings.get(college);
  if (
    cached &&
    cached.settings === college.settings &&
    cached.timeZone === college.timeZone &&
    cached.urlSikadLegacy === college.urlSikadLegacy &&
    cached.colorMode === college.colorMode
  ) {
    return cached.parsed;
  }
  const parsed = deepFreeze(parseCollegeSettings(college));
  parsedSettings.set(college, { ...pickRowFields(college), parsed });
  return parsed;
}

interface CollegeSettingsRow {
  settings: unknown;
  timeZone: string;
  urlSikadLegacy: string | null;
  colorMode: string;
}

const parsedSettings = new WeakMap<object, CollegeSettingsRow & { parsed: CollegeSettings }>();

function pickRowFields({ settings, timeZone, urlSikadLegacy, colorMode }: CollegeSettingsRow) {
  return { settings, timeZone, urlSikadLegacy, colorMode };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function parseCollegeSettings(college: CollegeSettingsRow): CollegeSettings {
  const stored = (college.settings && typeof college.settings === 'object' ? college.settings : {}) as Record<
    string,
    unknown
  >;
  const sistem = (stored.pengaturan_sistem ?? {}) as Record<string, unknown>;
  return storedSettingsSchema.parse({
    ...stored,
    pengaturan_sistem: {
      ...sistem,
      time_zone: college.timeZone,
      url_sikad_legacy: college.urlSikadLegacy,
      color_mode: college.colorMode,
    },
  });
}

/** GET /v0/aturan/qr-code. */
export const qrCodeRuleResponseSchema = dataOf(z.object({ status: z.boolean() }));
