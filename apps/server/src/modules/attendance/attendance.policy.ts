import {
  canEditStudentAttendance,
  hasMeetingStarted,
  isComputedAttendanceMeeting,
} from '@lms/contract/attendance.rules';
import type { AttendanceParameters } from '@lms/contract/meeting.rules';
import { isOperatorReading, isOperatorWriting, type Actor } from '../../platform/actor.ts';
import { forbidden } from '../../platform/app-error.ts';
import type { ClassRelation } from '../class/class.api.ts';

/** What the actor may do with a meeting's student attendance; the web only renders it. */
export interface AttendanceAccess {
  /** See the whole list (the class's lecturers, operators with read). */
  lihat: boolean;
  /** Change marks (spec 2 §5 "Attendance"). */
  ubah: boolean;
  /** Start a recalculation ("Update Progress"): only where attendance is computed. */
  hitung_ulang: boolean;
}

/** Spec 2 §5–§6: the class's lecturers and operators; students only read their own rows elsewhere. */
export function resolveAttendanceAccess(
  actor: Actor,
  relation: ClassRelation,
  meeting: {
    jenis: string;
    parameterKehadiran: AttendanceParameters;
    waktuMulai: Date;
    mulaiKuliah: Date | null;
  },
  now: Date,
): AttendanceAccess {
  const isTeacher = actor.role === 'dosen' && relation.isTeacher;
  const operatorWrites = isOperatorWriting(actor);
  const lihat = isTeacher || isOperatorReading(actor);
  const started = hasMeetingStarted(
    {
      waktu_mulai: meeting.waktuMulai.toISOString(),
      mulai_kuliah: meeting.mulaiKuliah?.toISOString() ?? null,
    },
    now,
  );
  const ubah = canEditStudentAttendance({ meetingStarted: started, isTeacher, operatorWrites });
  const computed = isComputedAttendanceMeeting({
    jenis: meeting.jenis,
    parameter_kehadiran: meeting.parameterKehadiran,
  });
  return { lihat, ubah, hitung_ulang: computed && (isTeacher || operatorWrites) };
}

/** Lecturers of the class and operators with read see a class's attendance; students only their own. */
export function assertCanSeeClassAttendance(actor: Actor, relation: ClassRelation): void {
  if ((actor.role === 'dosen' && relation.isTeacher) || isOperatorReading(actor)) return;
  throw forbidden();
}

/** Teachers of the class and operators with write may start a recalculation of it. */
export function canRecalculateClass(actor: Actor, relation: ClassRelation): boolean {
  return (actor.role === 'dosen' && relation.isTeacher) || isOperatorWriting(actor);
}
