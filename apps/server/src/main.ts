import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { seedIfEmpty } from './db/seed/seed-if-empty.ts';

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

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const app = await buildApp({ config, database });
  if (config.seed === 'demo') {
    const seeded = await seedIfEmpty(database.db);
    if (seeded) app.log.info('demo university loaded');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // app.close() stops accepting connections, lets requests in flight finish, and runs onClose hooks
    // (event streams, job workers) before the database goes.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const ms = Math.round(performance.now() - startedAt);
  const rss = Math.round(process.memoryUsage().rss / 1e6);
  app.log.info({ ms, rssMb: rss, database: database.kind }, 'ready');
  console.log(`\n  LMS siap di ${config.publicUrl}  (${database.kind}, ${ms} ms, ${rss} MB)\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
