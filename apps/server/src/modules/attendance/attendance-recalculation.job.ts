import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { streamKey, type EventHub } from '../../platform/event-hub.ts';
import type { JobDefinition } from '../../platform/job-queue.ts';
import {
  attendanceStreamKey,
  refreshMeetingProgress,
  refreshProgressStatistics,
} from '../activity/activity.api.ts';
import {
  findClassIdsOfFilter,
  findMeetingIdsOfClasses,
  findRecalculation,
  finishRecalculation,
  type RecalculationRow,
} from './attendance.repository.ts';
import { presentRecalculation } from './attendance.presenter.ts';

export const attendanceRecalculationJobName = 'attendance-recalculation';

/** The classes recalculated per statement of a college-wide job: short statements, flat memory. */
const classesPerRound = 100;

/** The stream of college-wide recalculations, which every class's attendance page also hears. */
export function collegeAttendanceStreamKey(collegeId: string): string {
  return streamKey(collegeId, 'kehadiran_mahasiswa', 'semua');
}

/** Publishes the request's state as `calc-percentage` where its class (or the whole college) listens. */
export async function announceRecalculation(events: EventHub, row: RecalculationRow): Promise<void> {
  const key = row.kelasId
    ? attendanceStreamKey(row.collegeId, row.kelasId)
    : collegeAttendanceStreamKey(row.collegeId);
  await events.publish(key, 'calc-percentage', presentRecalculation(row));
}

/**
 * Runs one recalculation request: the attendance progress of every enrolled student of its meeting,
 * class, or the classes of its filter (100 classes per statement), then marks it completed or failed
 * and announces that. A request that is no longer processing (already run) is left alone.
 */
export async function runRecalculation(
  db: Db,
  events: EventHub,
  collegeId: string,
  id: string,
): Promise<void> {
  const row = await findRecalculation(db, collegeId, id);
  if (!row || row.status !== 'processing') return;
  try {
    let meetingCount = 0;
    if (row.pertemuanId) {
      await refreshMeetingProgress(db, collegeId, [row.pertemuanId]);
      meetingCount = 1;
    } else if (row.kelasId) {
      const ids = await findMeetingIdsOfClasses(db, collegeId, [row.kelasId]);
      await refreshMeetingProgress(db, collegeId, ids);
      meetingCount = ids.length;
    } else {
      const filter = (row.filter ?? {}) as { periode?: number; id_mata_kuliah?: string };
      let after: string | null = null;
      for (;;) {
        const classIds = await findClassIdsOfFilter(
          db,
          collegeId,
          { periode: filter.periode, mataKuliahId: filter.id_mata_kuliah },
          after,
          classesPerRound,
        );
        if (classIds.length === 0) break;
        const ids = await findMeetingIdsOfClasses(db, collegeId, classIds);
        await refreshMeetingProgress(db, collegeId, ids);
        meetingCount += ids.length;
        after = classIds[classIds.length - 1]!;
      }
      await refreshProgressStatistics(db);
    }
    await finishRecalculation(db, collegeId, id, { status: 'completed', meetingCount });
  } catch (error) {
    await finishRecalculation(db, collegeId, id, { status: 'failed', error: String(error).slice(0, 500) });
    throw error;
  } finally {
    const finished = await findRecalculation(db, collegeId, id);
    if (finished) await announceRecalculation(events, finished);
  }
}

/** The job behind "Update Progress" and "Update Kehadiran Manual". */
export function attendanceRecalculationJob(
  app: FastifyInstance,
): JobDefinition<{ collegeId: string; id: string }> {
  return {
    name: attendanceRecalculationJobName,
    expireInSeconds: 3600,
    async handler({ collegeId, id }) {
      await runRecalculation(app.db, app.events, collegeId, id);
    },
  };
}
