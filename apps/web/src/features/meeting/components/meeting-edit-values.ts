import type { Dayjs } from 'dayjs';
import type { LectureMode } from '@lms/contract/class.rules';
import {
  isBlockingClash,
  meetingEditMessages,
  meetingNeedsRoom,
  normalizeAttendanceParameters,
  normalizeMeetingCategory,
  normalizeMeetingKind,
  validateMeetingEdit,
  type AttendanceParameters,
  type MeetingCategory,
} from '@lms/contract/meeting.rules';
import type {
  ClashCheckRequest,
  ClashCheckResult,
  MeetingDetail,
  MeetingUpdate,
  Session,
} from '@lms/contract/meeting.schema';
import { fromPickerValue, toPickerValue } from '../../../lib/date.ts';

/**
 * The Ubah Data Pertemuan form. Picker values show the college's wall-clock time (see toPickerValue),
 * whatever zone the browser is in.
 */
export interface MeetingFormValues {
  judul: string;
  deskripsi: string;
  kategori: MeetingCategory | '';
  jenis: LectureMode | '';
  metode: string;
  tanggal: Dayjs | null;
  waktu_mulai: Dayjs | null;
  waktu_selesai: Dayjs | null;
  id_sesi: string | null;
  id_ruangan: string | null;
  /** is_pengajar by teacher id. */
  pengajar: Record<string, boolean>;
  parameter_kehadiran: AttendanceParameters;
}

/** The form's starting values from the meeting. */
export function initialMeetingFormValues(meeting: MeetingDetail): MeetingFormValues {
  const zone = meeting.time_zone;
  const start = toPickerValue(meeting.waktu_mulai, zone);
  return {
    judul: meeting.judul,
    deskripsi: meeting.deskripsi,
    kategori: meeting.kategori,
    jenis: meeting.jenis,
    metode: meeting.metode ?? '',
    tanggal: start ? start.startOf('day') : null,
    waktu_mulai: start,
    waktu_selesai: toPickerValue(meeting.waktu_selesai, zone),
    id_sesi: meeting.id_sesi,
    id_ruangan: meeting.id_ruangan,
    pengajar: Object.fromEntries(meeting.pengajar_kelas.map((t) => [t.id, t.is_pengajar])),
    parameter_kehadiran: { ...meeting.parameter_kehadiran },
  };
}

/** Moves a picker value to another calendar day, keeping its time of day. */
export function moveToDate(time: Dayjs, date: Dayjs): Dayjs {
  return date.hour(time.hour()).minute(time.minute()).second(time.second()).millisecond(0);
}

/** A session's start and end on a day ('07:30:00' → that day at 07:30). */
export function sessionTimesOn(date: Dayjs, session: Session): { start: Dayjs; end: Dayjs } {
  const at = (hms: string) => {
    const [h = 0, m = 0, s = 0] = hms.split(':').map(Number);
    return date.hour(h).minute(m).second(s).millisecond(0);
  };
  return { start: at(session.jam_mulai), end: at(session.jam_selesai) };
}

/** An instant (ISO, UTC) from a picker value, in the meeting's zone. */
function toInstant(value: Dayjs | null, timeZone: string): string | null {
  return value ? fromPickerValue(value, timeZone) : null;
}

/**
 * The PUT body (spec 2 §5): empty jenis becomes online and kategori kuliah; online meetings have no
 * room; when the schedule is not editable, schedule, session, room and teachers are dropped; teachers
 * only for the main teacher; attendance parameters only for operators, fitted to the kind.
 */
export function buildMeetingUpdate(values: MeetingFormValues, meeting: MeetingDetail): MeetingUpdate {
  const jenis = normalizeMeetingKind(values.jenis);
  const body: MeetingUpdate = {
    judul: values.judul.trim(),
    deskripsi: values.deskripsi,
    kategori: normalizeMeetingCategory(values.kategori),
    jenis,
    metode: values.metode.trim() || null,
  };
  if (meeting.akses.ubah_jadwal) {
    body.waktu_mulai = toInstant(values.waktu_mulai, meeting.time_zone);
    body.waktu_selesai = toInstant(values.waktu_selesai, meeting.time_zone);
    body.id_sesi = values.id_sesi || null;
    body.id_ruangan = meetingNeedsRoom(jenis) ? values.id_ruangan || null : null;
    if (meeting.akses.ubah_pengajar) {
      body.pengajar_kelas = meeting.pengajar_kelas.map((t) => ({
        id: t.id,
        is_pengajar: values.pengajar[t.id] ?? t.is_pengajar,
      }));
    }
  }
  if (meeting.akses.ubah_parameter_kehadiran) {
    body.parameter_kehadiran = normalizeAttendanceParameters(jenis, values.parameter_kehadiran);
  }
  return body;
}

