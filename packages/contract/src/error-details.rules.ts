// Zod-free on purpose (see permission.rules.ts): the web app reads these shapes on its first screens.
import type { ExamRestrictionDetail } from './access-restriction.rules.ts';
import type { ClashCheckResult } from './meeting.schema.ts';
import type { ImportFailedDetail } from './question-import.rules.ts';

/** One field's message, as forms show it under the field. */
export interface FieldError {
  field: string;
  message: string;
}

/** The detail of an error about form fields. */
export interface FieldErrorsDetail {
  fields: FieldError[];
}

/** The `detail` each error code answers with; every code not listed here answers `detail: null`. */
export interface ErrorDetails {
  validation_failed: FieldErrorsDetail;
  pengisian_belum_lengkap: FieldErrorsDetail;
  deskripsi_terlalu_panjang: FieldErrorsDetail;
  jadwal_tidak_valid: FieldErrorsDetail;
  ruangan_tidak_tersedia: FieldErrorsDetail;
  password_lama_salah: FieldErrorsDetail;
  materi_tidak_valid: FieldErrorsDetail;
  vidcon_tidak_valid: FieldErrorsDetail;
  forum_tidak_valid: FieldErrorsDetail;
  ujian_tidak_valid: FieldErrorsDetail;
  soal_tidak_valid: FieldErrorsDetail;
  tugas_tidak_valid: FieldErrorsDetail;
  akun_tidak_valid: FieldErrorsDetail;
  hak_akses_ditolak: FieldErrorsDetail;
  materi_belum_dibaca: { detik_tersisa: number };
  jadwal_bentrok: ClashCheckResult;
  pembatasan_ujian_kehadiran: ExamRestrictionDetail;
  ujian_kehadiran_kurang: ExamRestrictionDetail;
  impor_soal_gagal: ImportFailedDetail;
}

/** The detail type of an error code: its entry in ErrorDetails, or nothing. */
export type ErrorDetailOf<C extends string> = C extends keyof ErrorDetails
  ? ErrorDetails[C]
  : null | undefined;
