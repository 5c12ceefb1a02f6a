import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** The `set` of an upsert that takes `columns` from the row the conflict refused (`excluded`). */
export function excludedColumns<T extends PgTable, K extends keyof T['_']['columns'] & string>(
  table: T,
  columns: readonly K[],
): Record<K, SQL> {
  const all = getTableColumns(table);
  return Object.fromEntries(
    columns.map((key) => [key, sql`excluded.${sql.identifier(all[key]!.name)}`]),
  ) as Record<K, SQL>;
}
