import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';

/** A table of the schema (`db/schema/*.schema.ts`), as an area's manifest declares the tables it owns. */
export type SchemaTable = PgTable;

/** Every table a schema file exports, for an area that owns the whole file. */
export function tablesOf(schemaFile: Record<string, unknown>): SchemaTable[] {
  return Object.values(schemaFile).filter((value): value is PgTable => is(value, PgTable));
}

/** A table's name in SQL. */
export function sqlTableName(table: SchemaTable): string {
  return getTableName(table);
}
