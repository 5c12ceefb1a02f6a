import type { FastifyInstance } from 'fastify';
import { findAllColleges } from '../../platform/college.repository.ts';
import type { JobDefinition } from '../../platform/job-queue.ts';
import { storeMeetingReport } from './bap.service.ts';
import { findEndedMeetingsWithoutReport } from './bap.repository.ts';

export const bapMeetingReportJobName = 'bap-meeting-report';

/** Meetings whose BAP is made per run and college: a run stays short; the next minute takes the rest. */
const meetingsPerRun = 50;
/** Older meetings are made on request only (a new college's history is not rendered in one go). */
const lookBackMs = 30 * 24 * 3_600_000;

/**
 * Every minute: the BAP of each meeting that has ended (by the lecturer's Selesai or by its end time) and
 * has none yet is rendered and stored, so the meeting page offers it at once. One meeting's failure does
 * not stop the others; it is tried again next run.
 */
export function bapMeetingReportJob(app: FastifyInstance): JobDefinition {
  return {
    name: bapMeetingReportJobName,
    cron: '* * * * *',
    expireInSeconds: 300,
    async handler() {
      const now = new Date();
      for (const college of await findAllColleges(app.db)) {
        const ended = await findEndedMeetingsWithoutReport(
          app.db,
          college.id,
          now,
          new Date(now.getTime() - lookBackMs),
          meetingsPerRun,
        );
        for (const meeting of ended) {
          try {
            await storeMeetingReport(app.db, app.files, college, meeting, now);
          } catch (error) {
            app.log.error({ err: error, pertemuanId: meeting.id }, 'meeting BAP failed');
          }
        }
      }
    },
  };
}
