import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

type RawRows<T> = { rows: T[] };

/**
 * Records the reminder events of a college's task deadlines falling within the lead time (after `now`,
 * at most `leadHours` ahead), in one statement for all its tasks: one event per task, `on conflict do
 * nothing` on (college, kind, resource), so a task is reminded of once whatever the number of runs or
 * instances. Who hears of it (the class's students who have not handed it in) is the fan-out's. Answers
 * how many events it recorded.
 */
export async function insertDeadlineReminders(
  db: Db,
  college: { id: string; timeZone: string },
  now: Date,
  leadHours: number,
): Promise<number> {
  const result = await db.execute(sql`
insert into notification_events
  (college_id, kind, kelas_id, audience, title, link, resource_kind, resource_id, visible_from)
select t.college_id, 'pengingat_tenggat', t.kelas_id, 'mahasiswa',
       left('Tenggat tugas ' || t.judul || ': '
            || to_char(t.waktu_selesai at time zone ${college.timeZone}, 'DD/MM/YYYY HH24:MI'), 300),
       '/tugas/' || t.id, 'tugas', t.id::text, ${now.toISOString()}::timestamptz
from tasks t
where t.college_id = ${college.id}
  and t.waktu_selesai > ${now.toISOString()}::timestamptz
  and t.waktu_selesai <= ${now.toISOString()}::timestamptz + make_interval(hours => ${leadHours}::int)
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
  const result = await db.execute(sql`
insert into notification_events
  (college_id, kind, kelas_id, audience, title, link, resource_kind, resource_id, visible_from)
select x.college_id, 'pengingat_ujian', x.kelas_id, 'mahasiswa',
       left('Ujian ' || x.judul || ' dimulai '
            || to_char(x.waktu_mulai at time zone ${college.timeZone}, 'DD/MM/YYYY HH24:MI'), 300),
       '/ujian/' || x.id, 'ujian', x.id::text, ${now.toISOString()}::timestamptz
from exams x
where x.college_id = ${college.id}
  and x.ditampilkan
  and x.waktu_mulai > ${now.toISOString()}::timestamptz
  and x.waktu_mulai <= ${now.toISOString()}::timestamptz + make_interval(hours => ${leadHours}::int)
  and exists (select 1 from exam_questions q where q.college_id = x.college_id and q.ujian_id = x.id)
on conflict do nothing
returning 1`);
  return (result as unknown as RawRows<unknown>).rows.length;
}
