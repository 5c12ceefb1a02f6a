import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as academic from './schema/academic.schema.ts';
import * as accessRestriction from './schema/access-restriction.schema.ts';
import * as activity from './schema/activity.schema.ts';
import * as activityLog from './schema/activity-log.schema.ts';
import * as announcement from './schema/announcement.schema.ts';
import * as attendance from './schema/attendance.schema.ts';
import * as chat from './schema/chat.schema.ts';
import * as bap from './schema/bap.schema.ts';
import * as classSchema from './schema/class.schema.ts';
import * as college from './schema/college.schema.ts';
import * as exam from './schema/exam.schema.ts';
import * as examRun from './schema/exam-run.schema.ts';
import * as forum from './schema/forum.schema.ts';
import * as grade from './schema/grade.schema.ts';
import * as help from './schema/help.schema.ts';
import * as identity from './schema/identity.schema.ts';
import * as material from './schema/material.schema.ts';
import * as meeting from './schema/meeting.schema.ts';
import * as questionBank from './schema/question-bank.schema.ts';
import * as siakad from './schema/siakad.schema.ts';
import * as studyProgram from './schema/study-program.schema.ts';
import * as task from './schema/task.schema.ts';
import * as vidcon from './schema/vidcon.schema.ts';

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

const schemaModules = [
  academic,
  accessRestriction,
  activity,
  activityLog,
  announcement,
  attendance,
  chat,
  bap,
  classSchema,
  college,
  exam,
  examRun,
  forum,
  grade,
  help,
  identity,
  material,
  meeting,
  questionBank,
  siakad,
  studyProgram,
  task,
  vidcon,
];

/** The tables that carry `college_id`, by SQL name: true when their key is per college (ids may repeat across colleges). */
export type TenantTables = Map<string, boolean>;

/** The tenant tables of the schema. */
export function tenantTables(): TenantTables {
  const tables: TenantTables = new Map();
  for (const module of schemaModules) {
    for (const value of Object.values(module)) {
      if (!is(value, PgTable)) continue;
      if (!Object.values(getTableColumns(value)).some((column) => column.name === 'college_id')) continue;
      const keyedPerCollege = getTableConfig(value).primaryKeys.some((key) =>
        key.columns.some((column) => column.name === 'college_id'),
      );
      tables.set(getTableName(value), keyedPerCollege);
    }
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
export function createTenantGuard(): (statement: string) => void {
  const tables = tenantTables();
  return (statement) => {
    const missing = unscopedTenantTables(statement, tables);
    if (missing.length > 0) {
      throw new Error(`query without college_id on ${missing.join(', ')}: ${statement}`);
    }
  };
}
