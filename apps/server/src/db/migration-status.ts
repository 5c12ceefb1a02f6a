import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder, type Database } from './database.ts';

/** How many migrations this build ships, from drizzle's journal. */
export function countShippedMigrations(folder = migrationsFolder()): number {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** How many migrations the database holds; 0 for a database never migrated. Throws when it does not answer. */
export async function countAppliedMigrations(database: Database): Promise<number> {
  const [table] = await database.query<{ name: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  if (!table?.name) return 0;
  const rows = await database.query<{ applied: number }>(
    'select count(*)::int as applied from drizzle.__drizzle_migrations',
  );
  return rows[0]?.applied ?? 0;
}
