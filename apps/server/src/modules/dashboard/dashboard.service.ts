import { dashboardTiles } from '@lms/contract/activity.rules';
import type {
  CalendarEvent,
  CalendarQuery,
  CalendarResponse,
  DashboardStatistics,
} from '@lms/contract/dashboard.schema';
import { calendarMaxEvents } from '@lms/contract/dashboard.rules';
import type { ClassScope } from '../../db/class-scope.ts';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import type { College } from '../../platform/college.repository.ts';
import { countDashboardTiles } from '../activity/activity.api.ts';
import { findExamsInRange, findOpenExamIdsHiddenFromStudent } from '../exam/exam.api.ts';
import { findTaskDeadlinesInRange } from '../task/task.api.ts';
import { findVidconsInRange } from '../vidcon/vidcon.api.ts';
import { dashboardScope } from './dashboard.policy.ts';
import {
  presentExamEvent,
  presentMeetingEvent,
  presentTaskDeadlineEvent,
  presentVidconEvent,
} from './dashboard.presenter.ts';
import { findMeetingsInRange } from './dashboard.repository.ts';

/** Events of one kind in a range, with how many exist in all. */
interface EventBatch {
  events: CalendarEvent[];
  total: number;
}

interface Range {
  start: Date;
  end: Date;
}

/** Meetings of the scope's classes in the range. */
async function meetingEvents(
  db: Db,
  collegeId: string,
  scope: ClassScope,
  range: Range,
): Promise<EventBatch> {
  const { rows, total } = await findMeetingsInRange(db, collegeId, scope, range, calendarMaxEvents);
  return { events: rows.map(presentMeetingEvent), total };
}

/** Exams whose window overlaps the range; students only those shown to them (the exam area's rule). */
async function examEvents(db: Db, collegeId: string, scope: ClassScope, range: Range): Promise<EventBatch> {
  const { rows, total } = await findExamsInRange(db, collegeId, scope, range, calendarMaxEvents);
  return { events: rows.map(presentExamEvent), total };
}

/** Task deadlines in the range. */
async function taskDeadlineEvents(
  db: Db,
  collegeId: string,
  scope: ClassScope,
  range: Range,
): Promise<EventBatch> {
  const { rows, total } = await findTaskDeadlinesInRange(db, collegeId, scope, range, calendarMaxEvents);
  return { events: rows.map(presentTaskDeadlineEvent), total };
}

/** Vidcons that overlap the range. */
async function vidconEvents(db: Db, collegeId: string, scope: ClassScope, range: Range): Promise<EventBatch> {
  const { rows, total } = await findVidconsInRange(db, collegeId, scope, range, calendarMaxEvents);
  return { events: rows.map(presentVidconEvent), total };
}

/**
 * GET /v2/lms/kalender: the actor's meetings, exams, task deadlines and vidcons overlapping [start, end),
 * earliest first; one read per kind, each capped, then merged and capped again.
 */
export async function listCalendarEvents(
  db: Db,
  actor: Actor,
  query: CalendarQuery,
): Promise<CalendarResponse> {
  const scope = dashboardScope(actor);
  if (scope.kind === 'none') return { data: [], meta: { total_items: 0, terpotong: false } };
  const range = { start: new Date(query.start), end: new Date(query.end) };
  const batches = await Promise.all(
    [meetingEvents, examEvents, taskDeadlineEvents, vidconEvents].map((read) =>
      read(db, actor.collegeId, scope, range),
    ),
  );
  const events = batches
    .flatMap((b) => b.events)
    .sort((a, b) => a.waktu_mulai.localeCompare(b.waktu_mulai))
    .slice(0, calendarMaxEvents);
  const total = batches.reduce((sum, b) => sum + b.total, 0);
  return { data: events, meta: { total_items: total, terpotong: total > events.length } };
}

/** Every tile without a count (the contract test holds the answer's keys to dashboardTiles). */
const noTileCounts = Object.fromEntries(dashboardTiles.map((tile) => [tile, null])) as DashboardStatistics;

/**
 * GET /v2/lms/statistik_beranda: the tiles count the activity model (countDashboardTiles), so a content
 * area shows up here by syncing its activities; "today" is the college's local day. A caller whose scope
 * holds no class (an operator without read on kelas_kuliah) gets no counts.
 */
export async function getDashboardStatistics(
  db: Db,
  actor: Actor,
  college: College,
): Promise<DashboardStatistics> {
  const scope = dashboardScope(actor);
  if (scope.kind === 'none') return noTileCounts;
  const now = new Date();
  const hiddenExamIds =
    scope.kind === 'student'
      ? await findOpenExamIdsHiddenFromStudent(db, actor.collegeId, scope.userId, now)
      : [];
  return countDashboardTiles(db, actor.collegeId, scope, { now, timeZone: college.timeZone }, hiddenExamIds);
}
