import { randomInt } from 'node:crypto';
import { buildQuestionSet, type QuestionSetGroup } from '@lms/contract/exam.rules';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../platform/app-error.ts';
import {
  deleteUsedPreparedSets,
  findContentVersion,
  findExamsToPrepare,
  findPreparedSet,
  findPreparedStudents,
  upsertPreparedSets,
} from './exam-run.repository.ts';
import {
  findCollegeIds,
  findExamById,
  findGroups,
  findQuestions,
  findStudentsWithoutAttempt,
  type ExamRow,
  type GroupRow,
  type QuestionRow,
} from './exam.repository.ts';

/** How far ahead of waktu_mulai the job prepares question sets. */
export const prepareAheadMs = 60 * 60_000;

/** A student's fixed question set and its size. */
export interface FixedSet {
  questionSet: QuestionSetGroup[];
  jumlahSoal: number;
}

/** The fingerprint of a set: the content's plus the shuffling switch (both change what a set is). */
const versionOf = (content: string, exam: Pick<ExamRow, 'acakSoal'>) =>
  `${content}:${exam.acakSoal ? 'acak' : 'urut'}`;

/** An exam's groups and questions, read fresh unless the caller has a way of its own. */
type ContentReader = () => Promise<{ groups: GroupRow[]; questions: QuestionRow[] }>;

/** Builds question sets from the exam's groups and questions (one random seed per set). */
async function setBuilder(db: Db, collegeId: string, exam: ExamRow, readContent?: ContentReader) {
  const { groups, questions } = readContent
    ? await readContent()
    : await Promise.all([findGroups(db, collegeId, exam.id), findQuestions(db, collegeId, exam.id)]).then(
        ([groups, questions]) => ({ groups, questions }),
      );
  const forSet = groups.map((g) => ({
    id: g.id,
    aturan: g.aturan,
    jumlah_wajib_dijawab: g.jumlahWajibDijawab,
    soal: questions.filter((q) => q.kelompokId === g.id).map((q) => q.id),
  }));
  return {
    empty: questions.length === 0,
    build(): FixedSet {
      const questionSet = buildQuestionSet(forSet, { shuffle: exam.acakSoal, seed: randomInt(2 ** 31) });
      return { questionSet, jumlahSoal: questionSet.reduce((n, g) => n + g.soal.length, 0) };
    },
  };
}

/**
 * A set drawn exactly as a starting student's is (the same builder, a fresh seed) from content the
 * caller already read: the lecturer's preview. Nothing is stored; an exam without questions answers
 * its groups empty.
 */
export async function drawQuestionSet(
  db: Db,
  collegeId: string,
  exam: ExamRow,
  content: { groups: GroupRow[]; questions: QuestionRow[] },
): Promise<FixedSet> {
  return (await setBuilder(db, collegeId, exam, () => Promise.resolve(content))).build();
}

/** Whether a prepared set was made from the exam's content as it is now (`versiSekarang`). */
export function isPreparedSetCurrent(
  prepared: { jumlahSoal: number; versi: string },
  versiSekarang: string,
  exam: Pick<ExamRow, 'acakSoal'>,
): boolean {
  return prepared.versi === versionOf(versiSekarang, exam) && prepared.jumlahSoal > 0;
}

/**
 * The question set a starting student gets: the one prepared ahead when it was made from the exam's
 * content as it is now (`versiSekarang`), otherwise decided now from the groups and questions (as
 * `readContent` reads them: the start storm's path passes the content it shows, read once per 5 s).
 */
export async function questionSetFor(
  db: Db,
  collegeId: string,
  exam: ExamRow,
  prepared: { questionSet: QuestionSetGroup[]; jumlahSoal: number; versi: string } | null | undefined,
  versiSekarang: string,
  readContent?: ContentReader,
): Promise<FixedSet> {
  if (prepared && isPreparedSetCurrent(prepared, versiSekarang, exam))
    return { questionSet: prepared.questionSet, jumlahSoal: prepared.jumlahSoal };
  const builder = await setBuilder(db, collegeId, exam, readContent);
  if (builder.empty) throw badRequest('ujian_tanpa_soal');
  return builder.build();
}

/** questionSetFor with the student's prepared set read first (one statement). */
export async function takeQuestionSet(
  db: Db,
  collegeId: string,
  exam: ExamRow,
  mahasiswaId: string,
): Promise<FixedSet> {
  const prepared = await findPreparedSet(db, collegeId, exam.id, mahasiswaId);
  return questionSetFor(db, collegeId, exam, prepared, prepared?.versiSekarang ?? '');
}

/**
 * Fixes question sets for every participant without an attempt and without a set of the current
 * content (a remedial: its participants only). Answers how many were made and how many participants
 * are waiting to start.
 */
export async function prepareQuestionSets(
  db: Db,
  collegeId: string,
  exam: ExamRow,
): Promise<{ disiapkan: number; peserta: number }> {
  const [builder, content, waiting] = await Promise.all([
    setBuilder(db, collegeId, exam),
    findContentVersion(db, collegeId, exam.id),
    findStudentsWithoutAttempt(
      db,
      collegeId,
      exam.kelasId,
      exam.id,
      exam.jenis === 'remedial' ? exam.pesertaRemedial : undefined,
    ),
  ]);
  if (builder.empty) return { disiapkan: 0, peserta: waiting.length };
  const versi = versionOf(content, exam);
  const done = await findPreparedStudents(db, collegeId, exam.id, versi);
  const rows = waiting
    .filter((s) => !done.has(s.id))
    .map((s) => ({ collegeId, ujianId: exam.id, mahasiswaId: s.id, versi, ...builder.build() }));
  await upsertPreparedSets(db, rows);
  return { disiapkan: rows.length, peserta: waiting.length };
}

/**
 * The preparation job's work: every exam opening within the next hour (or open now) gets sets for its
 * participants; sets of students who already started are dropped. Answers how many sets were made.
 */
export async function prepareUpcomingExams(db: Db, now = new Date()): Promise<number> {
  let made = 0;
  for (const collegeId of await findCollegeIds(db)) {
    const upcoming = await findExamsToPrepare(db, collegeId, now, new Date(now.getTime() + prepareAheadMs));
    await deleteUsedPreparedSets(
      db,
      collegeId,
      upcoming.map((e) => e.id),
    );
    for (const { id } of upcoming) {
      const exam = await findExamById(db, collegeId, id);
      if (exam) made += (await prepareQuestionSets(db, collegeId, exam)).disiapkan;
    }
  }
  return made;
}
