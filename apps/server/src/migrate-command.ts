// `npm run migrate` / `node dist/migrate.js`: applies the migrations this build ships and exits, so an
// upgrade migrates once before the new instances start (with MIGRATE_ON_START=false).
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { countAppliedMigrations, countShippedMigrations } from './db/migration-status.ts';

async function migrateDatabase(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolMax: 2,
    });
  } catch (error) {
    const where = config.databaseUrl ? 'DATABASE_URL' : `DATA_DIR (${config.dataDir})`;
    console.error(`Cannot open the database given by ${where}: ${(error as Error).message}`);
    return 1;
  }
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
