import { AsyncLocalStorage } from 'node:async_hooks';
import { getTableColumns, getTableName } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { SchemaTable } from './schema-table.ts';

/*
 * Tenancy that a query cannot leave out. Every table with a `college_id` column belongs to one college
 * (the tables come from the area manifests, whose test holds them equal to the schema files). Every
 * statement sent through the ORM, raw `db.execute(sql…)` included, must compare the `college_id` of
 * each such table it reads from, updates or deletes from (`from "t"`, `update "t"`, also in subqueries)
 * in a condition with a parameter — during a request, the request's college — or with the `college_id`
 * of a table so bound; an insert must give `college_id`, the request's college during a request. A
 * joined table needs its own condition only when its key is per college (classes and courses carry
 * SIAKAD's ids, unique per college only): every other tenant table is keyed by a uuid, and every
 * reference between tenant tables is a composite foreign key on (college_id, …), so a join along one
 * from a scoped row stays in that row's college.
 * The check runs on every statement of the server tests (the authorization matrix walks every route),
 * so a repository function that forgets the college fails its tests instead of reading another
 * college's rows. Repositories start such a condition with `ofCollege` (db/college-scope.ts).
 * Platform SQL outside the ORM (`Database.query`: jobs, metrics, backups) is not checked.
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
  // Expired sign-in codes, refresh tokens and reset links are swept for every college at once.
  /^delete from "(auth_codes|refresh_tokens|password_reset_tokens)" where .*"expires_at" </,
  // So are sign-in failures older than a day (auth/sign-in-backoff).
  /^delete from "sign_in_failures" where "sign_in_failures"."last_failed_at" < now\(\) - interval /,
  // The file sweep asks which stored keys any row of any college still names (storager/file-references).
  /^with "candidate"\("key"\) as \(values /,
  // A semester load asks which of its programme ids another college holds (the ids are global).
  /^select "id" from "study_programs" where \("study_programs"."id" in \([^)]*\) and "study_programs"."college_id" <> \$\d+\)$/,
];

/**
 * Where a table may follow: `from "t"`, `join "t" "alias"`, `update "t" as a`, `into "t"`; quoted as the
 * ORM writes it or bare as raw SQL may (`from users u`).
 */
const tableKeyword = /\b(from|join|update|into)\s+/gi;

