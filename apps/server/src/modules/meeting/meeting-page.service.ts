import type { MeetingDetail } from '@lms/contract/meeting.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import type { College } from '../../platform/college.repository.ts';
import { countMeetingExamsListed } from '../exam/exam.api.ts';
import { getMeetingDetail } from './meeting.service.ts';

/**
 * GET /v2/lms/pertemuan/{id}: the meeting detail whose Kuis/Ujian count is what the meeting's exam list
 * shows this caller (issue 45). The activity model counts every exam, and keeps no visibility: a student
 * is not shown exams that are hidden, have no questions yet, or are remedials they are not in. Beside
 * meeting.service.ts because the exam area reads meetings through meeting.api.ts: importing exam.api.ts
 * there would make the two areas import each other.
 */
export async function getMeetingPage(
  db: Db,
  actor: Actor,
  college: College,
  meetingId: string,
): Promise<MeetingDetail> {
  const detail = await getMeetingDetail(db, actor, college, meetingId);
  const ujian = await countMeetingExamsListed(
    db,
    college.id,
    detail.id,
    actor.role === 'mahasiswa' ? actor.userId : null,
  );
  return { ...detail, count_activity: { ...detail.count_activity, ujian } };
}