/** The clash check's body: the proposed schedule of this meeting. */
export function buildClashCheck(values: MeetingFormValues, meeting: MeetingDetail): ClashCheckRequest {
  const body = buildMeetingUpdate(values, meeting);
  return {
    id_kelas_kuliah: meeting.kelas_kuliah.id,
    id_pertemuan: meeting.id,
    waktu_mulai: body.waktu_mulai ?? '',
    waktu_selesai: body.waktu_selesai ?? '',
    jenis: body.jenis,
    id_ruangan: body.id_ruangan ?? null,
    id_sesi: body.id_sesi ?? null,
    ...(body.pengajar_kelas ? { pengajar_kelas: body.pengajar_kelas } : {}),
  };
}

/** Whether the form would save anything different from what the meeting holds. */
export function hasMeetingChanged(values: MeetingFormValues, meeting: MeetingDetail): boolean {
  const now = buildMeetingUpdate(values, meeting);
  const before = buildMeetingUpdate(initialMeetingFormValues(meeting), meeting);
  return JSON.stringify(now) !== JSON.stringify(before);
}

/** Whether Simpan is enabled, and the tooltip of spec 2 §5 saying why not. */
export function saveState(
  changed: boolean,
  scheduleEditable: boolean,
  clash: ClashCheckResult | null,
): { enabled: boolean; reason: string | null } {
  if (!changed) return { enabled: false, reason: meetingEditMessages.noChange };
  if (scheduleEditable && (!clash || isBlockingClash(clash))) {
    return { enabled: false, reason: meetingEditMessages.checkFirst };
  }
  return { enabled: true, reason: null };
}

/**
 * The rule errors of the schedule (start within the session, end after the start on the same day) by
 * form field, from the contract's validateMeetingEdit so the server and the form agree.
 */
export function scheduleRuleErrors(
  values: Pick<MeetingFormValues, 'waktu_mulai' | 'waktu_selesai' | 'id_sesi' | 'jenis'>,
  sessions: Session[],
  timeZone: string,
): Partial<Record<'waktu_mulai' | 'waktu_selesai', string>> {
  if (!values.waktu_mulai || !values.waktu_selesai) return {};
  const sesi = sessions.find((s) => s.id === values.id_sesi) ?? null;
  const { invalid } = validateMeetingEdit(
    {
      judul: 'x',
      deskripsi: 'x',
      jenis: normalizeMeetingKind(values.jenis),
      waktu_mulai: new Date(fromPickerValue(values.waktu_mulai, timeZone)),
      waktu_selesai: new Date(fromPickerValue(values.waktu_selesai, timeZone)),
      sesi,
      id_sesi: values.id_sesi ?? 'x',
      id_ruangan: 'x',
    },
    { scheduleEditable: true, timeZone },
  );
  const errors: Partial<Record<'waktu_mulai' | 'waktu_selesai', string>> = {};
  for (const e of invalid) {
    if (e.field === 'waktu_mulai' || e.field === 'waktu_selesai') errors[e.field] ??= e.message;
  }
  return errors;
}

/** Where a server field error belongs on the form (the date picker carries a missing start's "Tanggal"). */
export function formFieldOf(serverField: string, message: string): keyof MeetingFormValues | null {
  if (serverField === 'waktu_mulai')
    return message === meetingEditMessages.tanggalRequired ? 'tanggal' : 'waktu_mulai';
  const map: Record<string, keyof MeetingFormValues> = {
    judul: 'judul',
    deskripsi: 'deskripsi',
    waktu_selesai: 'waktu_selesai',
    id_sesi: 'id_sesi',
    id_ruangan: 'id_ruangan',
    pengajar_kelas: 'pengajar',
  };
  return map[serverField] ?? null;
}
