// Who an event may reach, as SQL for the fan-out's one insert … select (notification.repository.ts).
import { sql, type SQL } from 'drizzle-orm';
import type { notificationEvents } from '../../db/schema/notification.schema.ts';

type EventRow = typeof notificationEvents.$inferSelect;

/**
 * The event's recipients (`user_id`): a class's students and/or lecturers; the college's active users;
 * or the users the event names, kept only while they are members of its class (or active users of the
 * college without a class), so a named user who left the class hears nothing.
 */
export function audienceOf(event: EventRow): SQL {
  const c = event.collegeId;
  if (event.audience === 'pengguna') {
    const member = event.kelasId
      ? sql`(exists (select 1 from class_students cs
                     where cs.college_id = ${c} and cs.kelas_id = ${event.kelasId} and cs.mahasiswa_id = n.user_id)
             or exists (select 1 from class_teachers ct
                     where ct.college_id = ${c} and ct.kelas_id = ${event.kelasId} and ct.dosen_id = n.user_id))`
      : sql`exists (select 1 from users u
                    where u.college_id = ${c} and u.id = n.user_id and u.is_active and u.role <> 'operator')`;
    return sql`select n.user_id from notification_events e, unnest(e.user_ids) as n(user_id)
               where e.college_id = ${c} and e.id = ${event.id}::uuid and ${member}`;
  }
  const students = event.audience === 'mahasiswa' || event.audience === 'semua';
  const teachers = event.audience === 'dosen' || event.audience === 'semua';
  return event.kelasId
    ? sql`select cs.mahasiswa_id as user_id from class_students cs
            where cs.college_id = ${c} and cs.kelas_id = ${event.kelasId} and ${students}
          union
          select ct.dosen_id from class_teachers ct
            where ct.college_id = ${c} and ct.kelas_id = ${event.kelasId} and ${teachers}`
    : sql`select u.id as user_id from users u
            where u.college_id = ${c} and u.is_active and u.role <> 'operator'`;
}

/**
 * A reminder's lead bucket (notification-reminder.repository.ts): `{id}` is for the users who follow
 * the college's lead time, `{id}@{hours}` for those who chose that many hours; either way once per
 * user and thing.
 */
function reminderLeadOf(event: EventRow): SQL {
  const c = event.collegeId;
  const [thing, chosen] = event.resourceId.split('@');
  // Who changed their lead time after being reminded at the old one is not reminded again: the thing's
  // other reminder events (at most one per lead), looked up once for the whole statement.
  const remindedAlready = sql`and not exists (
        select 1 from notifications o
        where o.college_id = ${c} and o.user_id = r.user_id
          and o.event_id = any(array(
            select e2.id from notification_events e2
            where e2.college_id = ${c} and e2.kind = ${event.kind} and e2.resource_kind = ${event.resourceKind}
              and split_part(e2.resource_id, '@', 1) = ${thing!} and e2.id <> ${event.id}::uuid)))`;
  const lead =
    chosen === undefined
      ? sql`and not exists (
        select 1 from notification_reminder_leads l where l.college_id = ${c} and l.user_id = r.user_id)`
      : sql`and exists (
        select 1 from notification_reminder_leads l
        where l.college_id = ${c} and l.user_id = r.user_id and l.hours = ${Number(chosen)}::int)`;
  return sql`${lead} ${remindedAlready}`;
}

/** The thread a chat event belongs to: its resource id is `{thread key}#{message id}`. */
const chatThreadOf = (resourceId: string) => resourceId.split('#')[0] ?? resourceId;

/**
 * Who of the audience is left out, by kind (`r.user_id` is the recipient):
 * - a deadline reminder: students who handed the task in, themselves or through their group, and
 *   those whose lead time is another than the event's;
 * - an exam reminder or change: students who finished it, and students who may not see it (hidden, no
 *   questions, a remedial they are not a participant of — the rule of isVisibleTo); for a reminder,
 *   those whose lead time is another than the event's;
 * - an exam's scores published: students who did not hand it in;
 * - a chat message: users with an unread chat notification of the same thread (one is enough).
 */
export function exclusionOf(event: EventRow): SQL {
  const c = event.collegeId;
  switch (event.kind) {
    case 'pengingat_tenggat':
      return sql`${reminderLeadOf(event)}
      and not exists (
        select 1 from task_submissions s
        where s.college_id = ${c} and s.tugas_id = ${event.resourceId.split('@')[0]!}::uuid
          and (s.mahasiswa_id = r.user_id
               or s.kelompok_id in (select gm.kelompok_id from task_group_members gm
                                    where gm.college_id = ${c} and gm.mahasiswa_id = r.user_id)))`;
    case 'pengingat_ujian':
    case 'ujian_berubah': {
      const examId = event.resourceId.split('@')[0]!;
      const lead = event.kind === 'pengingat_ujian' ? reminderLeadOf(event) : sql``;
      return sql`${lead}
      and not exists (
        select 1 from exam_attempts a
        where a.college_id = ${c} and a.ujian_id = ${examId}::uuid and a.mahasiswa_id = r.user_id
          and a.submitted_at is not null)
      and exists (
        select 1 from exams x
        where x.college_id = ${c} and x.id = ${examId}::uuid and x.ditampilkan
          and exists (select 1 from exam_questions q where q.college_id = x.college_id and q.ujian_id = x.id)
          and (x.jenis <> 'remedial'
               or exists (select 1 from students st where st.college_id = ${c} and st.user_id = r.user_id
                          and st.nim = any(x.peserta_remedial))))`;
    }
    case 'nilai':
      // An exam's scores: only the students who handed it in have one to see.
      return event.resourceKind === 'ujian'
        ? sql`and exists (
            select 1 from exam_attempts a
            where a.college_id = ${c} and a.ujian_id = ${event.resourceId}::uuid and a.mahasiswa_id = r.user_id
              and a.submitted_at is not null)`
        : sql``;
    case 'pesan_chat':
      return sql`and not exists (
        select 1 from notifications o
        where o.college_id = ${c} and o.user_id = r.user_id and o.kind = 'pesan_chat' and o.read_at is null
          and o.resource_kind = ${event.resourceKind}
          and split_part(o.resource_id, '#', 1) = ${chatThreadOf(event.resourceId)})`;
    default:
      return sql``;
  }
}
