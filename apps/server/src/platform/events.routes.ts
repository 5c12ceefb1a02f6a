import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { streamKey } from './event-hub.ts';
import { signedIn } from './route-access.ts';

const eventStreamQuerySchema = z.object({
  stream: z.enum(['sistem']),
  /** EventSource cannot set headers, so the token and the college may come in the query instead. */
  access_token: z.string().optional(),
  'college-id': z.string().optional(),
});

/**
 * Options every SSE route shares: token and college from the query as well as the headers, and no
 * request logging at info level, so the token in the URL does not end up in the logs.
 */
export const eventStreamRouteOptions = {
  config: { access: signedIn, collegeIdFromQuery: true, tokenFromQuery: true },
  logLevel: 'warn' as const,
};

/**
 * `GET /v2/lms/events?stream=sistem`: the server clock (`time`), the college's system events and the
 * caller's own parts (`notifikasi`: their unread count, on connect and on change).
 */
export async function eventsRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v2/lms/events',
    {
      ...eventStreamRouteOptions,
      schema: {
        tags: ['events'],
        summary: 'Aliran Server-Sent Events sistem (event `time`: jam server, ISO 8601)',
        security: [{ bearer: [] }],
        querystring: eventStreamQuerySchema,
      },
    },
    async (request, reply) => {
      const stream = app.events.openStream(reply, streamKey(request.college.id, request.query.stream));
      // A stream must not outlive its token; the web client reopens it with the refreshed one.
      if (request.auth.expiresAt) stream.endAt(request.auth.expiresAt);
      // The header clock shows seconds: the client ticks locally and this event keeps it in step.
      const sendTime = () => stream.send('time', new Date().toISOString());
      sendTime();
      stream.every(app.events.settings.timeEveryMs, sendTime);
      app.events.joinSystemStreamParts(stream, {
        collegeId: request.college.id,
        userId: request.actor.userId,
      });
    },
  );
}
