import { and, count, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ActivityLogFilter } from '@lms/contract/activity-log.schema';
import type { Db } from '../../db/database.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { periods } from '../../db/schema/academic.schema.ts';
import { activityLogs } from '../../db/schema/activity-log.schema.ts';
import { lecturers, students, users } from '../../db/schema/identity.schema.ts';

export type NewActivityLog = typeof activityLogs.$inferInsert;

/** Appends one entry to the activity log. */
export async function insertActivityLog(db: Db, entry: NewActivityLog): Promise<void> {
  await db.insert(activityLogs).values(entry);
}

/** Who is asked about: a college, and one user for their own history. */
export interface ActivityLogScope {
  collegeId: string;
  userId?: string;
  /**
   * The dates of the `periode` filter's period: entries recorded without a periode (sign-ins, settings)
   * count for the period they happened in.
   */
  periodRange?: { start: Date; end: Date };
}

const operatorUsers = alias(users, 'operator_users');

/**
 * The WHERE of a filtered log. Time and user conditions use the (college_id, user_id, waktu) and
 * (college_id, waktu) indexes; context filters are one `@>` containment that the GIN index serves.
 */
function buildConditions(db: Db, scope: ActivityLogScope, filter: Partial<ActivityLogFilter>): SQL {
  const studentIds = (where: SQL | undefined) =>
    db.select({ id: students.userId }).from(students).where(where);
  const lecturerIds = (where: SQL | undefined) =>
    db.select({ id: lecturers.userId }).from(lecturers).where(where);
  const conditions: (SQL | undefined)[] = [eq(activityLogs.collegeId, scope.collegeId)];
  if (scope.userId) conditions.push(eq(activityLogs.userId, scope.userId));
  if (filter.jenis) conditions.push(eq(activityLogs.jenis, filter.jenis));
  if (filter.role) conditions.push(eq(activityLogs.role, filter.role));
  if (filter.waktu_mulai) conditions.push(gte(activityLogs.waktu, new Date(filter.waktu_mulai)));
  if (filter.waktu_selesai) conditions.push(lte(activityLogs.waktu, new Date(filter.waktu_selesai)));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(or(ilike(users.nama, pattern), ilike(users.username, pattern)));
  }
  if (filter.nim) {
    conditions.push(
      inArray(
        activityLogs.userId,
        studentIds(and(eq(students.collegeId, scope.collegeId), eq(students.nim, filter.nim))),
      ),
    );
  }
  if (filter.nidn) {
    conditions.push(
      inArray(
        activityLogs.userId,
        lecturerIds(and(eq(lecturers.collegeId, scope.collegeId), eq(lecturers.nidn, filter.nidn))),
      ),
    );
  }
  if (filter.id_prodi) {
    conditions.push(
      or(
        inArray(activityLogs.userId, studentIds(eq(students.prodiId, filter.id_prodi))),
        inArray(activityLogs.userId, lecturerIds(eq(lecturers.prodiId, filter.id_prodi))),
        sql`${activityLogs.context} @> ${JSON.stringify({ id_prodi: filter.id_prodi })}::jsonb`,
      ),
    );
  }
  if (filter.periode !== undefined) {
    const tagged = sql`${activityLogs.context} @> ${JSON.stringify({ periode: filter.periode })}::jsonb`;
    const range = scope.periodRange;
    conditions.push(
      range
        ? or(
            tagged,
            and(
              sql`not (${activityLogs.context} ? 'periode')`,
              gte(activityLogs.waktu, range.start),
              lt(activityLogs.waktu, range.end),
            ),
          )
        : tagged,
    );
  }
  const context: Record<string, unknown> = {};
  if (filter.id_kelas) context.id_kelas = filter.id_kelas;
  if (filter.id_pertemuan) context.id_pertemuan = filter.id_pertemuan;
  if (filter.mode) context.mode = filter.mode;
  if (filter.type) context.type = filter.type;
  if (filter.status) context.status = filter.status;
  if (filter.kind) context.kind = filter.kind;
  if (filter.is_valid !== undefined) context.is_valid = filter.is_valid;
  if (Object.keys(context).length > 0) {
    conditions.push(sql`${activityLogs.context} @> ${JSON.stringify(context)}::jsonb`);
  }
  if (filter.size_gte !== undefined) {
    conditions.push(
      sql`(case when jsonb_typeof(${activityLogs.context}->'size') = 'number'
        then (${activityLogs.context}->>'size')::numeric end) >= ${filter.size_gte}`,
    );
  }
  return and(...conditions)!;
}

const entryColumns = {
  id: activityLogs.id,
  jenis: activityLogs.jenis,
  detail: activityLogs.detail,
  waktu: activityLogs.waktu,
  ipAddress: activityLogs.ipAddress,
  role: activityLogs.role,
  context: activityLogs.context,
  user: { id: users.id, username: users.username, nama: users.nama },
  operator: { id: operatorUsers.id, username: operatorUsers.username, nama: operatorUsers.nama },
};

function selectEntries(db: Db) {
  return db
    .select(entryColumns)
    .from(activityLogs)
    .innerJoin(users, eq(users.id, activityLogs.userId))
    .leftJoin(operatorUsers, eq(operatorUsers.id, activityLogs.operatorUserId));
}
export type ActivityLogRow = Awaited<ReturnType<ReturnType<typeof selectEntries>['execute']>>[number];

/** One page of a filtered log, newest first, and the total. */
export async function findActivityLogPage(
  db: Db,
  scope: ActivityLogScope,
  filter: Partial<ActivityLogFilter>,
  page: { page: number; perPage: number },
): Promise<{ rows: ActivityLogRow[]; total: number }> {
  const where = buildConditions(db, scope, filter);
  const rows = await selectEntries(db)
    .where(where)
    .orderBy(desc(activityLogs.waktu), desc(activityLogs.id))
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage);
  const [total] = await db
    .select({ n: count() })
    .from(activityLogs)
    .innerJoin(users, eq(users.id, activityLogs.userId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Every entry of a filtered log, newest first, in batches (keyset on waktu and id, so a long export
 * never holds more than one batch and never rescans skipped rows).
 */
export async function* iterateActivityLogs(
  db: Db,
  scope: ActivityLogScope,
  filter: Partial<ActivityLogFilter>,
  batchSize = 1000,
): AsyncGenerator<ActivityLogRow[]> {
  const where = buildConditions(db, scope, filter);
  let after: { waktu: Date; id: number } | undefined;
  for (;;) {
    const keyset = after
      ? sql`(${activityLogs.waktu}, ${activityLogs.id}) < (${after.waktu.toISOString()}::timestamptz, ${after.id})`
      : undefined;
    const rows = await selectEntries(db)
      .where(and(where, keyset))
      .orderBy(desc(activityLogs.waktu), desc(activityLogs.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { waktu: last.waktu, id: last.id };
  }
}

/** A period's first and last dates (`YYYY-MM-DD`), or undefined. */
export async function findPeriodDates(db: Db, collegeId: string, kode: number) {
  const [row] = await db
    .select({ tanggalMulai: periods.tanggalMulai, tanggalSelesai: periods.tanggalSelesai })
    .from(periods)
    .where(and(eq(periods.collegeId, collegeId), eq(periods.kode, kode)));
  return row;
}
