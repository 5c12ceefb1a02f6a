import type {
  CalendarEvent,
  CalendarQuery,
  CalendarResponse,
  DashboardStatistics,
} from '@lms/contract/dashboard.schema';
import { calendarMaxEvents } from '@lms/contract/dashboard.rules';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import type { College } from '../../platform/college.repository.ts';
import { countDashboardTiles } from '../activity/activity.api.ts';
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

/**
 * GET /v2/lms/statistik_beranda: the tiles count the activity model (countDashboardTiles), so a content
 * area shows up here by syncing its activities; "today" is the college's local day.
 */
export async function getDashboardStatistics(
  db: Db,
  actor: Actor,
  college: College,
): Promise<DashboardStatistics> {
  return countDashboardTiles(db, actor.collegeId, actor.userId, actor.role, { timeZone: college.timeZone });
}
