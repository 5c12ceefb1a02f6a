import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../platform/job-queue.ts';
import { followCalendarEverywhere } from './period.service.ts';

/**
 * Daily just after midnight in Indonesia (17:05 UTC is 00:05 WIB): each college's current period
 * follows the calendar, so the next semester becomes current on its first day without anyone acting.
 */
export function periodCalendarJob(app: FastifyInstance): JobDefinition {
  return {
    name: 'period-calendar',
    cron: '5 17 * * *',
    expireInSeconds: 600,
    singleton: true,
    async handler() {
      await followCalendarEverywhere(app.db, new Date());
    },
  };
}
