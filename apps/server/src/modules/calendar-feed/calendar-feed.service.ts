import {
  calendarFeedDaysAhead,
  calendarFeedDaysBack,
  calendarFeedMaxEvents,
  calendarFeedPath,
} from '@lms/contract/calendar-feed.rules';
import type { CalendarFeed } from '@lms/contract/calendar-feed.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { notFound } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { createOpaqueToken, hashOpaqueToken } from '../auth/auth.api.ts';
import { findExamsInRange } from '../exam/exam.api.ts';
import { findTaskDeadlinesInRange } from '../task/task.api.ts';
import { findVidconsInRange } from '../vidcon/vidcon.api.ts';
import { feedScope } from './calendar-feed.policy.ts';
import { presentCalendarFeed } from './calendar-feed.presenter.ts';
import {
  findFeedMeetings,
  findFeedOfUser,
  findFeedOwner,
  insertFeedToken,
  replaceFeedToken,
} from './calendar-feed.repository.ts';

const dayMs = 86_400_000;
/** Tokens are 32 random bytes in base64url; anything else is unknown without asking the database. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

function feedUrl(publicUrl: string, token: string, collegeId: string): string {
  return new URL(calendarFeedPath(token, collegeId), publicUrl).toString();
}

/** The rate limit's key of a feed fetch: the token's hash (never the token itself). */
export function feedRateLimitKey(token: unknown): string {
  return `kalender:${hashOpaqueToken(String(token))}`;
}

/** GET /v2/lms/kalender_langganan: whether the caller has a feed and since when; never its URL. */
export async function getOwnCalendarFeed(db: Db, actor: Actor): Promise<CalendarFeed> {
  const feed = await findFeedOfUser(db, actor.collegeId, actor.userId);
  return { aktif: !!feed, dibuat_pada: feed?.createdAt.toISOString() ?? null, tautan: null };
}

/**
 * POST /v2/lms/kalender_langganan: makes the caller's feed on the first ask and shows its URL that once; later asks
 * answer the existing feed without its URL (only its hash is kept).
 */
export async function createOwnCalendarFeed(db: Db, publicUrl: string, actor: Actor): Promise<CalendarFeed> {
  const token = createOpaqueToken();
  const created = await insertFeedToken(db, actor.collegeId, actor.userId, hashOpaqueToken(token));
  if (!created) return getOwnCalendarFeed(db, actor);
  return {
    aktif: true,
    dibuat_pada: created.createdAt.toISOString(),
    tautan: feedUrl(publicUrl, token, actor.collegeId),
  };
}

/** POST /v2/lms/kalender_langganan/atur_ulang: a new URL; the old one answers 404 from now on. */
export async function resetOwnCalendarFeed(db: Db, publicUrl: string, actor: Actor): Promise<CalendarFeed> {
  const token = createOpaqueToken();
  const row = await replaceFeedToken(db, actor.collegeId, actor.userId, hashOpaqueToken(token));
  return {
    aktif: true,
    dibuat_pada: row.createdAt.toISOString(),
    tautan: feedUrl(publicUrl, token, actor.collegeId),
  };
}

/**
 * GET /v2/kalender/{token}.ics: the owner's meetings, exams, task deadlines and vidcons from 30 days back
 * to 180 ahead, through the same reads (and visibility rules) as the dashboard's calendar: eight
^ * statements in all (a read and a count per kind but meetings), however many items. Unknown tokens and deactivated owners are 404 alike.
 */
export async function renderCalendarFeed(
  db: Db,
  college: College,
  publicUrl: string,
  token: string,
): Promise<string> {
  if (!tokenShape.test(token)) throw notFound();
  const owner = await findFeedOwner(db, college.id, hashOpaqueToken(token));
  const scope = owner && feedScope(owner.role, owner.userId);
  if (!scope) throw notFound();
  const now = new Date();
  const range = {
    start: new Date(now.getTime() - calendarFeedDaysBack * dayMs),
    end: new Date(now.getTime() + calendarFeedDaysAhead * dayMs),
  };
  const limit = calendarFeedMaxEvents;
  const [meetings, exams, taskDeadlines, vidcons] = await Promise.all([
    findFeedMeetings(db, college.id, scope, range, limit),
    findExamsInRange(db, college.id, scope, range, limit),
    findTaskDeadlinesInRange(db, college.id, scope, range, limit),
    findVidconsInRange(db, college.id, scope, range, limit),
  ]);
  return presentCalendarFeed(
    { meetings, exams: exams.rows, taskDeadlines: taskDeadlines.rows, vidcons: vidcons.rows },
    { collegeName: college.nama, timeZone: college.timeZone, publicUrl, now, maxEvents: limit },
  );
}
