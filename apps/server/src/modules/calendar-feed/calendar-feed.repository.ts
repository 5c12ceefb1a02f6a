import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { inClassScope, type ClassScope } from '../../db/class-scope.ts';
import { ofCollege } from '../../db/college-scope.ts';
import type { Db } from '../../db/database.ts';
import { courses, rooms } from '../../db/schema/academic.schema.ts';
import { calendarFeedTokens } from '../../db/schema/calendar-feed.schema.ts';
import { classes } from '../../db/schema/class.schema.ts';
import { users } from '../../db/schema/identity.schema.ts';
import { meetings } from '../../db/schema/meeting.schema.ts';
import { classAndCourseColumns, classOf, courseOfClass } from '../../db/tenant-joins.ts';

/** When the user's feed was made or last reset, or undefined when they have none. */
export async function findFeedOfUser(db: Db, collegeId: string, userId: string) {
  const [row] = await db
    .select({ createdAt: calendarFeedTokens.createdAt })
    .from(calendarFeedTokens)
    .where(ofCollege(calendarFeedTokens, collegeId, eq(calendarFeedTokens.userId, userId)));
  return row;
}

/** Stores the user's first feed token; undefined (nothing stored) when they already have one. */
export async function insertFeedToken(db: Db, collegeId: string, userId: string, tokenHash: string) {
  const [row] = await db
    .insert(calendarFeedTokens)
    .values({ collegeId, userId, tokenHash })
    .onConflictDoNothing({ target: [calendarFeedTokens.collegeId, calendarFeedTokens.userId] })
    .returning({ createdAt: calendarFeedTokens.createdAt });
  return row;
}

/** Replaces the user's feed token (or stores a first one): the old hash is gone when this returns. */
export async function replaceFeedToken(db: Db, collegeId: string, userId: string, tokenHash: string) {
  const [row] = await db
    .insert(calendarFeedTokens)
    .values({ collegeId, userId, tokenHash })
    .onConflictDoUpdate({
      target: [calendarFeedTokens.collegeId, calendarFeedTokens.userId],
      set: { tokenHash, createdAt: sql`now()` },
    })
    .returning({ createdAt: calendarFeedTokens.createdAt });
  return row!;
}

/**
 * The active user a feed token hash belongs to, or undefined: one indexed equality on the hash, so the
 * lookup's time does not depend on how much of a guessed token is right.
 */
export async function findFeedOwner(db: Db, collegeId: string, tokenHash: string) {
  const [row] = await db
    .select({ userId: users.id, role: users.role })
    .from(calendarFeedTokens)
    .innerJoin(
      users,
      and(eq(users.collegeId, calendarFeedTokens.collegeId), eq(users.id, calendarFeedTokens.userId)),
    )
    .where(
      ofCollege(
        calendarFeedTokens,
        collegeId,
        eq(calendarFeedTokens.tokenHash, tokenHash),
        eq(users.isActive, true),
      ),
    );
  return row;
}

/**
 * Meetings of the scope's classes overlapping [start, end), earliest first, at most `limit`, with their
 * room: the feed's own read, since the dashboard's is not part of an area API.
 */
export async function findFeedMeetings(
  db: Db,
  collegeId: string,
  scope: ClassScope,
  range: { start: Date; end: Date },
  limit: number,
) {
  return db
    .select({
      id: meetings.id,
      nomor: meetings.nomor,
      judul: meetings.judul,
      jenis: meetings.jenis,
      waktuMulai: meetings.waktuMulai,
      waktuSelesai: meetings.waktuSelesai,
      updatedAt: meetings.updatedAt,
      ruangan: rooms.nama,
      ...classAndCourseColumns,
    })
    .from(meetings)
    .innerJoin(classes, classOf(meetings))
    .innerJoin(courses, courseOfClass())
    .leftJoin(rooms, eq(rooms.id, meetings.ruanganId))
    .where(
      ofCollege(
        meetings,
        collegeId,
        lt(meetings.waktuMulai, range.end),
        gt(meetings.waktuSelesai, range.start),
        inClassScope(meetings.kelasId, collegeId, scope),
      ),
    )
    .orderBy(asc(meetings.waktuMulai), asc(meetings.id))
    .limit(limit);
}
export type FeedMeetingRow = Awaited<ReturnType<typeof findFeedMeetings>>[number];
