// `npm run migrate` / `node dist/migrate.js`: applies the migrations this build ships and exits, so an
// upgrade migrates once before the new instances start (with MIGRATE_ON_START=false).
import { loadCommandConfig, openCommandDatabase } from './command-setup.ts';
import { countAppliedMigrations, countShippedMigrations } from './db/migration-status.ts';

async function migrateDatabase(): Promise<number> {
  const config = loadCommandConfig();
  if (!config) return 1;
  const database = await openCommandDatabase(config);
  if (!database) return 1;
  try {
    const before = await countAppliedMigrations(database);
    await database.migrate();
    const after = await countAppliedMigrations(database);
    const shipped = countShippedMigrations();
    console.log(
      after === before
        ? `Nothing to migrate: the database holds all ${shipped} migrations of this build.`
        : `Migrated: ${after - before} applied, the database now holds ${after} of ${shipped}.`,
    );
    return 0;
  } catch (error) {
    console.error(`Migration failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await migrateDatabase();
