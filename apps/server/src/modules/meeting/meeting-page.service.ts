import type { AccessRestrictionStatus } from '@lms/contract/college.schema';
import type { RestrictedExamKind } from '@lms/contract/college-settings.rules';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import type { College } from '../../platform/college.repository.ts';
import type { MeetingRow } from './meeting.repository.ts';
import { assertNotExamRestricted, isExamMeeting } from './meeting.policy.ts';
import { getMeetingDetail, type ReadableMeeting } from './meeting.service.ts';

/**
 * What areas above the meeting add to its page. They read meetings through meeting.api.ts, so the meeting
 * area cannot import them: each provides its part (provideMeetingPageParts) when the app registers its
 * routes.
 */
export interface MeetingPageParts {
  /** The access area's restrictions of a student for a UTS/UAS, counted in `kelasId`. */
  accessRestrictions(
    db: Db,
    actor: Actor,
    college: College,
    ujian: RestrictedExamKind,
    kelasId: string,
  ): Promise<AccessRestrictionStatus>;
  /** How many exams the meeting's list shows: a student (their id) or an editor (null). */
  examsListed(db: Db, collegeId: string, meetingId: string, studentUserId: string | null): Promise<number>;
  /** How many materials the meeting's list shows: an editor every one, others those already displayed. */
  materialsListed(db: Db, collegeId: string, meetingId: string, canEdit: boolean): Promise<number>;
}

const provided: Partial<MeetingPageParts> = {};

/** Provides parts of the meeting page; the area that owns a part calls this when its routes are registered. */
export function provideMeetingPageParts(parts: Partial<MeetingPageParts>): void {
  Object.assign(provided, parts);
}

function partOf<K extends keyof MeetingPageParts>(name: K): MeetingPageParts[K] {
  const part = provided[name];
  // Fails closed: a page without its restriction check or counts is a wiring bug, never served.
  if (!part) throw new Error(`meeting page part ${name} is not provided (its area's routes provide it)`);
  return part;
}

/** A student may not open a UTS/UAS meeting while its exam-attendance restriction is unmet (403). */
async function assertExamMeetingOpen(db: Db, actor: Actor, college: College, meeting: MeetingRow) {
  if (actor.role !== 'mahasiswa' || !isExamMeeting(meeting.kategori)) return;
  const kind = meeting.kategori as RestrictedExamKind;
  // Attendance counts in the meeting's own class, as at an exam's start.
  const restrictions = await partOf('accessRestrictions')(db, actor, college, kind, meeting.kelas.id);
  assertNotExamRestricted(actor, meeting, restrictions);
}

/**
 * GET /v2/lms/pertemuan/{id}: the meeting detail, refused to a student held back by the exam-attendance
 * restriction, whose Kuis/Ujian and Materi counts are what the meeting's exam and material lists show
 * this caller (issue 45). The activity model counts every exam and material, and keeps no visibility: a
 * student is not shown exams that are hidden, have no questions yet, or are remedials they are not in, nor
 * materials before their display time.
 */
export async function getMeetingPage(
  db: Db,
  actor: Actor,
  college: College,
  loaded: ReadableMeeting,
): Promise<MeetingDetail> {
  const detail = await getMeetingDetail(db, college, loaded, (meeting) =>
    assertExamMeetingOpen(db, actor, college, meeting),
  );
  const [ujian, materi] = await Promise.all([
    partOf('examsListed')(db, college.id, detail.id, actor.role === 'mahasiswa' ? actor.userId : null),
    partOf('materialsListed')(db, college.id, detail.id, detail.akses.ubah),
  ]);
  return { ...detail, count_activity: { ...detail.count_activity, ujian, materi } };
}
