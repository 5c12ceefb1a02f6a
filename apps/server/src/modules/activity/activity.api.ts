/**
 * The activity model's one door (docs/architecture.md "Activity model"). Content areas (materi, tugas,
 * ujian, forum, vidcon, teks) write through it; meetings, attendance, grades, the dashboard and reports
 * read through it. Every function is set-based: a batch costs the same few statements as one item.
 */
import {
  activityTiming,
  emptyActivityCounts,
  summarizeMeetingAttendance,
  type ActivityKind,
  type MeetingAttendance,
} from '@lms/contract/activity.rules';
import { startOfLocalDate } from '@lms/contract/college-settings.rules';
import { zonedParts } from '@lms/contract/meeting.rules';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { publishCoalesced, publishWithin, streamKey } from '../../platform/event-hub.ts';
import {
  analyzeProgress,
  countActivitiesByMeeting,
  countTiles,
  deleteActivities,
  findActivitiesByContent,
  findClassScoreFacts,
  findClassScoredActivities,
  findFactsOfContents,
  findMeetingActivitiesOfStudent,
  findMeetingClasses,
  findMeetingCompletion,
  findPublishedScoresOfStudent,
  findStudentFacts,
  findUsersOfCollege,
  refreshProgress,
  updateScoresPublished,
  upsertActivities,
  upsertActivityFacts,
  upsertActivityScores,
  type ActivityFactRow,
  type ClassScoredActivityRow,
  type ContentRef,
  type StudentFactRow,
  type TileCounts,
  type TileScope,
} from './activity.repository.ts';

export type {
  ClassScoredActivityRow,
  ContentFactRow,
  ContentRef,
  StudentActivityRow,
  StudentFactRow,
  TileCounts,
  TileScope,
} from './activity.repository.ts';

/** A content item as its area describes it; `contentId` is the item's id in the area's own table. */
export interface ActivityInput extends ContentRef {
  collegeId: string;
  /** The meeting holding the item; the class is taken from the meeting. */
  pertemuanId: string;
  title: string;
  /** The area's own sort of the item, e.g. an exam's jenis; the grade recap types exams by it. */
  subkind?: string | null;
  /** The item is required for attendance (e.g. a material's is_syarat_hadir); false for a text block. */
  countsForAttendance: boolean;
  /** The window students may work in; null or absent is unbounded. */
  opensAt?: Date | null;
  closesAt?: Date | null;
  /** The deadline that decides on time or late. */
  dueAt?: Date | null;
}

/** Groups items by college: a batch normally holds one. */
function byCollege<T extends { collegeId: string }>(items: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(item.collegeId);
    if (list) list.push(item);
    else groups.set(item.collegeId, [item]);
  }
  return groups;
}

/**
 * Creates or updates the activities of content items (call it whenever an item is created or changed,
 * in the same transaction). Idempotent; 404 meeting_not_found when a meeting is not the college's.
 */
export async function syncActivities(db: Db, inputs: ActivityInput[]): Promise<void> {
  for (const [collegeId, items] of byCollege(inputs)) {
    const meetingIds = [...new Set(items.map((i) => i.pertemuanId))];
    const classOf = new Map(
      (await findMeetingClasses(db, collegeId, meetingIds)).map((m) => [m.id, m.kelasId] as const),
    );
    // The last description of an item wins when a batch names it twice.
    const rows = new Map<string, Parameters<typeof upsertActivities>[1][number]>();
    for (const item of items) {
      const kelasId = classOf.get(item.pertemuanId);
      if (!kelasId) throw new AppError(404, 'meeting_not_found');
      rows.set(`${item.kind}:${item.contentId}`, {
        collegeId,
        kind: item.kind,
        contentId: item.contentId,
        kelasId,
        pertemuanId: item.pertemuanId,
        title: item.title,
        subkind: item.subkind ?? null,
        countsForAttendance: item.countsForAttendance,
        opensAt: item.opensAt ?? null,
        closesAt: item.closesAt ?? null,
        dueAt: item.dueAt ?? null,
      });
    }
    await upsertActivities(db, [...rows.values()]);
    // An item added, moved or made (not) required changes every student's share in its meeting.
    await refreshAndAnnounce(
      db,
      collegeId,
      [...classOf].map(([id, kelasId]) => ({ id, kelasId })),
    );
  }
}

