import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import type { Db } from '../../db/database.ts';
import { findAllColleges } from '../../platform/college.repository.ts';
import { fanOutDueEvents } from './notification.service.ts';
import { insertDeadlineReminders, insertExamReminders } from './notification-reminder.repository.ts';

/**
 * Records the reminders now due in every college (task deadlines and exam starts within the college's
 * "Pengingat sebelum tenggat/ujian (jam)"), two statements per college, then makes their notifications
 * at once (the fan-out: one insert … select per event). The events are the durable part: a crash after
 * recording leaves them to the fan-out's next run; recording again does nothing. Answers how many
 * notifications it made.
 */
export async function sendDueReminders(db: Db, now: () => Date = () => new Date()): Promise<number> {
  for (const college of await findAllColleges(db)) {
    const lead = readCollegeSettings(college).pengaturan_kelas.pengingat_jam;
    await insertDeadlineReminders(db, college, now(), lead);
    await insertExamReminders(db, college, now(), lead);
  }
  return fanOutDueEvents(db, now);
}
