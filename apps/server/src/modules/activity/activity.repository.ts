import { and, count, eq, inArray, isNotNull, notExists, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  activityKindDescriptions,
  activityKinds,
  activityKindsOfTile,
  dashboardTiles,
  scoredActivityKinds,
  type ActivityKind,
  type DashboardTile,
} from '@lms/contract/activity.rules';
import type { QueryBuilder } from 'drizzle-orm/pg-core';
import { inClassScope, type ClassScope } from '../../db/class-scope.ts';
import { sameClass } from '../../db/tenant-joins.ts';
import type { Db } from '../../db/database.ts';
import { excludedColumns } from '../../db/excluded-columns.ts';
import { activities, activityFacts, attendanceProgress } from '../../db/schema/activity.schema.ts';
import { classStudents } from '../../db/schema/class.schema.ts';
import { users } from '../../db/schema/identity.schema.ts';
import { meetings } from '../../db/schema/meeting.schema.ts';

export type ActivityRow = typeof activities.$inferInsert;
export type ActivityFactRow = typeof activityFacts.$inferInsert;

/** A content item by the key its area knows it by. */
export interface ContentRef {
  kind: ActivityKind;
  contentId: string;
}

/** The class of each given meeting of the college; meetings of other colleges are left out. */
export async function findMeetingClasses(db: Db, collegeId: string, meetingIds: string[]) {
  if (meetingIds.length === 0) return [];
  return db
    .select({ id: meetings.id, kelasId: meetings.kelasId })
    .from(meetings)
    .where(and(eq(meetings.collegeId, collegeId), inArray(meetings.id, meetingIds)));
}

/** Which of the given users belong to the college. */
export async function findUsersOfCollege(db: Db, collegeId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.collegeId, collegeId), inArray(users.id, userIds)));
}

/** The columns an area's sync may change; an upsert that changes none of them leaves the row alone. */
const syncedColumns = {
  kelasId: 'kelas_id',
  pertemuanId: 'pertemuan_id',
  title: 'title',
  subkind: 'subkind',
  countsForAttendance: 'counts_for_attendance',
  opensAt: 'opens_at',
  closesAt: 'closes_at',
  dueAt: 'due_at',
} as const;

const activityRefColumns = {
  id: activities.id,
  collegeId: activities.collegeId,
  kind: activities.kind,
  contentId: activities.contentId,
  kelasId: activities.kelasId,
  pertemuanId: activities.pertemuanId,
  dueAt: activities.dueAt,
};

/**
 * Inserts or updates activities by (college, kind, content_id) in one statement. Rows whose synced
 * columns are unchanged are not rewritten, so updated_at says when the content last really changed.
 */
export async function upsertActivities(db: Db, rows: ActivityRow[]) {
  if (rows.length === 0) return;
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  const current = (column: string) => sql.raw(`activities.${column}`);
  const names = Object.values(syncedColumns);
  await db
    .insert(activities)
    .values(rows)
    .onConflictDoUpdate({
      target: [activities.collegeId, activities.kind, activities.contentId],
      set: {
        ...Object.fromEntries(Object.entries(syncedColumns).map(([key, column]) => [key, excluded(column)])),
        updatedAt: sql`now()`,
      },
      setWhere: sql`(${sql.join(names.map(current), sql`, `)}) is distinct from (${sql.join(names.map(excluded), sql`, `)})`,
    });
}

/** Deletes the activities of the given content items (their facts go with them); answers how many. */
export async function deleteActivities(db: Db, collegeId: string, refs: ContentRef[]): Promise<number> {
  const where = contentCondition(collegeId, refs);
  if (!where) return 0;
  const deleted = await db.delete(activities).where(where).returning({ id: activities.id });
  return deleted.length;
}

function contentCondition(collegeId: string, refs: ContentRef[]): SQL | undefined {
  if (refs.length === 0) return undefined;
  // One branch per kind (at most six), each an IN list, rather than one OR per item.
  const byKind = new Map<ActivityKind, string[]>();
  for (const r of refs) {
    const ids = byKind.get(r.kind);
    if (ids) ids.push(r.contentId);
    else byKind.set(r.kind, [r.contentId]);
  }
  const branches = [...byKind].map(([kind, ids]) =>
    and(eq(activities.kind, kind), inArray(activities.contentId, ids)),
  );
  return and(eq(activities.collegeId, collegeId), or(...branches));
}

