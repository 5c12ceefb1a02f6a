import type { ActivityKind } from '@lms/contract/activity.rules';
import type { ErrorCode } from '@lms/contract/error-messages';
import { inTransaction, type Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, assertAllowed } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { removeActivity, type ActivityInput, type ContentRef } from '../activity/activity.api.ts';
import {
  classResource,
  loadReadableClass,
  loadReadableClasses,
  type ReadableClass,
} from '../class/class.api.ts';
import type { LoadedResource } from '../../platform/resource-access.ts';
import type { MeetingRow } from './meeting.repository.ts';
import { loadReadableMeeting } from './meeting.service.ts';

/** What the shared steps read of a content row. */
export interface ContentRow {
  collegeId: string;
  pertemuanId: string;
}

/** A content row as its resource hands it to a handler: the row and its class as the actor reads it. */
export interface ContentWithClass<Row> {
  row: Row;
  cls: ReadableClass;
}

/** Where a content row stands, as the move and placedIn read it. */
export interface MeetingPlace {
  id: string;
  kelas: { id: string };
}

/**
 * The steps every kind of content in a meeting (materials, tasks, exams, forums, vidcons) shares, for one
 * kind: loading a row, its editors (the meeting's), its activity, and its insert, edit and delete with that
 * activity in one transaction. The kind adds its rules, presenter and the rest of its service.
 */
export function defineMeetingContent<Row extends ContentRow & { kelasId: string }>(kind: {
  /** The kind in the activity model. */
  activity: ActivityKind;
  /** The 404 code of an id the college does not have. */
  notFound: ErrorCode;
  find(db: Db, collegeId: string, id: string): Promise<Row | undefined>;
}) {
  /** How the activity model names a row of the kind. */
  const ref = (id: string): ContentRef => ({ kind: kind.activity, contentId: id });

  /** A row of the actor's college; 404 with the kind's code when unknown. */
  async function load(db: Db, actor: Actor, id: string): Promise<Row> {
    const row = await kind.find(db, actor.collegeId, id);
    if (!row) throw new AppError(404, kind.notFound);
    return row;
  }

  /**
   * A row with its class as the actor reads it, for the kind's resource (`defineResource`): read by
   * whoever reads its class, changed by those who edit its meetings (the class's `ubah_pertemuan`).
   */
  async function loadResource(
    db: Db,
    actor: Actor,
    college: College,
    id: string,
  ): Promise<LoadedResource<ContentWithClass<Row>> | null> {
    const row = await kind.find(db, actor.collegeId, id);
    if (!row) return null;
    const cls = await classResource.load(db, actor, college, row.kelasId);
    if (!cls) return null;
    return { row: { row, cls: cls.row }, canRead: cls.canRead, canWrite: cls.row.access.ubah_pertemuan };
  }

  /** The kind's answer for an id its college does not hold. */
  const notFound = () => new AppError(404, kind.notFound);

  /**
   * A row not named by the route's path (one just saved, a post's) with its class as the actor reads it;
   * 404 when unknown, 403 as loadReadableClass.
   */
  async function loadWithClass(db: Db, actor: Actor, id: string): Promise<ContentWithClass<Row>> {
    const row = await load(db, actor, id);
    return { row, cls: await loadReadableClass(db, actor, row.kelasId) };
  }

  /** A row's activity: its id, meeting and title, with the kind's window and attendance rule. */
  function activityOf(
    id: string,
    row: ContentRow & { judul: string },
    timing: Pick<ActivityInput, 'countsForAttendance' | 'opensAt' | 'closesAt' | 'dueAt' | 'subkind'>,
  ): ActivityInput {
    return {
      collegeId: row.collegeId,
      ...ref(id),
      pertemuanId: row.pertemuanId,
      title: row.judul,
      ...timing,
    };
  }

  /**
   * Inserts a row and, in the same transaction, what goes with it (its activity, its files' rows);
   * answers the new id.
   */
  function insert(
    db: Db,
    insertRow: (tx: Db) => Promise<string>,
    alongside: (tx: Db, id: string) => Promise<unknown>,
  ): Promise<string> {
    return inTransaction(db, async (tx) => {
      const id = await insertRow(tx);
      await alongside(tx, id);
      return id;
    });
  }

  /**
   * Saves an edit in one transaction: `saveRow` answers false when the row went meanwhile (404), then
   * `alongside` (its activity, its files' rows) runs in the same transaction; answers what that answered.
   */
  function update<Result>(
    db: Db,
    saveRow: (tx: Db) => Promise<boolean>,
    alongside: (tx: Db) => Promise<Result>,
  ): Promise<Result> {
    return inTransaction(db, async (tx) => {
      if (!(await saveRow(tx))) throw new AppError(404, kind.notFound);
      return alongside(tx);
    });
  }

  /**
   * Deletes a row with its activity (and so every student's facts on it) in one transaction; answers
   * what `deleteRow` answered (e.g. the files it held). 404 when the row was already gone.
   */
  function remove<Deleted>(
    db: Db,
    collegeId: string,
    id: string,
    deleteRow: (tx: Db) => Promise<Deleted | undefined | false>,
  ): Promise<Deleted> {
    return inTransaction(db, async (tx) => {
      const deleted = await deleteRow(tx);
      if (!deleted) throw new AppError(404, kind.notFound);
      await removeActivity(tx, collegeId, ref(id));
      return deleted;
    });
  }

  return { ref, load, loadResource, notFound, loadWithClass, activityOf, insert, update, remove };
}

/** A meeting whose content the actor may edit (the class's lecturers, operators with write); 404, 403. */
export async function loadEditableMeeting(db: Db, actor: Actor, college: College, meetingId: string) {
  const loaded = await loadReadableMeeting(db, actor, college, meetingId);
  assertAllowed(loaded.access.ubah);
  return loaded;
}

/** Where a content row stands: the college, class and meeting it is written in. */
export function placedIn(actor: Actor, meeting: MeetingPlace) {
  return { collegeId: actor.collegeId, kelasId: meeting.kelas.id, pertemuanId: meeting.id };
}

/** A new content row's place, and who wrote it (the operator acting for a user, else the user). */
export function createdIn(actor: Actor, meeting: MeetingRow) {
  return { ...placedIn(actor, meeting), createdBy: actor.actorUserId ?? actor.userId };
}

/**
 * The classes of content rows, each with the actor's relation and access (404, 403 as
 * loadReadableClass), read for all rows at once (loadReadableClasses).
 */
export function loadClassesOf(
  db: Db,
  actor: Actor,
  rows: ReadonlyArray<{ kelasId: string }>,
): Promise<Map<string, ReadableClass>> {
  return loadReadableClasses(
    db,
    actor,
    rows.map((r) => r.kelasId),
  );
}

/**
 * The meeting an edit form puts content in: its own, or another meeting of the same class that the actor
 * may edit (a meeting of another class is not found).
 */
export async function loadMeetingToMoveTo<Current extends MeetingPlace>(
  db: Db,
  actor: Actor,
  college: College,
  current: Current,
  requestedId: string | null | undefined,
): Promise<Current | MeetingRow> {
  if (!requestedId || requestedId === current.id) return current;
  const { meeting } = await loadEditableMeeting(db, actor, college, requestedId);
  if (meeting.kelas.id !== current.kelas.id) throw new AppError(404, 'meeting_not_found');
  return meeting;
}
