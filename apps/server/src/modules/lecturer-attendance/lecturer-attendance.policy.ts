import { isOperatorWriting, type Actor } from '../../platform/actor.ts';

/**
 * Spec 2 §6: lecturer attendance is changed ("Ubah Kehadiran Pengajar") by operators with write on
 * kelas_kuliah; lecturers may not change it, not even their colleagues' (they record only their own).
 */
export function canEditLecturerAttendance(actor: Actor): boolean {
  return isOperatorWriting(actor);
}

/** The same operators validate, and only while the college validates lecturer attendance. */
export function canValidateLecturerAttendance(actor: Actor, validationOn: boolean): boolean {
  return validationOn && isOperatorWriting(actor);
}
