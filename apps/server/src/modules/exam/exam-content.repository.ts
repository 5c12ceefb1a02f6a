import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { withoutAnswerKey, type QuestionBody } from '@lms/contract/exam.rules';
import type { Db } from '../../db/database.ts';
import {
  examAttempts,
  examGroups,
  examQuestions,
  exams,
  type StoredExamFile,
} from '../../db/schema/exam.schema.ts';

/* An exam's content: its question groups and questions. */

/** An exam's groups in order. */
export function findGroups(db: Db, collegeId: string, ujianId: string) {
  return db
    .select({
      id: examGroups.id,
      urutan: examGroups.urutan,
      judul: examGroups.judul,
      aturan: examGroups.aturan,
      jumlahWajibDijawab: examGroups.jumlahWajibDijawab,
    })
    .from(examGroups)
    .where(and(eq(examGroups.collegeId, collegeId), eq(examGroups.ujianId, ujianId)))
    .orderBy(asc(examGroups.urutan), asc(examGroups.id));
}
export type GroupRow = Awaited<ReturnType<typeof findGroups>>[number];

/** An exam's questions in order within their groups. */
export function findQuestions(db: Db, collegeId: string, ujianId: string) {
  return db
    .select({
      id: examQuestions.id,
      collegeId: examQuestions.collegeId,
      kelompokId: examQuestions.kelompokId,
      urutan: examQuestions.urutan,
      jenis: examQuestions.jenis,
      pertanyaan: examQuestions.pertanyaan,
      isi: examQuestions.isi,
      soalFiles: examQuestions.soalFiles,
      kunciFiles: examQuestions.kunciFiles,
    })
    .from(examQuestions)
    .where(and(eq(examQuestions.collegeId, collegeId), eq(examQuestions.ujianId, ujianId)))
    .orderBy(asc(examQuestions.urutan), asc(examQuestions.id));
}
export type QuestionRow = Awaited<ReturnType<typeof findQuestions>>[number];

/** Adds a group at the end; answers its id. */
export async function insertGroup(
  db: Db,
  row: {
    collegeId: string;
    ujianId: string;
    judul: string;
    aturan: GroupRow['aturan'];
    jumlahWajibDijawab: number | null;
  },
): Promise<string> {
  const [inserted] = await db
    .insert(examGroups)
    .values({
      ...row,
      urutan: sql`(select coalesce(max(${examGroups.urutan}), 0) + 1 from ${examGroups} where ${examGroups.collegeId} = ${row.collegeId} and ${examGroups.ujianId} = ${row.ujianId})`,
    })
    .returning({ id: examGroups.id });
  return inserted!.id;
}

/** Changes a group of the exam; answers whether it existed. */
export async function updateGroupRow(
  db: Db,
  collegeId: string,
  ujianId: string,
  id: string,
  changes: { judul: string; aturan: GroupRow['aturan']; jumlahWajibDijawab: number | null },
) {
  const rows = await db
    .update(examGroups)
    .set(changes)
    .where(and(eq(examGroups.collegeId, collegeId), eq(examGroups.ujianId, ujianId), eq(examGroups.id, id)))
    .returning({ id: examGroups.id });
  return rows.length > 0;
}

/** Deletes a group with its questions; answers whether it existed. */
export async function deleteGroupRow(db: Db, collegeId: string, ujianId: string, id: string) {
  const rows = await db
    .delete(examGroups)
    .where(and(eq(examGroups.collegeId, collegeId), eq(examGroups.ujianId, ujianId), eq(examGroups.id, id)))
    .returning({ id: examGroups.id });
  return rows.length > 0;
}

/** Adds a question at the end of its group; answers its id. */
export async function insertQuestion(
  db: Db,
  row: {
    collegeId: string;
    ujianId: string;
    kelompokId: string;
    pertanyaan: string;
    isi: QuestionBody;
    soalFiles?: StoredExamFile[];
    kunciFiles?: StoredExamFile[];
    bankSoalId?: string | null;
  },
): Promise<string> {
  const [inserted] = await db
    .insert(examQuestions)
    .values({
      ...row,
      jenis: row.isi.jenis,
      urutan: sql`(select coalesce(max(${examQuestions.urutan}), 0) + 1 from ${examQuestions} where ${examQuestions.collegeId} = ${row.collegeId} and ${examQuestions.kelompokId} = ${row.kelompokId})`,
    })
    .returning({ id: examQuestions.id });
  return inserted!.id;
}

/** One question of one group of one exam, in the college. */
const questionOfGroup = (collegeId: string, where: { ujianId: string; kelompokId: string; id: string }) =>
  and(
    eq(examQuestions.collegeId, collegeId),
    eq(examQuestions.ujianId, where.ujianId),
    eq(examQuestions.kelompokId, where.kelompokId),
    eq(examQuestions.id, where.id),
  );

