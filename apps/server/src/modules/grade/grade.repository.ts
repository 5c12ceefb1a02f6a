import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { inClassScope, type ClassScope } from '../../db/class-scope.ts';
import type { Db } from '../../db/database.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { activities } from '../../db/schema/activity.schema.ts';
import { classes, classStudents } from '../../db/schema/class.schema.ts';
import { courses } from '../../db/schema/academic.schema.ts';
import { colleges } from '../../db/schema/college.schema.ts';
import { gradeComponentActivities, gradeSendItems, gradeSends } from '../../db/schema/grade.schema.ts';
import { students, users } from '../../db/schema/identity.schema.ts';
import { courseOfClass } from '../../db/tenant-joins.ts';

/** The enrolled students of a class (id, nim, name), by nim: one statement. */
export async function findClassStudents(db: Db, collegeId: string, kelasId: string) {
  return db
    .select({ id: users.id, nim: students.nim, nama: users.nama })
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.mahasiswaId))
    .innerJoin(students, eq(students.userId, classStudents.mahasiswaId))
    .where(and(eq(classStudents.collegeId, collegeId), eq(classStudents.kelasId, kelasId)))
    .orderBy(asc(students.nim));
}
export type GradeStudentRow = Awaited<ReturnType<typeof findClassStudents>>[number];

/** The activities chosen for every component of a class. */
export async function findComponentActivities(db: Db, collegeId: string, kelasId: string) {
  return db
    .select({
      komponenId: gradeComponentActivities.komponenId,
      activityId: gradeComponentActivities.activityId,
    })
    .from(gradeComponentActivities)
    .where(
      and(eq(gradeComponentActivities.collegeId, collegeId), eq(gradeComponentActivities.kelasId, kelasId)),
    );
}

/** Which of the given activity ids are the class's. */
export async function findActivitiesOfClass(db: Db, collegeId: string, kelasId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: activities.id, kind: activities.kind })
    .from(activities)
    .where(
      and(eq(activities.collegeId, collegeId), eq(activities.kelasId, kelasId), inArray(activities.id, ids)),
    );
}

/** Replaces a component's activities in one transaction. */
export async function replaceComponentActivities(
  db: Db,
  collegeId: string,
  kelasId: string,
  komponenId: string,
  activityIds: string[],
  updatedBy: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(gradeComponentActivities)
      .where(
        and(
          eq(gradeComponentActivities.collegeId, collegeId),
          eq(gradeComponentActivities.kelasId, kelasId),
          eq(gradeComponentActivities.komponenId, komponenId),
        ),
      );
    if (activityIds.length === 0) return;
    await tx
      .insert(gradeComponentActivities)
      .values(activityIds.map((activityId) => ({ collegeId, kelasId, komponenId, activityId, updatedBy })));
  });
}

/** Classes of the recap list in scope, with their course, enrolled and scored-activity counts. */
export async function findGradeClassPage(
  db: Db,
  collegeId: string,
  scope: ClassScope,
  filters: { periode?: number; mataKuliahId?: string; search?: string },
  page: { page: number; perPage: number },
) {
  const conditions: (SQL | undefined)[] = [
    eq(classes.collegeId, collegeId),
    inClassScope(classes.id, collegeId, scope),
  ];
  if (filters.periode !== undefined) conditions.push(eq(classes.periode, filters.periode));
  if (filters.mataKuliahId) conditions.push(eq(classes.mataKuliahId, filters.mataKuliahId));
  if (filters.search) {
    const pattern = likePattern(filters.search);
    conditions.push(
      or(ilike(courses.nama, pattern), ilike(courses.kode, pattern), ilike(classes.nama, pattern)),
    );
  }
  const where = and(...conditions);
  const rows = await db
    .select({
      id: classes.id,
      periode: classes.periode,
      nama: classes.nama,
      course: { id: courses.id, kode: courses.kode, nama: courses.nama },
      students: sql<number>`(select count(*)::int from ${classStudents} where ${classStudents.collegeId} = ${collegeId} and ${classStudents.kelasId} = ${classes.id})`,
      activities: sql<number>`(select count(*)::int from ${activities} where ${activities.collegeId} = ${collegeId} and ${activities.kelasId} = ${classes.id} and ${activities.kind} in ('tugas', 'ujian', 'forum'))`,
    })
    .from(classes)
    .innerJoin(courses, courseOfClass())
    .where(where)
    .orderBy(desc(classes.periode), asc(courses.nama), asc(classes.nama), asc(classes.id))
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage);
  const [total] = await db
    .select({ n: count() })
    .from(classes)
    .innerJoin(courses, courseOfClass())
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The class ids of a student (student /nilai). */
export async function findClassesOfStudent(db: Db, collegeId: string, mahasiswaId: string) {
  return db
    .select({
      id: classes.id,
      nama: classes.nama,
      periode: classes.periode,
      course: { kode: courses.kode, nama: courses.nama },
    })
    .from(classStudents)
    .innerJoin(
      classes,
      and(eq(classes.collegeId, classStudents.collegeId), eq(classes.id, classStudents.kelasId)),
    )
    .innerJoin(courses, courseOfClass())
    .where(
      and(
        eq(classStudents.collegeId, collegeId),
        eq(classStudents.mahasiswaId, mahasiswaId),
        eq(classes.collegeId, collegeId),
      ),
    )
    .orderBy(desc(classes.periode), asc(courses.nama));
}

export type GradeSendRow = typeof gradeSends.$inferSelect;

const sendColumns = {
  send: gradeSends,
  requester: { nama: users.nama, username: users.username },
};

