import { and, asc, count, eq, gt, lt, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { inClassScope, type ClassScope } from '../../db/class-scope.ts';
import type { Db } from '../../db/database.ts';
import { courses } from '../../db/schema/academic.schema.ts';
import { classes } from '../../db/schema/class.schema.ts';
import { exams } from '../../db/schema/exam.schema.ts';
import { classAndCourseColumns, classOf, courseOfClass } from '../../db/tenant-joins.ts';
import { examHasQuestions } from './exam.repository.ts';

/**
 * What a student may see, as SQL (the rule of isVisibleTo in exam.service.ts): shown exams with
 * questions, and a remedial only when their nim is among its participants.
 */
function visibleToStudent(collegeId: string, userId: string): SQL {
  return and(
    eq(exams.ditampilkan, true),
    examHasQuestions,
    or(
      ne(exams.jenis, 'remedial'),
      sql`exists (select 1 from "students" "s" where "s"."college_id" = ${collegeId} and "s"."user_id" = ${userId}::uuid and "s"."nim" = any(${exams.pesertaRemedial}))`,
    ),
  )!;
}

/**
 * Exams of the classes in scope whose window overlaps [start, end), earliest first, at most `limit`, with
 * how many there are in all (the dashboard calendar). Students get only the exams they may see.
 */
export async function findExamsInRange(
  db: Db,
  collegeId: string,
  scope: ClassScope,
  range: { start: Date; end: Date },
  limit: number,
) {
  const where = and(
    eq(exams.collegeId, collegeId),
    lt(exams.waktuMulai, range.end),
    gt(exams.waktuSelesai, range.start),
    inClassScope(exams.kelasId, collegeId, scope),
    scope.kind === 'student' ? visibleToStudent(collegeId, scope.userId) : undefined,
  );
  // Both statements join the class, so Drizzle qualifies the exam's columns inside the raw subquery.
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: exams.id,
        judul: exams.judul,
        jenis: exams.jenis,
        waktuMulai: exams.waktuMulai,
        waktuSelesai: exams.waktuSelesai,
        ...classAndCourseColumns,
      })
      .from(exams)
      .innerJoin(classes, classOf(exams))
      .innerJoin(courses, courseOfClass())
      .where(where)
      .orderBy(asc(exams.waktuMulai), asc(exams.id))
      .limit(limit),
    db.select({ n: count() }).from(exams).innerJoin(classes, classOf(exams)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type ExamCalendarRow = Awaited<ReturnType<typeof findExamsInRange>>['rows'][number];

/**
 * The exams of a student's classes not closed yet at `now` that are hidden from them (not shown, without
 * questions, or a remedial they are not in): the dashboard's Kuis/Ujian tile counts the activity model, which keeps no
 * visibility, and leaves these out.
 */
export async function findOpenExamIdsHiddenFromStudent(
  db: Db,
  collegeId: string,
  userId: string,
  now: Date,
): Promise<string[]> {
  const rows = await db
    .select({ id: exams.id })
    .from(exams)
    .where(
      and(
        eq(exams.collegeId, collegeId),
        gt(exams.waktuSelesai, now),
        inClassScope(exams.kelasId, collegeId, { kind: 'student', userId }),
        not(visibleToStudent(collegeId, userId)),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * How many exams of a meeting its exam list shows the caller (GET /v2/lms/pertemuan/{id}/ujian): for a
 * student (`studentUserId`) those visible to them, for everyone else all. The meeting page's Kuis/Ujian
 * count (issue 45: it counted the activity model, which keeps no visibility).
 */
export async function countMeetingExamsListed(
  db: Db,
  collegeId: string,
  meetingId: string,
  studentUserId: string | null,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(exams)
    .where(
      and(
        eq(exams.collegeId, collegeId),
        eq(exams.pertemuanId, meetingId),
        studentUserId ? visibleToStudent(collegeId, studentUserId) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}
