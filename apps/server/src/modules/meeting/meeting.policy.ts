import type { ClassAccess } from '@lms/contract/class.schema';
import type { AccessRestrictionStatus } from '@lms/contract/college.schema';
import {
  examRestrictionErrorCode,
  meetsAccessRestrictions,
  type ExamRestrictionDetail,
} from '@lms/contract/access-restriction.rules';
import {
  canEndMeeting,
  canStartMeeting,
  isMeetingScheduleEditable,
  type MeetingStatus,
} from '@lms/contract/meeting.rules';
import type { ClassSettings, LectureMode } from '@lms/contract/class.rules';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/actor.ts';
import type { ClassRelation } from '../class/class.api.ts';

/**
 * What the actor may do with a meeting (spec 2 §5, §6): the class's lecturers and operators with write
 * edit, start and end it; the schedule only when the college allows it for the meeting's kind; the
 * teacher ticks only the class's main teacher (spec 2 §5: operators edit the rest of the meeting but not who
 * teaches it); attendance parameters only operators.
 */
export function resolveMeetingAccess(
  actor: Actor,
  relation: ClassRelation,
  classAccess: ClassAccess,
  meeting: { status: MeetingStatus; jenis: LectureMode },
  settings: ClassSettings,
): MeetingDetail['akses'] {
  const ubah = classAccess.ubah_pertemuan;
  const ubahJadwal = ubah && isMeetingScheduleEditable(settings, meeting.jenis);
  return {
    ubah,
    mulai: ubah && canStartMeeting(meeting.status),
    akhiri: ubah && canEndMeeting(meeting.status),
    ubah_jadwal: ubahJadwal,
    ubah_pengajar: ubahJadwal && actor.role === 'dosen' && relation.isMainTeacher,
    ubah_parameter_kehadiran: ubah && actor.role === 'operator',
  };
}

/** Exam meetings are the ones an exam-attendance restriction can close. */
export function isExamMeeting(kategori: string): boolean {
  return kategori === 'uts' || kategori === 'uas';
}

/**
 * A student below the college's exam-attendance minimum may not open that exam's meeting (spec 2 §8:
 * the client then goes to /forbidden/{meeting id}). The rule is the access-restriction area's
 * (`kehadiran_uts` / `kehadiran_uas` of check_pembatasan); other entries (unpaid fees) gate the whole
 * LMS elsewhere and are not this error.
 */
export function assertNotExamRestricted(
  actor: Actor,
  meeting: { kategori: string },
  restrictions: AccessRestrictionStatus,
): void {
  if (actor.role !== 'mahasiswa' || !isExamMeeting(meeting.kategori)) return;
  const syarat = `kehadiran_${meeting.kategori}`;
  const entry = restrictions[syarat];
  if (entry && !meetsAccessRestrictions({ entry })) {
    const detail: ExamRestrictionDetail = { syarat, kekurangan: entry.kekurangan };
    throw new AppError(403, examRestrictionErrorCode, undefined, detail);
  }
}
