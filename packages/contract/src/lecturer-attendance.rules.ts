// Zod-free on purpose (see permission.rules.ts): the meeting page's own-attendance button imports these.
import { lectureActivityKindsText } from './activity.rules.ts';
import { startOfLocalDate } from './college-settings.rules.ts';
import type { LectureMode, TeacherRole } from './class.rules.ts';
import { zonedParts } from './meeting.rules.ts';

/** Messages of lecturer attendance (kehadiran dosen); the success toast is spec 2 §8's. */
export const lecturerAttendanceMessages = {
  saved: 'Berhasil mengubah kehadiran dosen',
  validated: 'Berhasil memvalidasi kehadiran dosen',
  startRecorded: 'Presensi mulai kuliah berhasil dicatat',
  endRecorded: 'Presensi akhiri kuliah berhasil dicatat',
  notRecorded: 'Dosen ini tidak tercatat sebagai pengajar pada pertemuan ini.',
  meetingNotStarted: 'Kehadiran dosen belum dapat diubah karena pertemuan belum dimulai.',
  buttonNotYet: 'Presensi dosen belum dapat dilakukan. Tombol presensi tampil setelah pertemuan dimulai.',
  deadlinePassed: 'Batas waktu presensi dosen (pukul 23:59 pada hari pertemuan) sudah lewat.',
  alreadyComplete: 'Presensi dosen pada pertemuan ini sudah lengkap.',
  markedAbsent: 'Anda tercatat tidak hadir pada pertemuan ini. Hubungi operator untuk mengubahnya.',
  validationOff: 'Validasi kehadiran dosen tidak aktif.',
  noPresence: 'Kehadiran dosen ini belum diisi.',
} as const;

/** "Memulai kuliah dosen {name} wajib diisi" (spec 2 §5). */
export const lecturerStartRequired = (name: string) => `Memulai kuliah dosen ${name} wajib diisi`;
/** "Mengakhiri kuliah dosen {name} wajib diisi" (spec 2 §5). */
export const lecturerEndRequired = (name: string) => `Mengakhiri kuliah dosen ${name} wajib diisi`;
/** The end of a lecture cannot come before its start. */
export const lecturerEndBeforeStart = (name: string) =>
  `Mengakhiri kuliah dosen ${name} tidak boleh sebelum memulai kuliah`;

/**
 * Whether a class teacher is recorded in a meeting's lecturer attendance: ticked as teaching the meeting
 * (meeting_teachers.is_pengajar) and not the course coordinator role (spec 2 §3: Koordinator Matkul is
 * not recorded). Assistants are recorded, labelled Asisten.
 */
export function isRecordedLecturer(teacher: { peran: TeacherRole; isPengajar: boolean }): boolean {
  return teacher.isPengajar && teacher.peran !== 'koordinator';
}

/** Labels of the recorded roles, shown beside the name. */
export const lecturerRoleLabels: Record<Exclude<TeacherRole, 'koordinator'>, string> = {
  dosen: 'Pengajar',
  asisten: 'Asisten',
};

/** Offline and mixed meetings follow the offline requirements and colours (the lecturer is in the room). */
export function isOfflineLecture(jenis: LectureMode): boolean {
  return jenis !== 'online';
}

/** The colour of a lecturer attendance tag (spec 2 §4); the web maps each to the kit's colour. */
export type LecturerTagTone = 'default' | 'warning' | 'primary' | 'success' | 'danger' | 'dark';

/** What decides the tag of one lecturer's attendance. */
export interface LecturerMark {
  ada_presensi: boolean;
  is_hadir: boolean;
  is_valid: boolean;
}

/**
 * Spec 2 §4: no presence = "Belum Ada Presensi" (grey); not validated while validation is on = warning;
 * present offline = primary; present online = success; absent online = danger; absent offline = dark.
 */
export function lecturerAttendanceTag(
  mark: LecturerMark,
  jenis: LectureMode,
  validationOn: boolean,
): { label: string; tone: LecturerTagTone } {
  if (!mark.ada_presensi) return { label: 'Belum Ada Presensi', tone: 'default' };
  if (validationOn && !mark.is_valid) {
    return { label: 'Belum Divalidasi', tone: 'warning' };
  }
  const offline = isOfflineLecture(jenis);
  if (mark.is_hadir) return { label: 'Hadir', tone: offline ? 'primary' : 'success' };
  return { label: 'Tidak Hadir', tone: offline ? 'dark' : 'danger' };
}

/** The lecturer attendance settings (pengaturan_kelas) the rules read. */
export interface LecturerAttendanceSettings {
  syarat_kehadiran_online_dosen: {
    mulai_kuliah: boolean;
    akhiri_kuliah: boolean;
    aktivitas_kuliah: boolean;
    presentase_kehadiran_kelas: boolean;
    presentase_kehadiran_kelas_persen: number;
  };
  syarat_kehadiran_offline_dosen: {
    mulai_kuliah: boolean;
    akhiri_kuliah: boolean;
    aktivitas_kuliah: boolean;
  };
  validasi_kehadiran_dosen: boolean;
  tampil_tombol_presensi_dosen: { mulai: number };
}

export type LecturerRequirementKey =
  'mulai_kuliah' | 'akhiri_kuliah' | 'aktivitas_kuliah' | 'kehadiran_kelas';

/** One requirement of lecturer attendance, as the tooltip lists it. */
export interface LecturerRequirement {
  key: LecturerRequirementKey;
  label: string;
}

