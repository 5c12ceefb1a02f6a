import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { migrationsFolder } from '../db/database.ts';

/** How many migrations this build ships, from drizzle's journal. */
export function countShippedMigrations(folder = migrationsFolder()): number {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** Liveness and readiness probes for load balancers and orchestrators. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const expected = countShippedMigrations();

  app.get('/health/live', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  // Ready only when the database answers and holds every migration this build ships: an instance of a
  // newer build waits until the migrations have been applied before it takes traffic.
  app.get('/health/ready', { schema: { hide: true } }, async (request, reply) => {
    let applied: number;
    try {
      const rows = await app.database.query<{ applied: number }>(
        'select count(*)::int as applied from drizzle.__drizzle_migrations',
      );
      applied = rows[0]?.applied ?? 0;
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
