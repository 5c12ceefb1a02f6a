import { z } from 'zod';
import { dataOf } from './api-envelope.schema.ts';
import {
  isCalendarDate,
  isOldEnough,
  isValidNik,
  isValidPhone,
  latestBirthDate,
  maximumNikLength,
  maximumPhoneLength,
  minimumParentAge,
  minimumStudentAge,
  studentBiodataMessages as messages,
} from './student-biodata.rules.ts';

const text = (max: number) => z.string().trim().max(max, `Maksimal ${max} karakter.`);
const optionalText = (max: number) =>
  text(max)
    .nullable()
    .default(null)
    .transform((v) => v || null);

/** A calendar date; with `today`, also of someone at least `minimumAge` years old then. */
function birthDate(today: string | null, minimumAge: number, tooYoung: (latest: string) => string) {
  const date = z.string().trim().refine(isCalendarDate, messages.date);
  if (today === null) return date;
  return date.refine(
    (value) => isOldEnough(value, today, minimumAge),
    tooYoung(latestBirthDate(today, minimumAge)),
  );
}

/**
 * PUT /v2/lms/biodata: what a student may change of their biodata, checked with spec 1's rules on
 * `today` (YYYY-MM-DD, the server's date in the college's time zone; the form uses its own). Without
 * `today` the ages are not checked (the route's schema, which documents the fields).
 */
export function buildStudentBiodataSchema(today: string | null) {
  const parentBirthDate = birthDate(today, minimumParentAge, messages.parentAge).nullable().default(null);
  return z.object({
    nik: z.string().trim().max(maximumNikLength, messages.nikTooLong).refine(isValidNik, messages.nik),
    tempat_lahir: text(100).min(1, 'Tempat lahir wajib diisi.'),
    tanggal_lahir: birthDate(today, minimumStudentAge, messages.studentAge),
    alamat: text(500).min(1, 'Alamat wajib diisi.'),
    telepon: z
      .string()
      .trim()
      .max(maximumPhoneLength, messages.phoneTooLong)
      .refine(isValidPhone, messages.phone),
    email: z.string().trim().max(254, 'Maksimal 254 karakter.').pipe(z.email(messages.email)),
    nama_ayah: optionalText(100),
    tanggal_lahir_ayah: parentBirthDate,
    nama_ibu: optionalText(100),
    tanggal_lahir_ibu: parentBirthDate,
  });
}
/** The fields and their formats, ages unchecked: the route's body schema. */
export const studentBiodataFieldsSchema = buildStudentBiodataSchema(null);
export type StudentBiodataInput = z.input<ReturnType<typeof buildStudentBiodataSchema>>;

/** GET /v1/mahasiswa/{nim}/biodata: the stored biodata (empty fields as null) and whether it may change. */
export const studentBiodataSchema = z.object({
  nim: z.string(),
  nama: z.string(),
  nik: z.string().nullable(),
  tempat_lahir: z.string().nullable(),
  tanggal_lahir: z.string().nullable(),
  alamat: z.string().nullable(),
  telepon: z.string().nullable(),
  email: z.string().nullable(),
  nama_ayah: z.string().nullable(),
  tanggal_lahir_ayah: z.string().nullable(),
  nama_ibu: z.string().nullable(),
  tanggal_lahir_ibu: z.string().nullable(),
  /** The college's setting (pengaturan_mahasiswa.is_edit_mahasiswa): whether the student may edit it. */
  is_edit_mahasiswa: z.boolean(),
});
export type StudentBiodata = z.infer<typeof studentBiodataSchema>;
export const studentBiodataResponseSchema = dataOf(studentBiodataSchema);