/** The requirements the college set for this kind of meeting (online or offline), in the tooltip's order. */
export function lecturerRequirements(
  settings: LecturerAttendanceSettings,
  jenis: LectureMode,
): LecturerRequirement[] {
  const list: LecturerRequirement[] = [];
  const online = settings.syarat_kehadiran_online_dosen;
  const rules = isOfflineLecture(jenis) ? settings.syarat_kehadiran_offline_dosen : online;
  if (rules.mulai_kuliah) list.push({ key: 'mulai_kuliah', label: 'Dosen memulai kuliah' });
  if (rules.akhiri_kuliah) list.push({ key: 'akhiri_kuliah', label: 'Dosen mengakhiri kuliah' });
  if (rules.aktivitas_kuliah) {
    list.push({
      key: 'aktivitas_kuliah',
      label: `Ada aktivitas kuliah (${lectureActivityKindsText()}) pada pertemuan`,
    });
  }
  if (!isOfflineLecture(jenis) && online.presentase_kehadiran_kelas) {
    list.push({
      key: 'kehadiran_kelas',
      label: `Kehadiran peserta kelas minimal ${online.presentase_kehadiran_kelas_persen}%`,
    });
  }
  return list;
}

/** Whether each requirement is met by what is known of the lecturer and the meeting. */
export function lecturerRequirementsMet(
  requirements: LecturerRequirement[],
  facts: {
    mulai_kuliah: string | null;
    selesai_kuliah: string | null;
    aktivitas: number;
    /** Present students out of enrolled, 0–100. */
    kehadiran_kelas_persen: number;
    minimal_persen: number;
  },
): { key: LecturerRequirementKey; label: string; terpenuhi: boolean }[] {
  return requirements.map((r) => {
    const met = {
      mulai_kuliah: facts.mulai_kuliah !== null,
      akhiri_kuliah: facts.selesai_kuliah !== null,
      aktivitas_kuliah: facts.aktivitas > 0,
      kehadiran_kelas: facts.kehadiran_kelas_persen >= facts.minimal_persen,
    }[r.key];
    return { ...r, terpenuhi: met };
  });
}

/** A field error of the lecturer attendance form. */
export interface LecturerAttendanceFieldError {
  field: 'mulai_kuliah' | 'selesai_kuliah';
  message: string;
}

/**
 * Spec 2 §5: a lecturer marked present needs the start and the end of the lecture, named with the
 * lecturer; the end may not come before the start. Absent needs nothing (the times are cleared).
 */
export function validateLecturerAttendance(
  input: { is_hadir: boolean; mulai_kuliah: Date | null; selesai_kuliah: Date | null },
  name: string,
): LecturerAttendanceFieldError[] {
  if (!input.is_hadir) return [];
  const errors: LecturerAttendanceFieldError[] = [];
  if (!input.mulai_kuliah) errors.push({ field: 'mulai_kuliah', message: lecturerStartRequired(name) });
  if (!input.selesai_kuliah) errors.push({ field: 'selesai_kuliah', message: lecturerEndRequired(name) });
  if (input.mulai_kuliah && input.selesai_kuliah && input.selesai_kuliah < input.mulai_kuliah) {
    errors.push({ field: 'selesai_kuliah', message: lecturerEndBeforeStart(name) });
  }
  return errors;
}

/** A lecturer's name with titles as lists show it: "Dr. Budi Santoso, M.Kom.". */
export function lecturerDisplayName(t: {
  nama: string;
  gelar_depan?: string | null;
  gelar_akademik?: string | null;
}): string {
  const front = t.gelar_depan?.trim() ? `${t.gelar_depan.trim()} ` : '';
  const back = t.gelar_akademik?.trim() ? `, ${t.gelar_akademik.trim()}` : '';
  return `${front}${t.nama}${back}`;
}

/**
 * The last moment a lecturer may record their own attendance: 23:59 of the meeting's day in the college's
 * time zone (spec 2 §9), to the end of that minute.
 */
export function lecturerAttendanceDeadline(waktuMulai: Date, timeZone: string): Date {
  const day = zonedParts(waktuMulai, timeZone).date;
  return new Date(startOfLocalDate(day, timeZone).getTime() + 24 * 3_600_000 - 1000);
}

/** When the own-attendance button shows: the meeting's start plus the configured minutes. */
export function lecturerButtonOpensAt(waktuMulai: Date, minutes: number): Date {
  return new Date(waktuMulai.getTime() + minutes * 60_000);
}

/** What the lecturer's own attendance button does now. */
export type OwnAttendanceStep =
  'belum_tampil' | 'mulai' | 'akhiri' | 'selesai' | 'tidak_hadir' | 'lewat_batas';

/**
 * The own-attendance button (spec 2 §5): it may be pressed once the meeting start plus the configured
 * minutes has passed or the lecture has started, until 23:59 of the meeting's day. The first press records
 * the start of the lecture, the second its end; a record an operator set to absent stays as it is.
 */
export function ownAttendanceStep(input: {
  now: Date;
  opensAt: Date;
  deadline: Date;
  lectureStarted: boolean;
  own: { is_hadir: boolean; mulai_kuliah: string | null; selesai_kuliah: string | null } | null;
}): OwnAttendanceStep {
  const { own } = input;
  if (own && !own.is_hadir) return 'tidak_hadir';
  if (own?.mulai_kuliah && own.selesai_kuliah) return 'selesai';
  if (input.now > input.deadline) return 'lewat_batas';
  if (input.now < input.opensAt && !input.lectureStarted) return 'belum_tampil';
  return own?.mulai_kuliah ? 'akhiri' : 'mulai';
}

/** Button texts of the own-attendance steps. */
export const ownAttendanceButtonLabels: Record<'mulai' | 'akhiri', string> = {
  mulai: 'Presensi Mulai Kuliah',
  akhiri: 'Presensi Akhiri Kuliah',
};
