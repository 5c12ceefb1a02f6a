import type { FastifyInstance } from 'fastify';

/** Liveness and readiness probes for load balancers and orchestrators. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health/live', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/health/ready', { schema: { hide: true } }, async (_request, reply) => {
    try {
      const rows = await app.database.query<{ applied: number }>(
        'select count(*)::int as applied from drizzle.__drizzle_migrations',
      );
      return { status: 'ok', migrations: rows[0]?.applied ?? 0 };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
