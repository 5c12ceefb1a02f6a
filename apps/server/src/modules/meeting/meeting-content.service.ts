import type { ActivityKind } from '@lms/contract/activity.rules';
import type { ErrorCode } from '@lms/contract/error-messages';
import { inTransaction, type Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { removeActivity, type ActivityInput, type ContentRef } from '../activity/activity.api.ts';
import { assertAllowed, loadReadableClass, type ReadableClass } from '../class/class.api.ts';
import type { MeetingRow } from './meeting.repository.ts';
import { loadReadableMeeting } from './meeting.service.ts';

/**
 * The steps every kind of content in a meeting (materials, tasks, exams, forums, vidcons) shares: who may
 * edit it (the meeting's editors), where it may move, and its activity. A kind adds its rules, presenter
 * and the rest of its service.
 */
export interface MeetingContentKind<Row extends ContentRow> {
  /** The kind in the activity model. */
  activity: ActivityKind;
  /** The 404 code of an id the college does not have. */
  notFound: ErrorCode;
  find(db: Db, collegeId: string, id: string): Promise<Row | undefined>;
}

/** What the shared steps read of a content row. */
export interface ContentRow {
  collegeId: string;
  pertemuanId: string;
}

/** A meeting whose content the actor may edit (the class's lecturers, operators with write); 404, 403. */
export async function loadEditableMeeting(db: Db, actor: Actor, college: College, meetingId: string) {
  const loaded = await loadReadableMeeting(db, actor, college, meetingId);
  assertAllowed(loaded.access.ubah);
  return loaded;
}

/** A content row of the actor's college; 404 with the kind's code when unknown. */
export async function loadContent<Row extends ContentRow>(
  db: Db,
  actor: Actor,
  kind: MeetingContentKind<Row>,
  id: string,
): Promise<Row> {
  const row = await kind.find(db, actor.collegeId, id);
  if (!row) throw new AppError(404, kind.notFound);
  return row;
}

/** A content row the actor may edit, with its meeting; 404 when unknown, 403 without edit rights. */
export async function loadEditableContent<Row extends ContentRow>(
  db: Db,
  actor: Actor,
  college: College,
  kind: MeetingContentKind<Row>,
  id: string,
): Promise<{ row: Row; meeting: MeetingRow }> {
  const row = await loadContent(db, actor, kind, id);
  const { meeting } = await loadEditableMeeting(db, actor, college, row.pertemuanId);
  return { row, meeting };
}

/**
 * The classes of content rows, each read once with the actor's relation and access (404, 403 as
 * loadReadableClass), all at once rather than one after another.
 */
export async function loadClassesOf(
  db: Db,
  actor: Actor,
  rows: ReadonlyArray<{ kelasId: string }>,
): Promise<Map<string, ReadableClass>> {
  const ids = [...new Set(rows.map((r) => r.kelasId))];
  const classes = await Promise.all(ids.map((id) => loadReadableClass(db, actor, id)));
  return new Map(classes.map((cls) => [cls.row.id, cls]));
}

/**
 * The meeting an edit form puts content in: its own, or another meeting of the same class that the actor
 * may edit (a meeting of another class is not found).
 */
export async function loadMeetingToMoveTo(
  db: Db,
  actor: Actor,
  college: College,
  current: MeetingRow,
  requestedId: string | null | undefined,
): Promise<MeetingRow> {
  if (!requestedId || requestedId === current.id) return current;
  const { meeting } = await loadEditableMeeting(db, actor, college, requestedId);
  if (meeting.kelas.id !== current.kelas.id) throw new AppError(404, 'meeting_not_found');
  return meeting;
}

/** How the activity model names a content row. */
export function contentRef(kind: Pick<MeetingContentKind<ContentRow>, 'activity'>, id: string): ContentRef {
  return { kind: kind.activity, contentId: id };
}

/** A content row's activity: its id, meeting and title, with the kind's window and attendance rule. */
export function contentActivity(
  kind: Pick<MeetingContentKind<ContentRow>, 'activity'>,
  id: string,
  row: ContentRow & { judul: string },
  timing: Pick<ActivityInput, 'countsForAttendance' | 'opensAt' | 'closesAt' | 'dueAt' | 'subkind'>,
): ActivityInput {
  return {
    collegeId: row.collegeId,
    ...contentRef(kind, id),
    pertemuanId: row.pertemuanId,
    title: row.judul,
    ...timing,
  };
}

/**
 * Deletes a content row with its activity (and so every student's facts on it) in one transaction;
 * answers what `deleteRow` answered (e.g. the files it held). 404 when the row was already gone.
 */
export async function deleteContent<Row extends ContentRow, Deleted>(
  db: Db,
  collegeId: string,
  kind: MeetingContentKind<Row>,
  id: string,
  deleteRow: (tx: Db) => Promise<Deleted | undefined | false>,
): Promise<Deleted> {
  return inTransaction(db, async (tx) => {
    const deleted = await deleteRow(tx);
    if (!deleted) throw new AppError(404, kind.notFound);
    await removeActivity(tx, collegeId, contentRef(kind, id));
    return deleted;
  });
}
