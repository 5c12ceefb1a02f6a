import type { ClassSettings, LectureMode } from './class.rules.ts';
import { startOfLocalDate } from './college-settings.rules.ts';

/** Meeting status (spec 2 §4); start then end move it forward. */
export const meetingStatusValues = ['belum_dimulai', 'berlangsung', 'selesai'] as const;
export type MeetingStatus = (typeof meetingStatusValues)[number];

export const meetingStatusLabels: Record<MeetingStatus, string> = {
  belum_dimulai: 'Belum Dimulai',
  berlangsung: 'Sedang Berlangsung',
  selesai: 'Telah Berakhir',
};

/** Meeting category: lecture, mid-term exam, final exam. */
export const meetingCategoryValues = ['kuliah', 'uts', 'uas'] as const;
export type MeetingCategory = (typeof meetingCategoryValues)[number];

export const meetingCategoryLabels: Record<MeetingCategory, string> = {
  kuliah: 'Kuliah',
  uts: 'UTS',
  uas: 'UAS',
};

/** Maximum length of a meeting description. */
export const meetingDescriptionMaxLength = 300;

/** Exact messages of spec 2 §5 "Meeting edit", and the ones the spec leaves unnamed (same style). */
export const meetingEditMessages = {
  incomplete: 'Pengisian Data Belum Lengkap!',
  judulRequired: 'Judul wajib diisi!',
  deskripsiRequired: 'Deskripsi wajib diisi!',
  deskripsiTooLong: 'Deskripsi tidak boleh lebih dari 300 karakter',
  tanggalRequired: 'Tanggal wajib diisi!',
  waktuRequired: 'Waktu wajib diisi!',
  sesiRequired: 'Sesi wajib diisi!',
  ruanganRequired: 'id_ruangan wajib diisi!',
  pengajarRequired: 'Pengajar wajib diisi!',
  endBeforeStart: 'Waktu selesai harus setelah waktu mulai',
  endNextDay: 'Waktu selesai paling lambat pukul 23:59:59 di hari yang sama',
  clashCheckFailed: 'Gagal mengecek jadwal bentrok',
  checkFirst: 'Cek jadwal terlebih dahulu. Pastikan tidak ada jadwal yang bentrok',
  noChange: 'Tidak ada perubahan data',
} as const;

/** Message when the start time lies outside the chosen session. */
export function sessionWindowMessage(sesi: { nama: string; jam_mulai: string; jam_selesai: string }): string {
  return `Waktu mulai harus di antara ${sesi.jam_mulai.slice(0, 5)} dan ${sesi.jam_selesai.slice(0, 5)} (${sesi.nama})`;
}

/** Which activities count for online attendance (parameter_kehadiran). */
export interface AttendanceParameters {
  hadir_vidcon: boolean;
  kerjakan_kuis_ujian: boolean;
  kerjakan_tugas: boolean;
  posting_forum: boolean;
  unduh_materi: boolean;
}

/** Empty jenis becomes online (spec 2 §5). */
export function normalizeMeetingKind(jenis: string | null | undefined): LectureMode {
  return jenis === 'offline' || jenis === 'campuran' ? jenis : 'online';
}

/** Empty kategori becomes kuliah (spec 2 §5). */
export function normalizeMeetingCategory(kategori: string | null | undefined): MeetingCategory {
  return kategori === 'uts' || kategori === 'uas' ? kategori : 'kuliah';
}

/**
 * Online meetings always count material downloads; offline meetings have no attendance parameters.
 * Mixed meetings keep what was chosen.
 */
export function normalizeAttendanceParameters(
  jenis: LectureMode,
  params: AttendanceParameters,
): AttendanceParameters {
  if (jenis === 'offline') {
    return {
      hadir_vidcon: false,
      kerjakan_kuis_ujian: false,
      kerjakan_tugas: false,
      posting_forum: false,
      unduh_materi: false,
    };
  }
  return jenis === 'online' ? { ...params, unduh_materi: true } : { ...params };
}

/** Whether a meeting kind takes a room (online meetings have none). */
export function meetingNeedsRoom(jenis: LectureMode): boolean {
  return jenis !== 'online';
}

/** Whether the settings allow editing a meeting's schedule; mixed meetings follow the offline setting. */
export function isMeetingScheduleEditable(settings: ClassSettings, jenis: LectureMode): boolean {
  return jenis === 'online' ? settings.ubahJadwalPertemuan.online : settings.ubahJadwalPertemuan.offline;
}

/** A room is unavailable ("Tidak Tersedia") when taken out of use or when the class does not fit. */
export function isRoomUnavailable(room: { is_available: boolean; kapasitas: number }, participants: number) {
  return !room.is_available || participants >= room.kapasitas;
}