/** syncActivities for one item. */
export async function syncActivity(db: Db, input: ActivityInput): Promise<void> {
  await syncActivities(db, [input]);
}

/** Deletes the activities of content items that were deleted, with every student's facts and scores. */
export async function removeActivities(db: Db, collegeId: string, refs: ContentRef[]): Promise<number> {
  const found = await findActivitiesByContent(db, collegeId, refs);
  const deleted = await deleteActivities(db, collegeId, refs);
  const meetings = new Map(found.map((a) => [a.pertemuanId, a.kelasId] as const));
  await refreshAndAnnounce(
    db,
    collegeId,
    [...meetings].map(([id, kelasId]) => ({ id, kelasId })),
  );
  return deleted;
}

/** removeActivities for one item; true when it existed. */
export async function removeActivity(db: Db, collegeId: string, ref: ContentRef): Promise<boolean> {
  return (await removeActivities(db, collegeId, [ref])) > 0;
}

/** The live stream of a class's attendance: progress changes and recalculation states. */
export function attendanceStreamKey(collegeId: string, kelasId: string): string {
  return streamKey(collegeId, 'kehadiran_mahasiswa', 'kelas', kelasId);
}

/**
 * Recomputes the attendance progress of every enrolled student of the given meetings (set-based: one
 * statement whatever their number) and tells the classes' attendance pages. Call it after anything that
 * changes what counts (a meeting's parameter_kehadiran); the recalculation job calls it too.
 */
export async function refreshMeetingProgress(db: Db, collegeId: string, meetingIds: string[]): Promise<void> {
  if (meetingIds.length === 0) return;
  await refreshAndAnnounce(db, collegeId, await findMeetingClasses(db, collegeId, meetingIds));
}

/**
 * After a recalculation that rewrote the progress of many classes: until autovacuum analyses the table,
 * the planner keeps the row counts of before (none, on a new college) and reads progress by sequential
 * scans, so the attendance list and its export took seconds right after the job
 * (docs/performance.md › Issue 12).
 */
export async function refreshProgressStatistics(db: Db): Promise<void> {
  await analyzeProgress(db);
}

/**
 * Refreshes the progress of the meetings' enrolled students (or only `studentIds`), then publishes
 * `progress` on each class's attendance stream naming its meetings (ids only: NOTIFY payloads are small).
 */
async function refreshAndAnnounce(
  db: Db,
  collegeId: string,
  meetings: { id: string; kelasId: string }[],
  studentIds?: string[],
): Promise<void> {
  if (meetings.length === 0) return;
  await refreshProgress(db, collegeId, { meetingIds: meetings.map((m) => m.id), studentIds });
  const byClass = new Map<string, string[]>();
  for (const m of meetings) byClass.set(m.kelasId, [...(byClass.get(m.kelasId) ?? []), m.id]);
  for (const [kelasId, ids] of byClass) {
    const key = attendanceStreamKey(collegeId, kelasId);
    // Students' facts are the hot path (a playback report every 5 s each): gathered per class stream.
    if (studentIds) await publishCoalesced(db, key, 'progress', progressEvent(ids), mergeProgressEvents);
    else await publishWithin(db, key, 'progress', progressEvent(ids));
  }
}

interface ProgressEvent {
  /** The meetings whose progress moved; null for more than fit in a NOTIFY (the page refreshes all). */
  id_pertemuan: string[] | null;
}

const maxNamedMeetings = 50;

function progressEvent(ids: string[]): ProgressEvent {
  // A job over a whole class names no meetings rather than overflow the payload.
  return { id_pertemuan: ids.length <= maxNamedMeetings ? ids : null };
}

/** One announcement naming the meetings of both, so a page following any of them still refreshes. */
function mergeProgressEvents(a: ProgressEvent, b: ProgressEvent): ProgressEvent {
  if (!a.id_pertemuan || !b.id_pertemuan) return { id_pertemuan: null };
  return progressEvent([...new Set([...a.id_pertemuan, ...b.id_pertemuan])]);
}

