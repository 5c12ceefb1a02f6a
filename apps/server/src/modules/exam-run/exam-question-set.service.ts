import type { QuestionSetGroup } from '@lms/contract/exam.rules';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../platform/app-error.ts';
import {
  findCollegeIds,
  findExamById,
  questionSetBuilder,
  type ContentReader,
  type ExamRow,
  type FixedSet,
} from '../exam/exam.api.ts';
import {
  deletePreparedSetsOfEndedExams,
  findContentVersion,
  findExamsToPrepare,
  findPreparedSet,
  findStudentsToPrepare,
  upsertPreparedSets,
} from './exam-run.repository.ts';

/** How far ahead of waktu_mulai the job prepares question sets. */
export const prepareAheadMs = 60 * 60_000;

/** The fingerprint of a set: the content's plus the shuffling switch (both change what a set is). */
const versionOf = (content: string, exam: Pick<ExamRow, 'acakSoal'>) =>
  `${content}:${exam.acakSoal ? 'acak' : 'urut'}`;

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
  const builder = await questionSetBuilder(db, collegeId, exam, readContent);
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
  const [builder, content] = await Promise.all([
    questionSetBuilder(db, collegeId, exam),
    findContentVersion(db, collegeId, exam.id),
  ]);
  const versi = versionOf(content, exam);
  const { waiting, needing } = await findStudentsToPrepare(
    db,
    collegeId,
    {
      id: exam.id,
      kelasId: exam.kelasId,
      nims: exam.jenis === 'remedial' ? exam.pesertaRemedial : undefined,
    },
    versi,
  );
  if (builder.empty) return { disiapkan: 0, peserta: waiting };
  const rows = needing.map((mahasiswaId) => ({
    collegeId,
    ujianId: exam.id,
    mahasiswaId,
    versi,
    ...builder.build(),
  }));
  await upsertPreparedSets(db, rows);
  return { disiapkan: rows.length, peserta: waiting };
}

/**
 * The preparation job's work: every exam opening within the next hour (or open now) gets sets for its
 * participants who have none of its current content yet; the sets of exams that have ended are dropped.
 * Answers how many sets were made.
 */
export async function prepareUpcomingExams(db: Db, now = new Date()): Promise<number> {
  let made = 0;
  for (const collegeId of await findCollegeIds(db)) {
    await deletePreparedSetsOfEndedExams(db, collegeId, now);
    const upcoming = await findExamsToPrepare(db, collegeId, now, new Date(now.getTime() + prepareAheadMs));
    for (const { id } of upcoming) {
      const exam = await findExamById(db, collegeId, id);
      if (exam) made += (await prepareQuestionSets(db, collegeId, exam)).disiapkan;
    }
  }
  return made;
}