/** Whether a meeting can be started (PUT …/start). */
export function canStartMeeting(status: MeetingStatus): boolean {
  return status === 'belum_dimulai';
}

/** Whether a meeting can be ended (PUT …/end). */
export function canEndMeeting(status: MeetingStatus): boolean {
  return status === 'berlangsung';
}

/** Whether two half-open time ranges [start, end) overlap. */
export function rangesOverlap(aStart: Date, aEnd: Date, bStart: Date, bEnd: Date): boolean {
  return aStart < bEnd && bStart < aEnd;
}

/** A regular weekly slot of a class (class_schedules): weekday 0–6 from Sunday, local `HH:mm:ss` times. */
export interface WeeklySlot {
  hari: number;
  jam_mulai: string;
  jam_selesai: string;
}

/** The most local days of a range that weeklySlotOccurrences looks at (a meeting lasts one day). */
const maxOccurrenceDays = 31;

function secondsOfDay(time: string): number {
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  return h * 3600 + m * 60 + s;
}

/**
 * The dates on which a weekly slot takes place that overlap [start, end): local dates of the range
 * (in the college's time zone) that fall on the slot's weekday and inside the class's period
 * (`period.from`..`period.to`, `YYYY-MM-DD`, inclusive). Half-open like meeting clashes, so a slot that
 * ends when the range starts is no clash.
 */
export function weeklySlotOccurrences(
  slot: WeeklySlot,
  range: { start: Date; end: Date },
  period: { from: string; to: string },
  timeZone: string,
): { start: Date; end: Date }[] {
  if (range.end <= range.start) return [];
  const first = zonedParts(range.start, timeZone).date;
  const last = zonedParts(new Date(range.end.getTime() - 1), timeZone).date;
  const found: { start: Date; end: Date }[] = [];
  const day = new Date(`${first}T00:00:00Z`);
  for (let i = 0; i < maxOccurrenceDays; i++, day.setUTCDate(day.getUTCDate() + 1)) {
    const date = day.toISOString().slice(0, 10);
    if (date > last) break;
    if (date < period.from || date > period.to || day.getUTCDay() !== slot.hari) continue;
    const midnight = startOfLocalDate(date, timeZone).getTime();
    const start = new Date(midnight + secondsOfDay(slot.jam_mulai) * 1000);
    const end = new Date(midnight + secondsOfDay(slot.jam_selesai) * 1000);
    if (rangesOverlap(start, end, range.start, range.end)) found.push({ start, end });
  }
  return found;
}

/** Local calendar date, time and weekday (0 = Sunday) of an instant in a time zone. */
export function zonedParts(instant: Date, timeZone: string): { date: string; time: string; hari: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
    hari: weekdays.indexOf(parts.weekday ?? ''),
  };
}

/** A field error of the meeting form. */
export interface MeetingFieldError {
  field: string;
  message: string;
}

/** The meeting form as the rules see it, after empty jenis and kategori are defaulted. */
export interface MeetingEditInput {
  judul: string | null | undefined;
  deskripsi: string | null | undefined;
  jenis: LectureMode;
  /** Only when the schedule is editable: */
  waktu_mulai?: Date | null;
  waktu_selesai?: Date | null;
  sesi?: { nama: string; jam_mulai: string; jam_selesai: string } | null;
  id_sesi?: string | null;
  id_ruangan?: string | null;
  /** How many teachers are ticked (is_pengajar); undefined when the caller may not edit them. */
  ticked_teachers?: number;
}

/**
 * The rules of spec 2 §5 "Meeting edit". Answers the missing fields (shown with the toast
 * "Pengisian Data Belum Lengkap!") and the other field errors separately.
 */
export function validateMeetingEdit(
  input: MeetingEditInput,
  options: { scheduleEditable: boolean; timeZone: string },
): { missing: MeetingFieldError[]; invalid: MeetingFieldError[] } {
  const missing: MeetingFieldError[] = [];
  const invalid: MeetingFieldError[] = [];
  const m = meetingEditMessages;
  if (!input.judul?.trim()) missing.push({ field: 'judul', message: m.judulRequired });
  if (!input.deskripsi?.trim()) missing.push({ field: 'deskripsi', message: m.deskripsiRequired });
  else if (input.deskripsi.length > meetingDescriptionMaxLength) {
    invalid.push({ field: 'deskripsi', message: m.deskripsiTooLong });
  }
  if (!options.scheduleEditable) return { missing, invalid };

  if (!input.waktu_mulai) missing.push({ field: 'waktu_mulai', message: m.tanggalRequired });
  if (!input.waktu_selesai) missing.push({ field: 'waktu_selesai', message: m.waktuRequired });
  if (!input.id_sesi) missing.push({ field: 'id_sesi', message: m.sesiRequired });
  if (meetingNeedsRoom(input.jenis) && !input.id_ruangan) {
    missing.push({ field: 'id_ruangan', message: m.ruanganRequired });
  }
  if (input.ticked_teachers !== undefined && input.ticked_teachers < 1) {
    missing.push({ field: 'pengajar_kelas', message: m.pengajarRequired });
  }
  if (input.waktu_mulai && input.waktu_selesai) {
    const start = zonedParts(input.waktu_mulai, options.timeZone);
    const end = zonedParts(input.waktu_selesai, options.timeZone);
    if (input.waktu_selesai <= input.waktu_mulai) {
      invalid.push({ field: 'waktu_selesai', message: m.endBeforeStart });
    } else if (end.date !== start.date) {
      invalid.push({ field: 'waktu_selesai', message: m.endNextDay });
    }
    if (input.sesi && (start.time < input.sesi.jam_mulai || start.time > input.sesi.jam_selesai)) {
      invalid.push({ field: 'waktu_mulai', message: sessionWindowMessage(input.sesi) });
    }
  }
  return { missing, invalid };
}

