import type { FastifyInstance } from 'fastify';
import type { RecalculationInput } from '@lms/contract/attendance.schema';
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
  recordRecalculationProgress,
  type RecalculationRow,
} from './attendance.repository.ts';
import { presentRecalculation } from './attendance.presenter.ts';

/** A request's stored filter: the input, with its local dates as instants (the job has no zone). */
type StoredRecalculationFilter = RecalculationInput & { waktu_dari?: string; waktu_sampai?: string };

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
    const filter = (row.filter ?? {}) as StoredRecalculationFilter;
    const dates = {
      from: filter.waktu_dari ? new Date(filter.waktu_dari) : undefined,
      to: filter.waktu_sampai ? new Date(filter.waktu_sampai) : undefined,
    };
    if (row.pertemuanId) {
      await refreshMeetingProgress(db, collegeId, [row.pertemuanId]);
      meetingCount = 1;
    } else if (row.kelasId) {
      const ids = await findMeetingIdsOfClasses(db, collegeId, [row.kelasId], dates);
      await refreshMeetingProgress(db, collegeId, ids);
      meetingCount = ids.length;
      await recordRecalculationProgress(db, collegeId, id, 1);
    } else {
      let after: string | null = null;
      let done = 0;
      for (;;) {
        const classIds = await findClassIdsOfFilter(
          db,
          collegeId,
          {
            periode: filter.periode,
            mataKuliahId: filter.id_mata_kuliah,
            prodiId: filter.id_prodi,
            dosenId: filter.id_dosen,
          },
          after,
          classesPerRound,
        );
        if (classIds.length === 0) break;
        const ids = await findMeetingIdsOfClasses(db, collegeId, classIds, dates);
        await refreshMeetingProgress(db, collegeId, ids);
        meetingCount += ids.length;
        done += classIds.length;
        after = classIds[classIds.length - 1]!;
        // The progress the list shows ("40 dari 120 kelas").
        await recordRecalculationProgress(db, collegeId, id, done);
        const current = await findRecalculation(db, collegeId, id);
        if (current) await announceRecalculation(events, current);
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