/** The activities of the given content items of the college, with their deadline. */
export async function findActivitiesByContent(db: Db, collegeId: string, refs: ContentRef[]) {
  const where = contentCondition(collegeId, refs);
  if (!where) return [];
  return db.select(activityRefColumns).from(activities).where(where);
}
export type ActivityRefRow = Awaited<ReturnType<typeof findActivitiesByContent>>[number];

/** One student's facts on the given content items (items without a fact are absent). */
export async function findStudentFacts(db: Db, collegeId: string, mahasiswaId: string, refs: ContentRef[]) {
  const where = contentCondition(collegeId, refs);
  if (!where) return [];
  return db
    .select({
      kind: activities.kind,
      contentId: activities.contentId,
      completed: activityFacts.completed,
      completedAt: activityFacts.completedAt,
      timing: activityFacts.timing,
      downloadedAt: activityFacts.downloadedAt,
      openedAt: activityFacts.openedAt,
      watchedPercent: activityFacts.watchedPercent,
      readSeconds: activityFacts.readSeconds,
    })
    .from(activityFacts)
    .innerJoin(
      activities,
      and(eq(activities.collegeId, activityFacts.collegeId), eq(activities.id, activityFacts.activityId)),
    )
    .where(and(eq(activityFacts.collegeId, collegeId), eq(activityFacts.mahasiswaId, mahasiswaId), where));
}
export type StudentFactRow = Awaited<ReturnType<typeof findStudentFacts>>[number];

/** Every student's fact on the given content items (completion and post count): one statement. */
export async function findFactsOfContents(db: Db, collegeId: string, refs: ContentRef[]) {
  const where = contentCondition(collegeId, refs);
  if (!where) return [];
  return db
    .select({
      kind: activities.kind,
      contentId: activities.contentId,
      mahasiswaId: activityFacts.mahasiswaId,
      completed: activityFacts.completed,
      postCount: activityFacts.postCount,
    })
    .from(activityFacts)
    .innerJoin(
      activities,
      and(eq(activities.collegeId, activityFacts.collegeId), eq(activities.id, activityFacts.activityId)),
    )
    .where(and(eq(activityFacts.collegeId, collegeId), where));
}
export type ContentFactRow = Awaited<ReturnType<typeof findFactsOfContents>>[number];

const cur = (column: string) => sql.raw(`activity_facts.${column}`);
const exc = (column: string) => sql.raw(`excluded.${column}`);
/** The proposed completion replaces the stored one only when it is the first, or earlier. */
const takesCompletion = sql`(excluded.completed and (not activity_facts.completed or excluded.completed_at < activity_facts.completed_at))`;

/**
 * How a repeated fact merges into the stored one, so that duplicates and late or out-of-order events
 * never undo anything: completion is never lowered and keeps its earliest time (and the timing of that
 * time); "when" evidence keeps the first time; amounts keep the largest value (areas send totals, not
 * increments). least/greatest ignore nulls.
 */
const factMerge = {
  completed: sql`(activity_facts.completed or excluded.completed)`,
  completedAt: sql`case when ${takesCompletion} then excluded.completed_at else activity_facts.completed_at end`,
  timing: sql`case when ${takesCompletion} then excluded.timing else activity_facts.timing end`,
  downloadedAt: sql`least(${cur('downloaded_at')}, ${exc('downloaded_at')})`,
  openedAt: sql`least(${cur('opened_at')}, ${exc('opened_at')})`,
  watchedPercent: sql`greatest(${cur('watched_percent')}, ${exc('watched_percent')})`,
  readSeconds: sql`greatest(${cur('read_seconds')}, ${exc('read_seconds')})`,
  joinedAt: sql`least(${cur('joined_at')}, ${exc('joined_at')})`,
  postCount: sql`greatest(${cur('post_count')}, ${exc('post_count')})`,
  submittedAt: sql`least(${cur('submitted_at')}, ${exc('submitted_at')})`,
  attemptedAt: sql`least(${cur('attempted_at')}, ${exc('attempted_at')})`,
};