/** What a student did, as the area observed it; each area fills the fields of its kind. */
export interface ActivityEvidence {
  downloadedAt?: Date;
  /** First opened in the page (a link, a reader, a player). */
  openedAt?: Date;
  /** Share of an audio or video played, 0–100. */
  watchedPercent?: number;
  /** Seconds an ebook was read. */
  readSeconds?: number;
  joinedAt?: Date;
  /** The student's posts in the forum so far (a total, not an increment). */
  postCount?: number;
  submittedAt?: Date;
  attemptedAt?: Date;
}

/** One student's fact about one content item. */
export interface ActivityFactInput extends ContentRef {
  collegeId: string;
  mahasiswaId: string;
  /**
   * When the student completed the item by the area's rule (downloaded, played past video_persen, read
   * for ebook_detik, joined, posted minimal_post times, handed in, attempted); absent when not (yet).
   */
  completedAt?: Date | null;
  evidence?: ActivityEvidence;
}

/** Resolves content items to their activities in the college; a missing one is a bug of its area. */
async function resolveActivities(db: Db, collegeId: string, refs: ContentRef[]) {
  const found = await findActivitiesByContent(db, collegeId, refs);
  const byKey = new Map(found.map((a) => [`${a.kind}:${a.contentId}`, a] as const));
  for (const ref of refs) {
    if (!byKey.has(`${ref.kind}:${ref.contentId}`)) {
      throw new Error(
        `activity ${ref.kind}:${ref.contentId} of ${collegeId} is not synced (call syncActivity first)`,
      );
    }
  }
  return byKey;
}

/** Students of another college would slip past the foreign key to users; a bug of the calling area. */
async function assertStudentsOfCollege(db: Db, collegeId: string, studentIds: string[]) {
  const wanted = [...new Set(studentIds)];
  const found = new Set((await findUsersOfCollege(db, collegeId, wanted)).map((u) => u.id));
  const stray = wanted.filter((id) => !found.has(id));
  if (stray.length) throw new Error(`users ${stray.join(', ')} are not of college ${collegeId}`);
}

/** Splits rows into rounds holding each key at most once (an upsert cannot touch a row twice). */
function roundsByKey<T>(rows: T[], keyOf: (row: T) => string): T[][] {
  const rounds: T[][] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const key = keyOf(row);
    const round = seen.get(key) ?? 0;
    seen.set(key, round + 1);
    (rounds[round] ??= []).push(row);
  }
  return rounds;
}

const clampPercent = (v: number | undefined) =>
  v === undefined ? null : Math.min(100, Math.max(0, Math.round(v)));
const wholeCount = (v: number | undefined) => (v === undefined ? null : Math.max(0, Math.round(v)));

/**
 * Records students' facts. Merges with what is stored: completion is never lowered and keeps its
 * earliest time; on time or late is decided from the activity's due_at (contract activityTiming);
 * evidence times keep the first, amounts the largest. Safe to repeat.
 */
export async function recordActivityFacts(db: Db, inputs: ActivityFactInput[]): Promise<void> {
  for (const [collegeId, items] of byCollege(inputs)) {
    const [activityOf] = await Promise.all([
      resolveActivities(db, collegeId, items),
      assertStudentsOfCollege(
        db,
        collegeId,
        items.map((i) => i.mahasiswaId),
      ),
    ]);
    const rows: ActivityFactRow[] = items.map((item) => {
      const activity = activityOf.get(`${item.kind}:${item.contentId}`)!;
      const e = item.evidence ?? {};
      const completedAt = item.completedAt ?? null;
      return {
        collegeId,
        activityId: activity.id,
        mahasiswaId: item.mahasiswaId,
        completed: completedAt !== null,
        completedAt,
        timing: completedAt ? activityTiming(activity.dueAt, completedAt) : null,
        downloadedAt: e.downloadedAt ?? null,
        openedAt: e.openedAt ?? null,
        watchedPercent: clampPercent(e.watchedPercent),
        readSeconds: wholeCount(e.readSeconds),
        joinedAt: e.joinedAt ?? null,
        postCount: wholeCount(e.postCount),
        submittedAt: e.submittedAt ?? null,
        attemptedAt: e.attemptedAt ?? null,
      };
    });
    for (const round of roundsByKey(rows, (r) => `${r.activityId}:${r.mahasiswaId}`)) {
      await upsertActivityFacts(db, round);
    }
    // Live attendance: only these students' progress in these meetings, not a recalculation.
    const meetings = new Map([...activityOf.values()].map((a) => [a.pertemuanId, a.kelasId] as const));
    await refreshAndAnnounce(
      db,
      collegeId,
      [...meetings].map(([id, kelasId]) => ({ id, kelasId })),
      [...new Set(rows.map((r) => r.mahasiswaId))],
    );
  }
}

