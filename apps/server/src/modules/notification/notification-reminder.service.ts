import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import type { ReminderLead, ReminderLeadInput } from '@lms/contract/notification.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { findAllColleges, type College } from '../../platform/college.repository.ts';
import { fanOutDueEvents } from './notification.service.ts';
import {
  findReminderLead,
  insertDeadlineReminders,
  insertExamReminders,
  saveReminderLead,
} from './notification-reminder.repository.ts';

/**
 * Records the reminders now due in every college (task deadlines and exam starts within the college's
 * "Pengingat sebelum tenggat/ujian (jam)", or a student's own lead time), two statements per college,
 * then makes their notifications at once (the fan-out: one insert … select per event). The events are
 * the durable part: a crash after recording leaves them to the fan-out's next run; recording again does
 * nothing. Answers how many notifications it made.
 */
export async function sendDueReminders(db: Db, now: () => Date = () => new Date()): Promise<number> {
  for (const college of await findAllColleges(db)) {
    const lead = readCollegeSettings(college).pengaturan_kelas.pengingat_jam;
    await insertDeadlineReminders(db, college, now(), lead);
    await insertExamReminders(db, college, now(), lead);
  }
  return fanOutDueEvents(db, now);
}

/** GET /v2/lms/notifikasi/pengingat: the student's own lead time (null: the college's) and the college's. */
export async function getMyReminderLead(db: Db, college: College, actor: Actor): Promise<ReminderLead> {
  return {
    jam: await findReminderLead(db, actor.collegeId, actor.userId),
    jam_kampus: readCollegeSettings(college).pengaturan_kelas.pengingat_jam,
  };
}

/**
 * PUT /v2/lms/notifikasi/pengingat. Reminders already recorded stay as they were; the next ones come
 * at the new lead time (a reminder of the same task at another lead is another reminder).
 */
export async function setMyReminderLead(
  db: Db,
  college: College,
  actor: Actor,
  input: ReminderLeadInput,
): Promise<ReminderLead> {
  await saveReminderLead(db, actor.collegeId, actor.userId, input.jam, new Date());
  return getMyReminderLead(db, college, actor);
}