const factColumnNames = [
  'completed',
  'completed_at',
  'timing',
  'downloaded_at',
  'opened_at',
  'watched_percent',
  'read_seconds',
  'joined_at',
  'post_count',
  'submitted_at',
  'attempted_at',
];

/**
 * Inserts or merges students' facts in one statement (factMerge); a merge that changes nothing leaves
 * the row and its updated_at alone. At most one row per (activity, student): PostgreSQL cannot update a
 * row twice in one statement.
 */
export async function upsertActivityFacts(db: Db, rows: ActivityFactRow[]) {
  if (rows.length === 0) return;
  await db
    .insert(activityFacts)
    .values(rows)
    .onConflictDoUpdate({
      target: [activityFacts.activityId, activityFacts.mahasiswaId],
      set: { ...factMerge, updatedAt: sql`now()` },
      setWhere: sql`(${sql.join(Object.values(factMerge), sql`, `)}) is distinct from (${sql.join(
        factColumnNames.map(cur),
        sql`, `,
      )})`,
    });
}

/** A score to store on a student's fact. `published` undefined keeps the stored flag. */
export interface ActivityScoreRow {
  collegeId: string;
  activityId: string;
  mahasiswaId: string;
  score: number | null;
  graded: boolean;
  published?: boolean;
}

/**
 * Stores scores in at most two statements (with and without a published flag), creating the fact when
 * the student has none yet. Completion and evidence are left as they are.
 */
export async function upsertActivityScores(db: Db, rows: ActivityScoreRow[]) {
  const withFlag = rows.filter((r) => r.published !== undefined);
  const withoutFlag = rows.filter((r) => r.published === undefined);
  for (const list of [withFlag, withoutFlag]) {
    if (list.length === 0) continue;
    const keepsFlag = list === withoutFlag;
    await db
      .insert(activityFacts)
      .values(list.map((r) => ({ ...r, published: r.published ?? false })))
      .onConflictDoUpdate({
        target: [activityFacts.activityId, activityFacts.mahasiswaId],
        set: {
          score: sql`excluded.score`,
          graded: sql`excluded.graded`,
          published: keepsFlag ? sql`activity_facts.published` : sql`excluded.published`,
          updatedAt: sql`now()`,
        },
      });
  }
}

/** Sets the published flag of every score of one activity; answers how many facts changed. */
export async function updateScoresPublished(
  db: Db,
  collegeId: string,
  activityId: string,
  published: boolean,
): Promise<number> {
  const changed = await db
    .update(activityFacts)
    .set({ published, updatedAt: sql`now()` })
    .where(
      and(
        eq(activityFacts.collegeId, collegeId),
        eq(activityFacts.activityId, activityId),
        sql`${activityFacts.published} is distinct from ${published}`,
      ),
    )
    .returning({ id: activityFacts.mahasiswaId });
  return changed.length;
}

/** Activities per meeting and kind, for the given meetings of the college. */
export async function countActivitiesByMeeting(db: Db, collegeId: string, meetingIds: string[]) {
  if (meetingIds.length === 0) return [];
  return db
    .select({ pertemuanId: activities.pertemuanId, kind: activities.kind, n: count() })
    .from(activities)
    .where(and(eq(activities.collegeId, collegeId), inArray(activities.pertemuanId, meetingIds)))
    .groupBy(activities.pertemuanId, activities.kind);
}

/** Kinds that can count for attendance: those the contract gives an attendance parameter. */
const attendanceKinds = activityKinds.filter(
  (kind) => activityKindDescriptions[kind].attendanceParameter !== null,
);

/**
 * Whether the meeting's parameter_kehadiran switches the activity's kind on; the kind → parameter map is
 * the contract's (a text block maps to none, so never).
 */
