// Zod-free on purpose (see permission.rules.ts): the BAP modal imports these before zod loads.
import type { EffectiveMark } from './attendance.rules.ts';
import { zonedParts } from './meeting.rules.ts';

/** Indonesian texts of attendance reports (BAP, spec 2 "Attendance reports"). */
export const bapMessages = {
  noReportPart: 'Pilih minimal satu laporan: Laporan Kelas atau Laporan Detail Pertemuan.',
  periodRequired: 'Periode wajib dipilih.',
  ownReportLecturerOnly: 'Laporan Saya hanya dapat diunduh oleh dosen pengajar kelas ini.',
  otherLecturerReport: 'Dosen hanya dapat mengunduh laporan kelas atau laporannya sendiri.',
  teacherNotInClass: 'Pengajar tidak ditemukan di kelas ini.',
  noClasses: 'Tidak ada kelas yang sesuai dengan filter.',
  programNotFound: 'Program studi tidak ditemukan.',
  signatoryNameRequired: 'Nama penandatangan wajib diisi',
  signatorySaved: 'Berhasil menyimpan penandatangan prodi',
  meetingNotHeld: 'BAP pertemuan tersedia setelah pertemuan dimulai.',
} as const;

/** The default title of a program's signatory. */
export const defaultSignatoryTitle = 'Ketua Program Studi';

/** Default names of the downloads (spec 2 §7 "Reports"). */
export const bapDefaultPdfName = 'BAP.pdf';

/** `BAP - {periode}.zip`, the name of a period's reports. */
export function bapZipFileName(periode: number): string {
  return `BAP - ${periode}.zip`;
}

/** A class's PDF name: `BAP - {kode} {nama mata kuliah} {kelas}.pdf`, without characters file systems refuse. */
export function bapPdfFileName(input: { kode: string; mataKuliah: string; kelas: string }): string {
  const base = Array.from(`BAP - ${input.kode} ${input.mataKuliah} ${input.kelas}`)
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 150);
  return `${base}.pdf`;
}

/** The lecturer's attendance in a meeting as the report rule sees it. */
export interface ReportLecturerAttendance {
  isHadir: boolean | null;
  isValid: boolean | null;
}

/**
 * Spec 2: "Laporan Saya" (and an operator's report of one teacher) holds only the meetings the lecturer
 * attended and an operator validated. When the college does not validate lecturer attendance
 * (`validasi_kehadiran_dosen` off) nobody can validate, so attending is enough.
 */
export function isReportedMeetingOfLecturer(
  attendance: ReportLecturerAttendance | null | undefined,
  validationOn: boolean,
): boolean {
  if (!attendance?.isHadir) return false;
  return !validationOn || !!attendance.isValid;
}

/** Which report a download holds. */
export type BapReportKind = 'kelas' | 'saya' | 'pengajar';

/**
 * Spec 2: for a lecturer or an own report the signers are the program head and the teaching lecturers;
 * otherwise the program head and the main lecturer.
 */
export function bapSignersOf(input: {
  callerIsLecturer: boolean;
  kind: BapReportKind;
}): 'pengajar' | 'utama' {
  return input.callerIsLecturer || input.kind === 'saya' ? 'pengajar' : 'utama';
}

/** The signature option's tooltip text for the caller (spec 2 "Signature tooltip"). */
export function bapSignatureTooltip(input: { callerIsLecturer: boolean; kind: BapReportKind }): string {
  return bapSignersOf(input) === 'pengajar'
    ? 'Tanda tangan oleh Ketua Program Studi dan dosen pengajar.'
    : 'Tanda tangan oleh Ketua Program Studi dan dosen pengajar utama.';
}

const indonesianMonths = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
];
const indonesianDays = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'];

/** `Senin, 7 September 2026` (with the weekday) or `7 September 2026`, in the given time zone. */
export function formatIndonesianDate(instant: Date, timeZone: string, withDay = true): string {
  const { date, hari } = zonedParts(instant, timeZone);
  const [year, month, day] = date.split('-').map(Number);
  const text = `${day} ${indonesianMonths[month! - 1]} ${year}`;
  return withDay ? `${indonesianDays[hari]}, ${text}` : text;
}

/** `08:00` in the given time zone. */
export function formatZonedTime(instant: Date, timeZone: string): string {
  return zonedParts(instant, timeZone).time.slice(0, 5);
}

/** How a student's mark was given, as the meeting detail report says it. */
export function markSourceLabel(mark: EffectiveMark, givenBy: string | null): string {
  if (!mark.ada_presensi) return 'Belum ada presensi';
  if (mark.sistem) return `Sistem (progres ${Math.round(mark.progress * 1000) / 10}%)`;
  if (mark.is_qr_code) return 'QR Code';
  return givenBy ? `Manual oleh ${givenBy}` : 'Manual';
}
