import { getTableColumns, getTableName } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { SchemaTable } from './schema-table.ts';

/*
 * Tenancy that a query cannot leave out. Every table with a `college_id` column belongs to one college,
 * and every statement the ORM sends must name the `college_id` of each such table it reads from, updates
 * or deletes from (`from "t"`, `update "t"`, also in subqueries), and list `college_id` among the columns
 * it inserts. A joined table needs its `college_id` named only when its key is per college (classes and
 * courses carry SIAKAD's ids, unique per college only): every other tenant table is keyed by a uuid, and
 * every reference between tenant tables is a composite foreign key on (college_id, …), so a join along
 * one from a scoped row stays in that row's college.
 * The check runs on every statement of the server tests (the authorization matrix walks every route),
 * so a repository function that forgets the college fails its tests instead of reading another
 * college's rows.
 */

/** The tables that carry `college_id`, by SQL name: true when their key is per college (ids may repeat across colleges). */
export type TenantTables = Map<string, boolean>;

/** The tenant tables among the schema's (`schemaTables()` of platform/area-modules.ts: every area's and the platform's). */
export function tenantTables(schema: readonly SchemaTable[]): TenantTables {
  const tables: TenantTables = new Map();
  for (const table of schema) {
    if (!Object.values(getTableColumns(table)).some((column) => column.name === 'college_id')) continue;
    const keyedPerCollege = getTableConfig(table).primaryKeys.some((key) =>
      key.columns.some((column) => column.name === 'college_id'),
    );
    tables.set(getTableName(table), keyedPerCollege);
  }
  return tables;
}

/**
 * Statements that span colleges on purpose, by a fragment of their text: platform maintenance, not a
 * request of one college.
 */
const crossCollegeStatements = [
  // Expired sign-in codes and refresh tokens are swept for every college at once.
  /^delete from "(auth_codes|refresh_tokens)" where .*"expires_at" </,
  // The file sweep asks which stored keys any row of any college still names (storager/file-references).
  /^with "candidate"\("key"\) as \(values /,
];

/** A table occurrence: `from "t"`, `join "t" "alias"`, `update "t"`, `into "t"`. */
const tableOccurrence = /\b(from|join|update|into)\s+"([a-z_]+)"(?:\s+(?:as\s+)?"([a-z_0-9]+)")?/gi;

/** The tenant tables a statement touches without naming their `college_id`; empty when it is scoped. */
export function unscopedTenantTables(statement: string, tables: TenantTables): string[] {
  if (crossCollegeStatements.some((pattern) => pattern.test(statement))) return [];
  const missing = new Set<string>();
  for (const match of statement.matchAll(tableOccurrence)) {
    const [, keyword, table, alias] = match;
    const keyedPerCollege = tables.get(table!);
    if (keyedPerCollege === undefined) continue;
    const kind = keyword!.toLowerCase();
    if (kind === 'join' && !keyedPerCollege) continue;
    if (kind === 'into') {
      const columns = statement.slice(match.index! + match[0].length).split(')')[0] ?? '';
      if (!columns.includes('"college_id"')) missing.add(table!);
      continue;
    }
    const name = alias ?? table!;
    if (!statement.includes(`"${name}"."college_id"`)) missing.add(table!);
  }
  return [...missing];
}

/** A statement check that throws when a statement touches a tenant table without its college. */
export function createTenantGuard(schema: readonly SchemaTable[]): (statement: string) => void {
  const tables = tenantTables(schema);
  return (statement) => {
    const missing = unscopedTenantTables(statement, tables);
    if (missing.length > 0) {
      throw new Error(`query without college_id on ${missing.join(', ')}: ${statement}`);
    }
  };
}