const kindParameterOn = sql`coalesce((${meetings.parameterKehadiran} ->> (case ${activities.kind} ${sql.join(
  activityKinds.map((kind) => {
    const parameter = activityKindDescriptions[kind].attendanceParameter;
    return sql.raw(`when '${kind}' then ${parameter ? `'${parameter}'` : 'null'}`);
  }),
  sql` `,
)} end))::boolean, false)`;

/**
 * For each given meeting of the college: its enrolled students and the activities that count for its
 * attendance (countsForAttendance of the contract, in SQL); and how many enrolled students completed how
 * many of them. Two statements whatever the number of meetings and students.
 */
export async function findMeetingCompletion(db: Db, collegeId: string, meetingIds: string[]) {
  if (meetingIds.length === 0) return { meetings: [], groups: [] };
  const required = db.$with('required').as(
    db
      .select({ id: activities.id, pertemuanId: activities.pertemuanId, kelasId: activities.kelasId })
      .from(activities)
      .innerJoin(meetings, eq(meetings.id, activities.pertemuanId))
      .where(
        and(
          eq(activities.collegeId, collegeId),
          inArray(activities.pertemuanId, meetingIds),
          eq(activities.countsForAttendance, true),
          kindParameterOn,
        ),
      ),
  );
  const perStudent = db
    .with(required)
    .select({
      pertemuanId: required.pertemuanId,
      mahasiswaId: activityFacts.mahasiswaId,
      completed: sql<number>`count(*)::int`.as('completed'),
    })
    .from(required)
    .innerJoin(
      activityFacts,
      and(eq(activityFacts.activityId, required.id), eq(activityFacts.timing, 'on_time')),
    )
    // Only enrolled students count: a fact of a student who left the class stays but does not count.
    .innerJoin(
      classStudents,
      and(
        eq(classStudents.collegeId, collegeId),
        eq(classStudents.kelasId, required.kelasId),
        eq(classStudents.mahasiswaId, activityFacts.mahasiswaId),
      ),
    )
    .groupBy(required.pertemuanId, activityFacts.mahasiswaId)
    .as('per_student');
  const [meetingRows, groups] = await Promise.all([
    db
      .with(required)
      .select({
        id: meetings.id,
        students:
          sql`(${db.select({ n: count() }).from(classStudents).where(sameClass(classStudents, meetings))})`.mapWith(
            Number,
          ),
        required:
          sql`(${db.select({ n: count() }).from(required).where(eq(required.pertemuanId, meetings.id))})`.mapWith(
            Number,
          ),
      })
      .from(meetings)
      .where(and(eq(meetings.collegeId, collegeId), inArray(meetings.id, meetingIds))),
    db
      .select({ pertemuanId: perStudent.pertemuanId, completed: perStudent.completed, students: count() })
      .from(perStudent)
      .groupBy(perStudent.pertemuanId, perStudent.completed),
  ]);
  return { meetings: meetingRows, groups };
}

/** Refreshes the planner's statistics of attendance_progress (all colleges share the table). */
export async function analyzeProgress(db: Db): Promise<void> {
  await db.execute(sql`analyze ${attendanceProgress}`);
}

/** Which students' progress to refresh: every enrolled student of the meetings, or only the given ones. */
export interface ProgressScope {
  meetingIds: string[];
  studentIds?: string[];
}

/**
 * Recomputes attendance_progress for the enrolled students of the given meetings (or only the given
 * students) in one statement: how many of the meeting's counting activities exist and how many the
 * student completed on time (spec 2: completed before their deadlines). Answers the rows written.
 */
