import type {
  CalendarEvent,
  CalendarQuery,
  CalendarResponse,
  DashboardStatistics,
} from '@lms/contract/dashboard.schema';
import { calendarMaxEvents } from '@lms/contract/dashboard.rules';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { calendarScope } from './dashboard.policy.ts';
import { presentMeetingEvent } from './dashboard.presenter.ts';
import { findMeetingsInRange } from './dashboard.repository.ts';

/** Events of one kind in a range, with how many exist in all. */
interface EventBatch {
  events: CalendarEvent[];
  total: number;
}

/** Meetings of the actor's classes in the range. */
async function meetingEvents(db: Db, actor: Actor, start: Date, end: Date): Promise<EventBatch> {
  const { rows, total } = await findMeetingsInRange(
    db,
    actor.collegeId,
    calendarScope(actor),
    { start, end },
    calendarMaxEvents,
  );
  return { events: rows.map(presentMeetingEvent), total };
}

/**
 * GET /v2/lms/kalender: the actor's events overlapping [start, end), earliest first. Meetings now; exams,
 * task deadlines and vidcons join here (one function per kind) when those areas are built.
 */
export async function listCalendarEvents(
  db: Db,
  actor: Actor,
  query: CalendarQuery,
): Promise<CalendarResponse> {
  const start = new Date(query.start);
  const end = new Date(query.end);
  const batches = await Promise.all([meetingEvents(db, actor, start, end)]);
  const events = batches
    .flatMap((b) => b.events)
    .sort((a, b) => a.waktu_mulai.localeCompare(b.waktu_mulai))
    .slice(0, calendarMaxEvents);
  const total = batches.reduce((sum, b) => sum + b.total, 0);
  return { data: events, meta: { total_items: total, terpotong: total > events.length } };
}

// The dashboard tiles. Each count has its own function so that the issue that builds the area fills it
// in; until then the area holds nothing, so the count is 0.

/** Tugas: for students, open tasks not yet handed in; for lecturers, submissions waiting for a grade. */
export async function countTasks(_db: Db, _actor: Actor): Promise<number> {
  return 0;
}

/** Kuis/Ujian: for students, quizzes and exams open now or later; for lecturers, those of their classes. */
export async function countExams(_db: Db, _actor: Actor): Promise<number> {
  return 0;
}

/** Forum: forums of the actor's classes. */
export async function countForums(_db: Db, _actor: Actor): Promise<number> {
  return 0;
}

/** Vidcon: video conferences of the actor's classes from today on. */
export async function countVidcons(_db: Db, _actor: Actor): Promise<number> {
  return 0;
}

/** GET /v2/lms/statistik_beranda. */
export async function getDashboardStatistics(db: Db, actor: Actor): Promise<DashboardStatistics> {
  const [tugas, ujian, forum, vidcon] = await Promise.all([
    countTasks(db, actor),
    countExams(db, actor),
    countForums(db, actor),
    countVidcons(db, actor),
  ]);
  return { tugas, ujian, forum, vidcon };
}