/** One student's facts on content items, by `${kind}:${contentId}`; items without a fact are absent. */
export async function readStudentFacts(
  db: Db,
  collegeId: string,
  mahasiswaId: string,
  refs: ContentRef[],
): Promise<Map<string, StudentFactRow>> {
  const rows = await findStudentFacts(db, collegeId, mahasiswaId, refs);
  return new Map(rows.map((row) => [`${row.kind}:${row.contentId}`, row] as const));
}

/**
 * Every student's fact on content items (completion, post count), for lists of who took part: one
 * statement whatever the number of items. Students without a fact are absent.
 */
export async function readFactsOfContents(db: Db, collegeId: string, refs: ContentRef[]) {
  return findFactsOfContents(db, collegeId, refs);
}

/** Where a content item of one of the kinds sits (its class and meeting), or undefined when unknown. */
export async function findContentPlace(
  db: Db,
  collegeId: string,
  contentId: string,
  kinds: readonly ActivityKind[],
): Promise<{ kind: ActivityKind; kelasId: string; pertemuanId: string } | undefined> {
  const [row] = await findActivitiesByContent(
    db,
    collegeId,
    kinds.map((kind) => ({ kind, contentId })),
  );
  return row ? { kind: row.kind, kelasId: row.kelasId, pertemuanId: row.pertemuanId } : undefined;
}

/** recordActivityFacts for one fact. */
export async function recordActivityFact(db: Db, input: ActivityFactInput): Promise<void> {
  await recordActivityFacts(db, [input]);
}

/** A student's score on a content item (a task's or exam's grade). */
export interface ActivityScoreInput extends ContentRef {
  collegeId: string;
  mahasiswaId: string;
  /** null clears the score. */
  score: number | null;
  /** Default: graded when a score is given. */
  graded?: boolean;
  /** Absent keeps the stored flag (new facts start unpublished). */
  published?: boolean;
}

/** Stores students' scores (the last one given wins); completion and evidence stay as they are. */
export async function recordActivityScores(db: Db, inputs: ActivityScoreInput[]): Promise<void> {
  for (const [collegeId, items] of byCollege(inputs)) {
    const [activityOf] = await Promise.all([
      resolveActivities(db, collegeId, items),
      assertStudentsOfCollege(
        db,
        collegeId,
        items.map((i) => i.mahasiswaId),
      ),
    ]);
    const rows = new Map<string, Parameters<typeof upsertActivityScores>[1][number]>();
    for (const item of items) {
      const activityId = activityOf.get(`${item.kind}:${item.contentId}`)!.id;
      rows.set(`${activityId}:${item.mahasiswaId}`, {
        collegeId,
        activityId,
        mahasiswaId: item.mahasiswaId,
        score: item.score,
        graded: item.graded ?? item.score !== null,
        published: item.published,
      });
    }
    await upsertActivityScores(db, [...rows.values()]);
  }
}

/** recordActivityScores for one score. */
export async function recordActivityScore(db: Db, input: ActivityScoreInput): Promise<void> {
  await recordActivityScores(db, [input]);
}

/** Publishes (or withdraws) every score of one content item; answers how many changed. */
export async function publishActivityScores(
  db: Db,
  collegeId: string,
  ref: ContentRef,
  published: boolean,
): Promise<number> {
  const activity = (await resolveActivities(db, collegeId, [ref])).get(`${ref.kind}:${ref.contentId}`)!;
  return updateScoresPublished(db, collegeId, activity.id, published);
}