export async function refreshProgress(db: Db, collegeId: string, scope: ProgressScope): Promise<void> {
  if (scope.meetingIds.length === 0 || scope.studentIds?.length === 0) return;
  // Counted per meeting and per (meeting, student) before the join with the enrolled students, so the
  // statement aggregates the facts once instead of sorting students × activities rows (ten times the
  // raw count for a class of 300 × 16 × 10 in bench/attendance-bench.ts; now about three).
  const counting = db.$with('counting').as((qb) =>
    qb
      .select({ id: activities.id, pertemuanId: activities.pertemuanId })
      .from(activities)
      .innerJoin(
        meetings,
        and(eq(meetings.collegeId, activities.collegeId), eq(meetings.id, activities.pertemuanId)),
      )
      .where(
        and(
          eq(activities.collegeId, collegeId),
          inArray(activities.pertemuanId, scope.meetingIds),
          eq(activities.countsForAttendance, true),
          kindParameterOn,
        ),
      ),
  );
  const required = db.$with('required').as((qb) =>
    qb
      .select({ pertemuanId: counting.pertemuanId, n: sql<number>`count(*)::int`.as('required_n') })
      .from(counting)
      .groupBy(counting.pertemuanId),
  );
  const done = db.$with('done').as((qb) =>
    qb
      .select({
        pertemuanId: counting.pertemuanId,
        mahasiswaId: activityFacts.mahasiswaId,
        n: sql<number>`count(*)::int`.as('completed_n'),
      })
      .from(counting)
      .innerJoin(
        activityFacts,
        and(
          eq(activityFacts.collegeId, collegeId),
          eq(activityFacts.activityId, counting.id),
          eq(activityFacts.timing, 'on_time'),
          scope.studentIds ? inArray(activityFacts.mahasiswaId, scope.studentIds) : undefined,
        ),
      )
      .groupBy(counting.pertemuanId, activityFacts.mahasiswaId),
  );
  const rows = (qb: QueryBuilder) =>
    qb
      .select({
        collegeId: meetings.collegeId,
        pertemuanId: meetings.id,
        mahasiswaId: classStudents.mahasiswaId,
        completed: sql<number>`coalesce(${done.n}, 0)::int`.as('completed'),
        required: sql<number>`coalesce(${required.n}, 0)::int`.as('required'),
        computedAt: sql<Date>`now()`.as('computed_at'),
      })
      .from(meetings)
      .innerJoin(classStudents, sameClass(classStudents, meetings))
      .leftJoin(required, eq(required.pertemuanId, meetings.id))
      .leftJoin(done, and(eq(done.pertemuanId, meetings.id), eq(done.mahasiswaId, classStudents.mahasiswaId)))
      .where(
        and(
          eq(meetings.collegeId, collegeId),
          inArray(meetings.id, scope.meetingIds),
          scope.studentIds ? inArray(classStudents.mahasiswaId, scope.studentIds) : undefined,
        ),
      );
  // No RETURNING: a college-wide job writes millions of rows and needs none of them back.
  await db
    .with(counting, required, done)
    .insert(attendanceProgress)
    .select(rows)
    .onConflictDoUpdate({
      target: [attendanceProgress.pertemuanId, attendanceProgress.mahasiswaId],
      set: excludedColumns(attendanceProgress, ['completed', 'required', 'computedAt']),
    });
}

/**
 * A meeting's activities with one student's fact on each (null columns when none), and whether each
 * counts for the meeting's attendance; for the Detail data kehadiran modal. Kinds that never count (text
 * blocks) are left out.
 */
export async function findMeetingActivitiesOfStudent(
  db: Db,
  collegeId: string,
  meetingId: string,
  mahasiswaId: string,
) {
  return db
    .select({
      id: activities.id,
      kind: activities.kind,
      contentId: activities.contentId,
      title: activities.title,
      opensAt: activities.opensAt,
      dueAt: activities.dueAt,
      counts: sql<boolean>`(${activities.countsForAttendance} and ${kindParameterOn})`,
      completedAt: activityFacts.completedAt,
      timing: activityFacts.timing,
      downloadedAt: activityFacts.downloadedAt,
      openedAt: activityFacts.openedAt,
      watchedPercent: activityFacts.watchedPercent,
      readSeconds: activityFacts.readSeconds,
      joinedAt: activityFacts.joinedAt,
      postCount: activityFacts.postCount,
      submittedAt: activityFacts.submittedAt,
      attemptedAt: activityFacts.attemptedAt,
    })
    .from(activities)
    .innerJoin(
      meetings,
      and(eq(meetings.collegeId, activities.collegeId), eq(meetings.id, activities.pertemuanId)),
    )
    .leftJoin(
      activityFacts,
      and(eq(activityFacts.activityId, activities.id), eq(activityFacts.mahasiswaId, mahasiswaId)),
    )
    .where(
      and(
        eq(activities.collegeId, collegeId),
        eq(activities.pertemuanId, meetingId),
        inArray(activities.kind, attendanceKinds),
      ),
    )
    .orderBy(activities.kind, activities.createdAt, activities.id);
}
export type StudentActivityRow = Awaited<ReturnType<typeof findMeetingActivitiesOfStudent>>[number];

