import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EventHub, eventCoalescerOf } from './event-hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Server-Sent Events fed by PostgreSQL LISTEN/NOTIFY: `publish` here, `openStream` in SSE routes. */
    events: EventHub;
  }
}

/** The event hub: LISTENs once the app is ready, ends every stream when the app begins to close. */
export const eventsPlugin = fp(
  async (app: FastifyInstance) => {
    const hub = new EventHub(app.database, (error) => app.log.error({ err: error }, 'event delivery failed'));
    app.decorate('events', hub);
    // An ended session is refused at once here and on every other instance, not only after the
    // actor cache's bound.
    hub.onSessionsEnded(({ collegeId, userId }) => app.forgetActor(collegeId, userId));

    const coalescer = eventCoalescerOf(app.db);
    coalescer.onError = (error) => app.log.error({ err: error }, 'coalesced event not sent');

    app.addHook('onReady', async () => hub.start());
    // Announcements still gathering go out before the database closes.
    app.addHook('preClose', async () => coalescer.flush());
    // preClose runs before the server waits for open requests: open streams would hold shutdown up.
    app.addHook('preClose', async () => hub.stop());
  },
  { name: 'events', dependencies: ['database', 'auth'] },
);