/** Changes a question of the exam's group; answers whether it existed. */
export async function updateQuestionRow(
  db: Db,
  collegeId: string,
  where: { ujianId: string; kelompokId: string; id: string },
  changes: { pertanyaan: string; isi: QuestionBody },
) {
  const rows = await db
    .update(examQuestions)
    .set({ ...changes, jenis: changes.isi.jenis, updatedAt: sql`now()` })
    .where(questionOfGroup(collegeId, where))
    .returning({ id: examQuestions.id });
  return rows.length > 0;
}

/** Deletes a question of the exam's group; answers whether it existed. */
export async function deleteQuestionRow(
  db: Db,
  collegeId: string,
  where: { ujianId: string; kelompokId: string; id: string },
) {
  const rows = await db
    .delete(examQuestions)
    .where(questionOfGroup(collegeId, where))
    .returning({ id: examQuestions.id });
  return rows.length > 0;
}

/** Sets the order of an exam's groups (or of one group's questions) to the order of `ids`, in one statement. */
export async function reorderRows(
  db: Db,
  collegeId: string,
  target: { kind: 'groups'; ujianId: string } | { kind: 'questions'; ujianId: string; kelompokId: string },
  ids: string[],
): Promise<number> {
  const position = sql`array_position(${sql.param(ids)}::uuid[], `;
  if (target.kind === 'groups') {
    const rows = await db
      .update(examGroups)
      .set({ urutan: sql`${position}${examGroups.id})` })
      .where(
        and(
          eq(examGroups.collegeId, collegeId),
          eq(examGroups.ujianId, target.ujianId),
          inArray(examGroups.id, ids),
        ),
      )
      .returning({ id: examGroups.id });
    return rows.length;
  }
  const rows = await db
    .update(examQuestions)
    .set({ urutan: sql`${position}${examQuestions.id})` })
    .where(
      and(
        eq(examQuestions.collegeId, collegeId),
        eq(examQuestions.ujianId, target.ujianId),
        eq(examQuestions.kelompokId, target.kelompokId),
        inArray(examQuestions.id, ids),
      ),
    )
    .returning({ id: examQuestions.id });
  return rows.length;
}

/**
 * Copies the groups and questions of exam `fromId` into exam `toId` (same college), in their order;
 * `withKeys` false leaves the answer keys and the key files behind.
 */
export async function copyExamContent(
  db: Db,
  collegeId: string,
  fromId: string,
  toId: string,
  withKeys = true,
): Promise<void> {
  const groups = await findGroups(db, collegeId, fromId);
  const questions = await findQuestions(db, collegeId, fromId);
  for (const g of groups) {
    const [inserted] = await db
      .insert(examGroups)
      .values({
        collegeId,
        ujianId: toId,
        urutan: g.urutan,
        judul: g.judul,
        aturan: g.aturan,
        jumlahWajibDijawab: g.jumlahWajibDijawab,
      })
      .returning({ id: examGroups.id });
    const own = questions.filter((q) => q.kelompokId === g.id);
    if (own.length === 0) continue;
    await db.insert(examQuestions).values(
      own.map((q) => ({
        collegeId,
        ujianId: toId,
        kelompokId: inserted!.id,
        urutan: q.urutan,
        jenis: q.jenis,
        pertanyaan: q.pertanyaan,
        isi: withKeys ? q.isi : withoutAnswerKey(q.isi),
        // Stored files are never deleted when a question drops them, so the copy may share them by key.
        soalFiles: q.soalFiles,
        kunciFiles: withKeys ? q.kunciFiles : [],
      })),
    );
  }
}

/** The finished attempts of an exam. */
function finishedAttemptsOf(collegeId: string, ujianId: string) {
  return and(
    eq(examAttempts.collegeId, collegeId),
    eq(examAttempts.ujianId, ujianId),
    eq(examAttempts.status, 'selesai'),
  );
}

/**
 * Marks the exam's scores for recalculation when it has finished attempts (a question they were scored
 * on changed); answers whether it did.
 */
export async function requestRescore(db: Db, collegeId: string, ujianId: string, now: Date) {
  const finished = db
    .select({ one: sql`1` })
    .from(examAttempts)
    .where(finishedAttemptsOf(collegeId, ujianId));
  const rows = await db
    .update(exams)
    .set({ rescoreRequestedAt: now })
    .where(and(eq(exams.collegeId, collegeId), eq(exams.id, ujianId), sql`exists (${finished})`))
    .returning({ id: exams.id });
  return rows.length > 0;
}