/**
 * Whose tiles: a student counts what is left to do, a lecturer what their classes hold, `all` what every
 * class of the college holds.
 */
export type TileScope = ClassScope;

/** Each dashboard tile's count. */
export type TileCounts = Record<DashboardTile, number>;

/**
 * The counts behind the dashboard tiles in one statement (the rules are in docs/architecture.md). Which
 * kinds a tile counts is the contract's activityKindsOfTile; when and for whom is the tile's rule here.
 */
export async function countTiles(
  db: Db,
  collegeId: string,
  scope: TileScope,
  at: { now: Date; todayStart: Date },
  hiddenExamIds: string[] = [],
): Promise<TileCounts> {
  // Bound as text and cast: both drivers then read the instant the same way.
  const now = sql`${at.now.toISOString()}::timestamptz`;
  const todayStart = sql`${at.todayStart.toISOString()}::timestamptz`;
  const opened = sql`(${activities.opensAt} is null or ${activities.opensAt} <= ${now})`;
  const notClosed = sql`(${activities.closesAt} is null or ${activities.closesAt} > ${now})`;
  const ofTile = (tile: DashboardTile) => inArray(activities.kind, activityKindsOfTile(tile));
  // Correlated subqueries are built, not written: in a one-table select Drizzle leaves raw column
  // names unqualified, and an inner "id" would then silently bind to the wrong table.
  const notDone =
    scope.kind === 'student'
      ? notExists(
          db
            .select({ one: sql`1` })
            .from(activityFacts)
            .where(
              and(
                eq(activityFacts.collegeId, activities.collegeId),
                eq(activityFacts.activityId, activities.id),
                eq(activityFacts.mahasiswaId, scope.userId),
                eq(activityFacts.completed, true),
              ),
            ),
        )
      : sql`true`;
  const shown = hiddenExamIds.length > 0 ? notInArray(activities.contentId, hiddenExamIds) : sql`true`;
  const vidconAhead = sql`coalesce(${activities.closesAt}, ${activities.opensAt}, ${todayStart}) >= ${todayStart}`;
  const tugas =
    scope.kind === 'student'
      ? sql<number>`count(*) filter (where ${ofTile('tugas')} and ${opened} and ${notClosed} and ${notDone})::int`
      : // Hand-ins waiting for a grade in the lecturer's classes; served by activity_facts_ungraded_idx.
        sql<number>`coalesce(sum((${db
          .select({ n: count() })
          .from(activityFacts)
          .where(
            and(
              eq(activityFacts.collegeId, activities.collegeId),
              eq(activityFacts.activityId, activities.id),
              isNotNull(activityFacts.submittedAt),
              eq(activityFacts.graded, false),
            ),
          )})) filter (where ${ofTile('tugas')}), 0)::int`;
  const counts = {
    tugas,
    ujian: sql<number>`count(*) filter (where ${ofTile('ujian')} and ${notClosed} and ${notDone} and ${shown})::int`,
    forum: sql<number>`count(*) filter (where ${ofTile('forum')} and ${opened} and ${notClosed})::int`,
    vidcon: sql<number>`count(*) filter (where ${ofTile('vidcon')} and ${vidconAhead})::int`,
  } satisfies Record<DashboardTile, SQL<number>>;
  const [row] = await db
    .select(counts)
    .from(activities)
    .where(and(eq(activities.collegeId, collegeId), inClassScope(activities.kelasId, collegeId, scope)));
  return row ?? (Object.fromEntries(dashboardTiles.map((tile) => [tile, 0])) as TileCounts);
}

