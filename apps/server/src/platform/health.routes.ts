import type { FastifyInstance } from 'fastify';
import { countAppliedMigrations, countShippedMigrations } from '../db/migration-status.ts';

/** Liveness and readiness probes for load balancers and orchestrators. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const expected = countShippedMigrations();

  // Both answer while load is shed: an overloaded instance is alive and, if it can reach its database, ready.
  const probe = { schema: { hide: true }, config: { keepUnderPressure: true as const } };
  app.get('/health/live', probe, async () => ({ status: 'ok' }));

  // Ready only when the database answers and holds every migration this build ships: an instance of a
  // newer build waits until the migrations have been applied before it takes traffic.
  app.get('/health/ready', probe, async (request, reply) => {
    let applied: number;
    try {
      applied = await countAppliedMigrations(app.database);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: database unavailable');
      return reply.status(503).send({ status: 'unavailable', reason: 'database' });
    }
    if (applied < expected) {
      return reply
        .status(503)
        .send({ status: 'unavailable', reason: 'migrations', migrations: applied, expected });
    }
    return { status: 'ok', migrations: applied };
  });
}