/** A room or teacher clash group: blocking unless every item in it may be ignored. */
export interface ClashGroupLike {
  is_ignorable: boolean;
  data: unknown[];
}

/**
 * A room or teacher clash group may be ignored when every clash in it is another class's regular weekly
 * slot: that class's real meeting of the week may have moved, and real meetings are checked exactly.
 * Any clash with a real meeting blocks.
 */
export function isIgnorableClashGroup(items: readonly { sumber: 'pertemuan' | 'jadwal_kelas' }[]): boolean {
  return items.length > 0 && items.every((i) => i.sumber === 'jadwal_kelas');
}

/** Blocking clash (spec 2 §5): any class clash, or a room or teacher clash that is not ignorable. */
export function isBlockingClash(result: {
  bentrok_kelas: { data: unknown[] };
  bentrok_ruangan: ClashGroupLike;
  bentrok_pengajar: ClashGroupLike;
}): boolean {
  return (
    result.bentrok_kelas.data.length > 0 ||
    (result.bentrok_ruangan.data.length > 0 && !result.bentrok_ruangan.is_ignorable) ||
    (result.bentrok_pengajar.data.length > 0 && !result.bentrok_pengajar.is_ignorable)
  );
}

/** Label of a meeting status; other values show "-". */
export function labelOfMeetingStatus(status: string | null | undefined): string {
  return status != null && status in meetingStatusLabels ? meetingStatusLabels[status as MeetingStatus] : '-';
}

/** Meetings a semester has per class: 14 lectures, the mid-term exam 8th and the final exam 16th. */
export const semesterMeetingCount = 16;

/** One meeting of a class's semester, as a semester load makes it. */
export interface PlannedMeeting {
  nomor: number;
  kategori: MeetingCategory;
  jenis: Exclude<LectureMode, 'campuran'>;
  judul: string;
  waktuMulai: Date;
  waktuSelesai: Date;
}

/**
 * A class's meetings for a semester: one a week at its slot (weekday 0 = Sunday, local times), the first
 * on the period's first day that falls on that weekday. A mixed class meets offline for odd meetings and
 * the exams, online otherwise (lecturers change any of it on the meeting page).
 */
export function planSemesterMeetings(input: {
  periodStart: string;
  hari: number;
  jamMulai: string;
  jamSelesai: string;
  mode: LectureMode;
  timeZone: string;
}): PlannedMeeting[] {
  const first = new Date(`${input.periodStart}T00:00:00Z`);
  first.setUTCDate(first.getUTCDate() + ((input.hari - first.getUTCDay() + 7) % 7));
  const planned: PlannedMeeting[] = [];
  for (let nomor = 1; nomor <= semesterMeetingCount; nomor++) {
    const day = new Date(first.getTime() + (nomor - 1) * 7 * 86_400_000).toISOString().slice(0, 10);
    const midnight = startOfLocalDate(day, input.timeZone).getTime();
    const kategori: MeetingCategory = nomor === 8 ? 'uts' : nomor === semesterMeetingCount ? 'uas' : 'kuliah';
    const jenis =
      input.mode === 'campuran'
        ? nomor % 2 === 1 || kategori !== 'kuliah'
          ? 'offline'
          : 'online'
        : input.mode;
    planned.push({
      nomor,
      kategori,
      jenis,
      judul:
        kategori === 'uts'
          ? 'Ujian Tengah Semester'
          : kategori === 'uas'
            ? 'Ujian Akhir Semester'
            : `Pertemuan ${nomor}`,
      waktuMulai: new Date(midnight + secondsOfDay(input.jamMulai) * 1000),
      waktuSelesai: new Date(midnight + secondsOfDay(input.jamSelesai) * 1000),
    });
  }
  return planned;
}