/** The scored activities of a class (tasks, exams, forums) with their meeting, in meeting order. */
export async function findClassScoredActivities(db: Db, collegeId: string, kelasId: string) {
  return db
    .select({
      id: activities.id,
      kind: activities.kind,
      contentId: activities.contentId,
      title: activities.title,
      subkind: activities.subkind,
      closesAt: activities.closesAt,
      dueAt: activities.dueAt,
      pertemuanId: activities.pertemuanId,
      meetingNomor: meetings.nomor,
      meetingKategori: meetings.kategori,
    })
    .from(activities)
    .innerJoin(
      meetings,
      and(eq(meetings.collegeId, activities.collegeId), eq(meetings.id, activities.pertemuanId)),
    )
    .where(
      and(
        eq(activities.collegeId, collegeId),
        eq(activities.kelasId, kelasId),
        inArray(activities.kind, [...scoredActivityKinds]),
      ),
    )
    .orderBy(meetings.nomor, activities.kind, activities.createdAt, activities.title, activities.id);
}
export type ClassScoredActivityRow = Awaited<ReturnType<typeof findClassScoredActivities>>[number];

/**
 * Every enrolled student's fact on the class's scored activities that shows work or a score: whether
 * they worked on it (completion, hand-in, attempt, score or a post), the score and whether it is graded.
 * One statement, one row per (student, activity) with such a fact.
 */
export async function findClassScoreFacts(db: Db, collegeId: string, kelasId: string) {
  return db
    .select({
      activityId: activityFacts.activityId,
      mahasiswaId: activityFacts.mahasiswaId,
      score: activityFacts.score,
      graded: activityFacts.graded,
      worked: sql<boolean>`(${activityFacts.completed} or ${activityFacts.submittedAt} is not null or ${activityFacts.attemptedAt} is not null or ${activityFacts.score} is not null or coalesce(${activityFacts.postCount}, 0) > 0)`,
    })
    .from(activityFacts)
    .innerJoin(activities, eq(activities.id, activityFacts.activityId))
    .innerJoin(
      classStudents,
      and(
        eq(classStudents.collegeId, collegeId),
        eq(classStudents.kelasId, kelasId),
        eq(classStudents.mahasiswaId, activityFacts.mahasiswaId),
      ),
    )
    .where(
      and(
        eq(activityFacts.collegeId, collegeId),
        eq(activities.collegeId, collegeId),
        eq(activities.kelasId, kelasId),
        inArray(activities.kind, [...scoredActivityKinds]),
      ),
    );
}

/** A student's published scores in the classes they are enrolled in: one statement. */
export async function findPublishedScoresOfStudent(db: Db, collegeId: string, mahasiswaId: string) {
  return db
    .select({
      activityId: activities.id,
      kelasId: activities.kelasId,
      kind: activities.kind,
      title: activities.title,
      subkind: activities.subkind,
      meetingNomor: meetings.nomor,
      meetingKategori: meetings.kategori,
      score: activityFacts.score,
    })
    .from(activityFacts)
    .innerJoin(activities, eq(activities.id, activityFacts.activityId))
    .innerJoin(
      meetings,
      and(eq(meetings.collegeId, activities.collegeId), eq(meetings.id, activities.pertemuanId)),
    )
    .innerJoin(
      classStudents,
      and(
        eq(classStudents.collegeId, collegeId),
        eq(classStudents.kelasId, activities.kelasId),
        eq(classStudents.mahasiswaId, mahasiswaId),
      ),
    )
    .where(
      and(
        eq(activityFacts.collegeId, collegeId),
        eq(activityFacts.mahasiswaId, mahasiswaId),
        eq(activities.collegeId, collegeId),
        inArray(activities.kind, [...scoredActivityKinds]),
        eq(activityFacts.published, true),
        eq(activityFacts.graded, true),
        isNotNull(activityFacts.score),
      ),
    )
    .orderBy(activities.kelasId, meetings.nomor, activities.createdAt);
}
