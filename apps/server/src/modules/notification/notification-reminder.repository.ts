import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { notificationReminderLeads } from '../../db/schema/notification.schema.ts';

type RawRows<T> = { rows: T[] };

/**
 * The lead times in use in a college: the college's own, for the users without a choice (events on the
 * bare resource id), and each lead some user chose (events on `{id}@{hours}`, for those users only;
 * exclusionOf in notification-audience.repository.ts sorts the recipients). At most one more lead per
 * choice the contract offers.
 */
const leadsInUse = (collegeId: string, collegeLeadHours: number) => sql`
with leads as (
  select ${collegeLeadHours}::int as hours, '' as variant
  union all
  select distinct l.hours, '@' || l.hours from notification_reminder_leads l where l.college_id = ${collegeId}
)`;

/**
 * Records the reminder events of a college's task deadlines falling within a lead time in use (after
 * `now`, at most that many hours ahead; `leadHours` is the college's), in one statement for all its
 * tasks: one event per task and lead, `on conflict do nothing` on (college, kind, resource), so a task is
 * reminded of once per lead whatever the number of runs or instances. Who hears of it (the class's
 * students who have not handed it in, at that lead) is the fan-out's. Answers how many events it
 * recorded.
 */
export async function insertDeadlineReminders(
  db: Db,
  college: { id: string; timeZone: string },
  now: Date,
  leadHours: number,
): Promise<number> {
  const result = await db.execute(sql`${leadsInUse(college.id, leadHours)}
insert into notification_events
  (college_id, kind, kelas_id, audience, title, link, resource_kind, resource_id, visible_from)
select t.college_id, 'pengingat_tenggat', t.kelas_id, 'mahasiswa',
       left('Tenggat tugas ' || t.judul || ': '
            || to_char(t.waktu_selesai at time zone ${college.timeZone}, 'DD/MM/YYYY HH24:MI'), 300),
       '/tugas/' || t.id, 'tugas', t.id::text || b.variant, ${now.toISOString()}::timestamptz
from tasks t cross join leads b
where t.college_id = ${college.id}
  and t.waktu_selesai > ${now.toISOString()}::timestamptz
  and t.waktu_selesai <= ${now.toISOString()}::timestamptz + make_interval(hours => b.hours)
on conflict do nothing
returning 1`);
  return (result as unknown as RawRows<unknown>).rows.length;
}

/**
 * The same for exams starting within the lead time that students may see (shown, with questions); a
 * remedial's participants and who finished are sorted out by the fan-out.
 */
export async function insertExamReminders(
  db: Db,
  college: { id: string; timeZone: string },
  now: Date,
  leadHours: number,
): Promise<number> {
  const result = await db.execute(sql`${leadsInUse(college.id, leadHours)}
insert into notification_events
  (college_id, kind, kelas_id, audience, title, link, resource_kind, resource_id, visible_from)
select x.college_id, 'pengingat_ujian', x.kelas_id, 'mahasiswa',
       left('Ujian ' || x.judul || ' dimulai '
            || to_char(x.waktu_mulai at time zone ${college.timeZone}, 'DD/MM/YYYY HH24:MI'), 300),
       '/ujian/' || x.id, 'ujian', x.id::text || b.variant, ${now.toISOString()}::timestamptz
from exams x cross join leads b
where x.college_id = ${college.id}
  and x.ditampilkan
  and x.waktu_mulai > ${now.toISOString()}::timestamptz
  and x.waktu_mulai <= ${now.toISOString()}::timestamptz + make_interval(hours => b.hours)
  and exists (select 1 from exam_questions q where q.college_id = x.college_id and q.ujian_id = x.id)
on conflict do nothing
returning 1`);
  return (result as unknown as RawRows<unknown>).rows.length;
}

const leadOf = (collegeId: string, userId: string) =>
  and(eq(notificationReminderLeads.collegeId, collegeId), eq(notificationReminderLeads.userId, userId));

/** A user's own reminder lead time in hours, or null when they follow the college's. */
export async function findReminderLead(db: Db, collegeId: string, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ hours: notificationReminderLeads.hours })
    .from(notificationReminderLeads)
    .where(leadOf(collegeId, userId));
  return row?.hours ?? null;
}

/** Stores a user's own lead time, or removes it (null: follow the college's again). */
export async function saveReminderLead(
  db: Db,
  collegeId: string,
  userId: string,
  hours: number | null,
  now: Date,
): Promise<void> {
  if (hours === null) {
    await db.delete(notificationReminderLeads).where(leadOf(collegeId, userId));
    return;
  }
  await db
    .insert(notificationReminderLeads)
    .values({ collegeId, userId, hours, updatedAt: now })
    .onConflictDoUpdate({
      target: [notificationReminderLeads.collegeId, notificationReminderLeads.userId],
      set: { hours, updatedAt: now },
    });
}