/**
 * Records a sending with its items, unless one of the class is already waiting or running (then
 * undefined): the partial unique index keeps two clicks from starting two jobs.
 */
export async function insertGradeSend(
  db: Db,
  send: {
    collegeId: string;
    kelasId: string;
    requestedBy: string;
    requestedRole: string;
    confirmedOverwrite: boolean;
  },
  items: {
    mahasiswaId: string;
    nim: string;
    komponenId: string;
    valueBefore: number | null;
    value: number;
  }[],
): Promise<GradeSendRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(gradeSends)
      .values({ ...send, total: items.length })
      // The partial unique index on a class's waiting or running sending refuses a second one.
      .onConflictDoNothing()
      .returning();
    if (!row) return undefined;
    if (items.length > 0) {
      await tx
        .insert(gradeSendItems)
        .values(items.map((i) => ({ ...i, sendId: row.id, collegeId: send.collegeId })));
    }
    return row;
  });
}

/** One sending of the college with its requester. */
export async function findGradeSend(db: Db, collegeId: string, id: string) {
  const [row] = await db
    .select(sendColumns)
    .from(gradeSends)
    .innerJoin(users, eq(users.id, gradeSends.requestedBy))
    .where(and(eq(gradeSends.collegeId, collegeId), eq(gradeSends.id, id)));
  return row;
}

/** The sendings of a class, newest first (the audit trail). */
export async function findGradeSendsOfClass(db: Db, collegeId: string, kelasId: string, limit = 50) {
  return db
    .select(sendColumns)
    .from(gradeSends)
    .innerJoin(users, eq(users.id, gradeSends.requestedBy))
    .where(and(eq(gradeSends.collegeId, collegeId), eq(gradeSends.kelasId, kelasId)))
    .orderBy(desc(gradeSends.createdAt))
    .limit(limit);
}

/** A sending's items with the students' names. */
export async function findGradeSendItems(db: Db, collegeId: string, sendId: string) {
  return db
    .select({ item: gradeSendItems, nama: users.nama })
    .from(gradeSendItems)
    .innerJoin(users, eq(users.id, gradeSendItems.mahasiswaId))
    .where(and(eq(gradeSendItems.collegeId, collegeId), eq(gradeSendItems.sendId, sendId)))
    .orderBy(asc(gradeSendItems.nim), asc(gradeSendItems.komponenId));
}

/** Moves a waiting sending to running; false when it is not waiting (already run or running). */
export async function startGradeSend(db: Db, collegeId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(gradeSends)
    .set({ status: 'berjalan' })
    .where(and(eq(gradeSends.collegeId, collegeId), eq(gradeSends.id, id), eq(gradeSends.status, 'menunggu')))
    .returning({ id: gradeSends.id });
  return rows.length > 0;
}

/** Stores the results of a batch of items and recounts the sending's progress in one statement each. */
export async function saveGradeSendResults(
  db: Db,
  collegeId: string,
  sendId: string,
  results: {
    nim: string;
    komponenId: string;
    status: 'terkirim' | 'sama' | 'gagal';
    attempts: number;
    answer: string;
  }[],
): Promise<void> {
  if (results.length > 0) {
    const values = sql.join(
      results.map(
        (r) =>
          sql`(${r.nim}, ${r.komponenId}, ${r.status}::grade_send_item_status, ${r.attempts}::int, ${r.answer})`,
      ),
      sql`, `,
    );
    await db.execute(sql`update ${gradeSendItems} set status = v.status, attempts = v.attempts, answer = v.answer, updated_at = now()
      from (values ${values}) as v(nim, komponen_id, status, attempts, answer)
      where ${gradeSendItems.collegeId} = ${collegeId} and ${gradeSendItems.sendId} = ${sendId}
        and ${gradeSendItems.nim} = v.nim and ${gradeSendItems.komponenId} = v.komponen_id`);
  }
  await db.execute(sql`update ${gradeSends} set
      done = c.done, sent = c.sent, unchanged = c.unchanged, failed = c.failed
    from (select count(*) filter (where status <> 'menunggu')::int as done,
                 count(*) filter (where status = 'terkirim')::int as sent,
                 count(*) filter (where status = 'sama')::int as unchanged,
                 count(*) filter (where status = 'gagal')::int as failed
          from ${gradeSendItems} where ${gradeSendItems.collegeId} = ${collegeId} and ${gradeSendItems.sendId} = ${sendId}) as c
    where ${gradeSends.collegeId} = ${collegeId} and ${gradeSends.id} = ${sendId}`);
}

/** Ends a sending. */
export async function finishGradeSend(
  db: Db,
  collegeId: string,
  id: string,
  end: { status: 'selesai' | 'gagal'; error?: string | null },
): Promise<void> {
  await db
    .update(gradeSends)
    .set({ status: end.status, error: end.error ?? null, finishedAt: new Date() })
    .where(and(eq(gradeSends.collegeId, collegeId), eq(gradeSends.id, id)));
}

/**
 * Writes the college's grade integration settings (`integrasi_nilai` of its settings jsonb) in one
 * statement, leaving every other key as it is (other areas keep theirs there).
 */
export async function updateGradeIntegrationSettings(
  db: Db,
  collegeId: string,
  value: Record<string, unknown>,
): Promise<void> {
  await db
    .update(colleges)
    .set({
      settings: sql`jsonb_set(coalesce(${colleges.settings}, '{}'::jsonb), '{integrasi_nilai}', ${JSON.stringify(value)}::jsonb)`,
    })
    .where(eq(colleges.id, collegeId));
}