function isWordCode(code: number): boolean {
  return (
    (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 95 || (code >= 65 && code <= 90)
  );
}

/** The identifier starting at `start`, quoted or bare: its name and where it ends. */
function identifierAt(
  text: string,
  start: number,
): { name: string; end: number; quoted: boolean } | undefined {
  if (text[start] === '"') {
    const close = text.indexOf('"', start + 1);
    return close < 0 ? undefined : { name: text.slice(start + 1, close), end: close + 1, quoted: true };
  }
  let end = start;
  while (end < text.length && isWordCode(text.charCodeAt(end))) end++;
  return end > start ? { name: text.slice(start, end), end, quoted: false } : undefined;
}

/** The identifier ending at `end`, quoted or bare: its name and where it starts. */
function identifierBefore(text: string, end: number): { name: string; start: number } | undefined {
  if (text[end - 1] === '"') {
    const open = text.lastIndexOf('"', end - 2);
    return open < 0 ? undefined : { name: text.slice(open + 1, end - 1), start: open };
  }
  let start = end;
  while (start > 0 && isWordCode(text.charCodeAt(start - 1))) start--;
  return start < end ? { name: text.slice(start, end), start } : undefined;
}

function skipSpaces(text: string, at: number): number {
  while (at < text.length && text.charCodeAt(at) <= 32) at++;
  return at;
}

function skipSpacesBack(text: string, at: number): number {
  while (at > 0 && text.charCodeAt(at - 1) <= 32) at--;
  return at;
}

/** Words that can follow a table where an alias could stand. */
const notAnAlias = new Set(
  'where join inner left right full cross natural lateral on using group order limit offset set values returning for union except intersect having window fetch select default'.split(
    ' ',
  ),
);

/**
 * After a `college_id` (and its closing quote): `= $1`, `= 'demo'`, `= "t"."college_id"`, `in ($1, $2)`,
 * `in (select`, `= any($1)`.
 */
const conditionAfter =
  /\s*(?:=\s*(?:\$(\d+)|'([^']*)'|any\s*\(\s*\$(\d+)\s*\)|(?:(?:"([a-z_][a-z_0-9]*)"|([a-z_][a-z_0-9]*))\s*\.\s*)?"?(college_id)(?![a-z_0-9]))|in\s*\(\s*(select\b|\$\d+(?:\s*,\s*\$\d+)*))/iy;
const column = 'college_id';

/** What the request the statement runs for knows: the statement's parameters and the request's college. */
export interface StatementScope {
  params?: readonly unknown[];
  /** The college of the request the statement runs in; unknown outside a request (jobs, scripts). */
  collegeId?: string;
}

/** What a statement does wrong about tenancy: tables it does not scope, and tables scoped to another college. */
export interface TenancyFindings {
  unscoped: string[];
  otherCollege: string[];
}

/**
 * Checks a statement: each tenant table it reads, updates or deletes from must have its `college_id`
 * compared in a condition (WHERE or ON, also in subqueries) with a parameter — the request's college,
 * when known — or with the `college_id` of a table that is itself so bound; a column in the select list
 * is not a condition. An insert must list `college_id` and, when the request's college is known, give it
 * that college in every row. Table names are matched per statement, not per subquery: cheap, and the
 * ORM's statements name each table once per scope.
 */
export function checkTenancy(
  statement: string,
  tables: TenantTables,
  scope: StatementScope = {},
): TenancyFindings {
  const findings: TenancyFindings = { unscoped: [], otherCollege: [] };
  if (crossCollegeStatements.some((pattern) => pattern.test(statement))) return findings;
  const occurrences: { table: string; name: string; kind: string; end: number }[] = [];
  for (const match of statement.matchAll(tableKeyword)) {
    const found = identifierAt(statement, match.index! + match[0].length);
    if (!found || statement[found.end] === '(') continue;
    let end = found.end;
    // `from "t"."c"`: a column (`extract(… from "t"."c")`), not a table.
    if (statement[skipSpaces(statement, end)] === '.') continue;
    const table = found.name.toLowerCase();
    const keyedPerCollege = tables.get(table);
    if (keyedPerCollege === undefined) continue;
    const kind = match[1]!.toLowerCase();
    if (kind === 'join' && !keyedPerCollege) continue;
    let name = table;
    let next = skipSpaces(statement, end);
    if (/^as\s/i.test(statement.slice(next, next + 3))) next = skipSpaces(statement, next + 2);
    const alias = identifierAt(statement, next);
    if (alias && (alias.quoted || !notAnAlias.has(alias.name.toLowerCase()))) {
      name = alias.name.toLowerCase();
      end = alias.end;
    }
    occurrences.push({ table, name, kind, end });
  }
  if (occurrences.length === 0) return findings;

  const otherCollege = new Set<string>();
  const isOfCollege = (value: unknown) =>
    scope.collegeId === undefined || value === undefined || value === scope.collegeId;
  const param = (n: string) => scope.params?.[Number(n) - 1];
  const bound = new Set<string>();
  const sameCollege: [string, string][] = [];
  const bind = (name: string, values: unknown[]) => {
    bound.add(name);
    if (!values.every(isOfCollege)) otherCollege.add(name);
  };
  // The row an insert writes is bound by the college it is given (checked below).
  const insertTarget = occurrences.find((occurrence) => occurrence.kind === 'into');
  if (insertTarget) bound.add(insertTarget.name);
  // A bare college_id belongs to the statement's only table, or to the row an insert writes (its
  // `on conflict … where` and `returning`); otherwise it binds nothing.
  const bareOwner = occurrences.length === 1 ? occurrences[0]!.name : insertTarget?.name;
  // Each college_id in a condition: what it is compared with. Walked by indexOf, not one large pattern,
  // so a statement costs a few microseconds (the guard sees every statement).
  for (let at = statement.indexOf(column); at >= 0; at = statement.indexOf(column, at + column.length)) {
    const end = at + column.length;
    if (isWordCode(statement.charCodeAt(end))) continue;
    const quoted = statement[at - 1] === '"';
    if (!quoted && isWordCode(statement.charCodeAt(at - 1))) continue;
    let start = quoted ? at - 1 : at;
    let qualifier: string | undefined;
    const dot = skipSpacesBack(statement, start);
    if (statement[dot - 1] === '.') {
      const found = identifierBefore(statement, skipSpacesBack(statement, dot - 1));
      if (found) {
        qualifier = found.name.toLowerCase();
        start = found.start;
      }
    }
    const name = qualifier ?? bareOwner;
    if (name === undefined) continue;
    // `$1 = "t"."college_id"` or `'demo' = …`
    const equals = skipSpacesBack(statement, start);
    if (statement[equals - 1] === '=' && !'<>!'.includes(statement[equals - 2] ?? '')) {
      const valueEnd = skipSpacesBack(statement, equals - 1);
      if (statement[valueEnd - 1] === "'") {
        bind(name, [statement.slice(statement.lastIndexOf("'", valueEnd - 2) + 1, valueEnd - 1)]);
      } else {
        let digits = valueEnd;
        while (digits > 0 && statement.charCodeAt(digits - 1) >= 48 && statement.charCodeAt(digits - 1) <= 57)
          digits--;
        if (digits < valueEnd && statement[digits - 1] === '$')
          bind(name, [param(statement.slice(digits, valueEnd))]);
      }
    }
    conditionAfter.lastIndex = end + (quoted ? 1 : 0);
    const right = conditionAfter.exec(statement);
    if (!right) continue;
    if (right[1] !== undefined) bind(name, [param(right[1])]);
    else if (right[2] !== undefined) bind(name, [right[2]]);
    else if (right[3] !== undefined) {
      const list = param(right[3]);
      bind(name, Array.isArray(list) ? list : [list]);
    } else if (right[6] !== undefined) {
      const other = (right[4] ?? right[5])?.toLowerCase() ?? bareOwner;
      if (other !== undefined) sameCollege.push([name, other]);
    } else if (right[7]?.toLowerCase() === 'select') bind(name, []);
    else if (right[7] !== undefined)
      bind(
        name,
        right[7].split(',').map((n) => param(n.trim().slice(1))),
      );
  }
  // A table whose college equals a bound table's is bound too.
  for (let grew = true; grew;) {
    grew = false;
    for (const [a, b] of sameCollege) {
      if (bound.has(a) !== bound.has(b)) {
        const [from, to] = bound.has(a) ? [a, b] : [b, a];
        bound.add(to);
        if (otherCollege.has(from)) otherCollege.add(to);
        grew = true;
      }
    }
  }

  const unscoped = new Set<string>();
  const wrong = new Set<string>();
  for (const { table, name, kind, end } of occurrences) {
    if (kind === 'into') {
      const insert = insertedColleges(statement.slice(end), scope.params);
      if (!insert) unscoped.add(table);
      else if (!insert.every(isOfCollege)) wrong.add(table);
      continue;
    }
    if (!bound.has(name)) unscoped.add(table);
    else if (otherCollege.has(name)) wrong.add(table);
  }
  findings.unscoped = [...unscoped];
  findings.otherCollege = [...wrong];
  return findings;
}

/**
 * The college_id of each row an insert gives (`("id", "college_id") values ($1, $2), ($3, $4)`); null
 * when it lists no college_id. Values that are not parameters or literals (an insert … select) count as
 * unknown.
 */
function insertedColleges(rest: string, params: readonly unknown[] | undefined): unknown[] | null {
  const columns = /^\s*\(([^)]*)\)/.exec(rest);
  if (!columns) return null;
  const names = columns[1]!.split(',').map((name) => name.trim().replace(/"/g, '').toLowerCase());
  const at = names.indexOf('college_id');
  if (at < 0) return null;
  const values = /^\s*values\s*/i.exec(rest.slice(columns[0].length));
  if (!values) return [];
  const colleges: unknown[] = [];
  const tuples = rest.slice(columns[0].length + values[0].length);
  for (const tuple of tuples.matchAll(/\(([^()]*)\)\s*(,|$|\s)/g)) {
    const item = tuple[1]!.split(',')[at]?.trim() ?? '';
    const param = /^\$(\d+)$/.exec(item);
    if (param) colleges.push(params?.[Number(param[1]) - 1]);
    else if (/^'[^']*'$/.test(item)) colleges.push(item.slice(1, -1));
    if (tuple[2] !== ',') break;
  }
  return colleges;
}

/** The tenant tables a statement touches without a condition on their `college_id`; empty when it is scoped. */
export function unscopedTenantTables(statement: string, tables: TenantTables): string[] {
  return checkTenancy(statement, tables).unscoped;
}

/**
 * A statement check that throws when a statement touches a tenant table without a condition on its
 * college, or binds one to a college other than the request's (`collegeOfRequest`).
 */
export function createTenantGuard(
  schema: readonly SchemaTable[],
): (statement: string, params?: readonly unknown[]) => void {
  const tables = tenantTables(schema);
  return (statement, params) => {
    const findings = checkTenancy(statement, tables, { params, collegeId: collegeOfRequest.getStore() });
    if (findings.unscoped.length + findings.otherCollege.length > 0)
      console.error(
        'GUARD',
        JSON.stringify(findings),
        statement,
        JSON.stringify(params),
        collegeOfRequest.getStore(),
      );
    if (findings.unscoped.length > 0) {
      throw new Error(
        `query without college_id on ${findings.unscoped.join(', ')} (start its condition with ofCollege): ${statement}`,
      );
    }
    if (findings.otherCollege.length > 0) {
      throw new Error(
        `query for another college than the request's on ${findings.otherCollege.join(', ')}: ${statement}`,
      );
    }
  };
}

/** The college of the request being served (set by platform/tenancy-guard.plugin.ts), for the guard's check of parameters. */
export const collegeOfRequest = new AsyncLocalStorage<string>();

/** Runs work a request starts but that is not that request's, e.g. a timer draining every college's queue. */
export function outsideRequest<T>(work: () => T): T {
  return collegeOfRequest.exit(work);
}
