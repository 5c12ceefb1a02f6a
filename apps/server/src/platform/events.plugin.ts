import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { EventHub } from './event-hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Server-Sent Events fed by PostgreSQL LISTEN/NOTIFY: `publish` here, `openStream` in SSE routes. */
    events: EventHub;
    /**
     * onRequest hook for SSE routes: like `authenticate`, but also takes the token from the
     * `access_token` query parameter, because the browser's EventSource cannot send headers.
     */
    authenticateEventStream(request: FastifyRequest): Promise<void>;
  }
}

/** The event hub: LISTENs once the app is ready, ends every stream when the app begins to close. */
export const eventsPlugin = fp(
  async (app: FastifyInstance) => {
    const hub = new EventHub(app.database, (error) => app.log.error({ err: error }, 'event delivery failed'));
    app.decorate('events', hub);

    app.decorate('authenticateEventStream', async (request: FastifyRequest) => {
      const token = (request.query as Record<string, unknown> | undefined)?.access_token;
      if (!request.headers.authorization && typeof token === 'string' && token) {
        request.headers.authorization = `Bearer ${token}`;
      }
      await app.authenticate(request);
    });

    app.addHook('onReady', async () => hub.start());
    // preClose runs before the server waits for open requests: open streams would hold shutdown up.
    app.addHook('preClose', async () => hub.stop());
  },
  { name: 'events', dependencies: ['database', 'auth'] },
);
