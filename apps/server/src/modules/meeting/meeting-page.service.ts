import type { MeetingDetail } from '@lms/contract/meeting.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import type { College } from '../../platform/college.repository.ts';
import { countMeetingExamsListed } from '../exam/exam.api.ts';
import { countMeetingMaterialsListed } from '../material/material.api.ts';
import { getMeetingDetail } from './meeting.service.ts';

/**
 * GET /v2/lms/pertemuan/{id}: the meeting detail whose Kuis/Ujian and Materi counts are what the
 * meeting's exam and material lists show this caller (issue 45). The activity model counts every exam
 * and material, and keeps no visibility: a student is not shown exams that are hidden, have no questions
 * yet, or are remedials they are not in, nor materials before their display time. Beside
 * meeting.service.ts because the exam area reads meetings through meeting.api.ts: importing exam.api.ts
 * there would make the two areas import each other (and likewise material.api.ts).
 */
export async function getMeetingPage(
  db: Db,
  actor: Actor,
  college: College,
  meetingId: string,
): Promise<MeetingDetail> {
  const detail = await getMeetingDetail(db, actor, college, meetingId);
  const [ujian, materi] = await Promise.all([
    countMeetingExamsListed(db, college.id, detail.id, actor.role === 'mahasiswa' ? actor.userId : null),
    countMeetingMaterialsListed(db, college.id, detail.id, detail.akses.ubah),
  ]);
  return { ...detail, count_activity: { ...detail.count_activity, ujian, materi } };
}
