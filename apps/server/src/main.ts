import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { countAppliedMigrations, countShippedMigrations } from './db/migration-status.ts';
import { seedIfEmpty } from './db/seed/seed-if-empty.ts';
import { demoCollegeId } from './db/seed/demo-university.seed.ts';
import { ensureDemoFiles } from './db/seed/material.seed.ts';
import { createTenantGuard } from './db/tenant-guard.ts';
import { schemaTables } from './platform/area-modules.ts';

/** Longest a graceful shutdown may take before the process exits anyway. */
const shutdownTimeoutMs = 20_000;

async function main(): Promise<void> {
  const startedAt = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  config.webDistDir ??= path.resolve(here, here.endsWith('src') ? '../../web/dist' : '../../web/dist');

  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolMax: config.databasePoolMax,
      checkStatement: config.tenantGuard ? createTenantGuard(schemaTables()) : undefined,
    });
  } catch (error) {
    // One line naming what to fix, as for invalid configuration, rather than a driver stack trace.
    const where = config.databaseUrl ? 'DATABASE_URL' : `DATA_DIR (${config.dataDir})`;
    console.error(`Cannot open the database given by ${where}: ${(error as Error).message}`);
    process.exit(1);
  }
  if (config.migrateOnStart) {
    await database.migrate();
  } else {
    // Refused rather than started not-ready: the job workers would otherwise run against an old schema.
    const applied = await countAppliedMigrations(database);
    const shipped = countShippedMigrations();
    if (applied < shipped) {
      console.error(
        `The database holds ${applied} of this build's ${shipped} migrations and MIGRATE_ON_START=false: ` +
          'run the migrate command (npm run migrate, or node dist/migrate.js) first',
      );
      await database.close();
      process.exit(1);
    }
  }
  const app = await buildApp({ config, database });
  if (config.seed === 'demo') {
    const seeded = await seedIfEmpty(database.db);
    if (seeded) app.log.info('demo university loaded');
    if (config.databaseUrl || config.production) {
      app.log.warn(
        'SEED=demo: the demo accounts and their published password are listed on the sign-in page',
      );
    }
    // The demo materials' files live in the file store, which a restored or moved database may lack.
    await ensureDemoFiles(app.files, [demoCollegeId]);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A request or job that never finishes must not keep the process alive past the orchestrator's
    // patience (Kubernetes sends SIGKILL 30 s after SIGTERM by default).
    const forceExit = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, shutdownTimeoutMs);
    forceExit.unref();
    try {
      // app.close() ends the event streams (preClose), stops accepting connections, lets requests in
      // flight finish, then stops the job workers (onClose); the database goes last.
      await app.close();
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Connections waiting to be accepted while the event loop is busy (Node's default is 511): a
  // connection over the queue is dropped and its client waits a second to try again. The kernel caps it
  // at net.core.somaxconn (4096 on current kernels).
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  const ms = Math.round(performance.now() - startedAt);
  const rss = Math.round(process.memoryUsage().rss / 1e6);
  // The Node version is logged because the project brings its own Node 24 (root optionalDependencies):
  // this line shows which one a start actually got.
  app.log.info({ ms, rssMb: rss, database: database.kind, node: process.version }, 'ready');
  console.log(
    `\n  LMS siap di ${config.publicUrl}  (${database.kind}, Node ${process.version}, ${ms} ms, ${rss} MB)\n`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