/** Activities of each given meeting by kind; every meeting asked for is in the answer. */
export async function countActivitiesOfMeetings(
  db: Db,
  collegeId: string,
  meetingIds: string[],
): Promise<Map<string, Record<ActivityKind, number>>> {
  const counts = new Map(meetingIds.map((id) => [id, emptyActivityCounts()] as const));
  for (const row of await countActivitiesByMeeting(db, collegeId, meetingIds)) {
    const tally = counts.get(row.pertemuanId);
    if (tally) tally[row.kind] = row.n;
  }
  return counts;
}

/**
 * Attendance by activity of each given meeting (peserta_hadir, progress_peserta): the rule of the
 * contract's summarizeMeetingAttendance with the college's presentase_progress_minimal_persen. Meetings
 * not in the college answer zeros.
 */
export async function meetingProgress(
  db: Db,
  collegeId: string,
  meetingIds: string[],
  minProgressPercent: number,
): Promise<Map<string, MeetingAttendance>> {
  const { meetings, groups } = await findMeetingCompletion(db, collegeId, meetingIds);
  const result = new Map<string, MeetingAttendance>(
    meetingIds.map((id) => [id, { pesertaHadir: 0, progressPeserta: 0 }] as const),
  );
  for (const m of meetings) {
    const own = groups.filter((g) => g.pertemuanId === m.id);
    result.set(m.id, summarizeMeetingAttendance(own, m.students, m.required, minProgressPercent));
  }
  return result;
}

/**
 * The tile counts of a scope (rules in docs/architecture.md): a student's what is left to do in their
 * classes; a lecturer's what their classes hold and hand-ins to grade; `all` the same as a lecturer's over
 * every class of the college (operators who oversee them). The model keeps no visibility, so the caller
 * names the exams hidden from a student (`hiddenExamIds`), which their Kuis/Ujian tile leaves out.
 */
export async function countDashboardTiles(
  db: Db,
  collegeId: string,
  scope: TileScope,
  at: { now: Date; timeZone: string },
  hiddenExamIds: string[] = [],
): Promise<TileCounts> {
  const todayStart = startOfLocalDate(zonedParts(at.now, at.timeZone).date, at.timeZone);
  return countTiles(db, collegeId, scope, { now: at.now, todayStart }, hiddenExamIds);
}

/** A meeting's activities (text blocks aside) with one student's fact on each: the attendance detail. */
export async function readMeetingActivitiesOfStudent(
  db: Db,
  collegeId: string,
  meetingId: string,
  mahasiswaId: string,
) {
  return findMeetingActivitiesOfStudent(db, collegeId, meetingId, mahasiswaId);
}

/** A class's scored activity with, among enrolled students, how many worked on it and await a grade. */
export interface ClassScoredActivity extends ClassScoredActivityRow {
  worked: number;
  ungraded: number;
}

/**
 * The grade recap's reads of one class (docs/api/grades-and-siakad.md): its scored activities (tasks,
 * exams, forums) with their meeting and how many enrolled students worked on each and await a grade, and
 * every enrolled student's graded scores. Two plain statements whatever the class's size; the counts are
 * tallied here from the facts already read.
 */
export async function readClassScores(db: Db, collegeId: string, kelasId: string) {
  const [activityRows, facts] = await Promise.all([
    findClassScoredActivities(db, collegeId, kelasId),
    findClassScoreFacts(db, collegeId, kelasId),
  ]);
  const tally = new Map<string, { worked: number; ungraded: number }>();
  const scores: { activityId: string; mahasiswaId: string; score: number }[] = [];
  for (const f of facts) {
    if (f.worked) {
      const t = tally.get(f.activityId) ?? { worked: 0, ungraded: 0 };
      t.worked += 1;
      if (!f.graded) t.ungraded += 1;
      tally.set(f.activityId, t);
    }
    if (f.graded && f.score !== null)
      scores.push({ activityId: f.activityId, mahasiswaId: f.mahasiswaId, score: f.score });
  }
  const withCounts: ClassScoredActivity[] = activityRows.map((a) => ({
    ...a,
    ...(tally.get(a.id) ?? { worked: 0, ungraded: 0 }),
  }));
  return { activities: withCounts, scores };
}

/** A student's published, graded scores in their classes (student /nilai: nothing unpublished). */
export async function readPublishedScoresOfStudent(db: Db, collegeId: string, mahasiswaId: string) {
  return findPublishedScoresOfStudent(db, collegeId, mahasiswaId);
}
