import { describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.ts';
import { countAppliedMigrations, countShippedMigrations } from './db/migration-status.ts';
import { runServerEntry, useEmptyDatabase } from './testing/server-process.ts';

const place = useEmptyDatabase('migrate');

/** Runs one of the server's entry points as its own process; answers its exit code and output. */
function run(entry: string, env: Record<string, string>) {
  return runServerEntry([entry], place, {
    env: { TOKEN_SECRET: 'migrate-test-secret-migrate-test-secret', PORT: '0', HOST: '127.0.0.1', ...env },
  });
}

async function appliedMigrations(): Promise<number> {
  const database = await openDatabase(place);
  try {
    return await countAppliedMigrations(database);
  } finally {
    await database.close();
  }
}

describe('the migrate command', () => {
  it('a server told not to migrate refuses an unmigrated database; the command migrates it, then has nothing to do', async () => {
    const shipped = countShippedMigrations();

    const refused = await run('src/main.ts', { MIGRATE_ON_START: 'false' });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      `The database holds 0 of this build's ${shipped} migrations and MIGRATE_ON_START=false`,
    );
    expect(refused.output).not.toContain('Server listening');

    const first = await run('src/migrate-command.ts', {});
    expect(first.output.trim()).toBe(
      `Migrated: ${shipped} applied, the database now holds ${shipped} of ${shipped}.`,
    );
    expect(first.code).toBe(0);
    expect(await appliedMigrations()).toBe(shipped);

    const second = await run('src/migrate-command.ts', {});
    expect(second.output.trim()).toBe(
      `Nothing to migrate: the database holds all ${shipped} migrations of this build.`,
    );
    expect(second.code).toBe(0);
    expect(await appliedMigrations()).toBe(shipped);
  }, 300_000);

  it('stops with one line naming the variable when the configuration is invalid', async () => {
    const result = await run('src/migrate-command.ts', { DATABASE_POOL_MAX: 'banyak' });
    expect(result.code).toBe(1);
    expect(result.output.trim()).toMatch(/^Invalid configuration: DATABASE_POOL_MAX [^\n]+$/);
  }, 60_000);
});
