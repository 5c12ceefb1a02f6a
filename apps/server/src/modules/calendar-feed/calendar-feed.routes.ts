import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarFeedFetchesPerMinute } from '@lms/contract/calendar-feed.rules';
import { calendarFeedParamsSchema, calendarFeedResponseSchema } from '@lms/contract/calendar-feed.schema';
import { ownFeedAccess, ownFeedReadAccess } from './calendar-feed.policy.ts';
import {
  createOwnCalendarFeed,
  feedRateLimitKey,
  getOwnCalendarFeed,
  renderCalendarFeed,
  resetOwnCalendarFeed,
} from './calendar-feed.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['kalender'];

/** A private iCalendar feed per user ("Langganan kalender") and the routes that make and reset it. */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/lms/kalender_langganan',
    {
      config: { access: ownFeedReadAccess },
      schema: {
        tags,
        summary: 'Status tautan langganan kalender pengguna (tautan lengkap tidak ditampilkan lagi)',
        security: bearer,
        response: { 200: calendarFeedResponseSchema },
      },
    },
    async (request) => ({ data: await getOwnCalendarFeed(app.db, request.actor) }),
  );

  app.post(
    '/v2/lms/kalender_langganan',
    {
      config: { access: ownFeedAccess },
      schema: {
        tags,
        summary: 'Buat tautan langganan kalender (sekali; tautan lengkap hanya ditampilkan saat dibuat)',
        security: bearer,
        response: { 200: calendarFeedResponseSchema },
      },
    },
    async (request) => ({ data: await createOwnCalendarFeed(app.db, app.config.publicUrl, request.actor) }),
  );

  app.post(
    '/v2/lms/kalender_langganan/atur_ulang',
    {
      config: { access: ownFeedAccess },
      schema: {
        tags,
        summary: 'Atur ulang tautan langganan kalender: tautan lama langsung tidak berlaku',
        security: bearer,
        response: { 200: calendarFeedResponseSchema },
      },
    },
    async (request) => ({ data: await resetOwnCalendarFeed(app.db, app.config.publicUrl, request.actor) }),
  );

  app.get(
    '/v2/kalender/:token.ics',
    {
      config: {
        public: 'a calendar app fetches the feed without signing in: the unguessable token is the key',
        collegeIdFromQuery: true,
        rateLimit: {
          max: calendarFeedFetchesPerMinute,
          timeWindow: '1 minute',
          // Per feed, not per address: Google Calendar fetches every subscriber's feed from a few shared
          // addresses. The key is the token's hash, since the limit store keeps its keys in the database.
          keyGenerator: (request: FastifyRequest) =>
            feedRateLimitKey((request.params as { token?: unknown }).token),
        },
      },
      schema: {
        tags,
        summary: 'Umpan iCalendar pribadi: pertemuan, ujian, batas tugas dan vidcon kelas pemilik tautan',
        description:
          'text/calendar in the college time zone, 30 days back to 180 ahead, at most 1,000 events; 404 for an ' +
          'unknown or reset token and for a deactivated account.',
        params: calendarFeedParamsSchema,
      },
    },
    async (request, reply) => {
      const body = await renderCalendarFeed(
        app.db,
        request.college,
        app.config.publicUrl,
        request.params.token,
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', 'inline; filename="kalender.ics"')
        .send(body);
    },
  );
};
