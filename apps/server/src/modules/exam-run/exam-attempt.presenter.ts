import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { isAnswered, secondsLeft } from '@lms/contract/exam.rules';
import { attemptSchema, type Attempt, type QuestionFile } from '@lms/contract/exam.schema';
import type { StoredExamFile } from '../../db/schema/exam.schema.ts';
import {
  presentQuestionSet,
  type AnswerRow,
  type AttemptRow,
  type GroupRow,
  type QuestionRow,
} from '../exam/exam.api.ts';

/**
 * An essay answer's file: private, so its address is the answer's own route (the student, the class's
 * lecturers and operators with read), never the public store address.
 */
export function presentAnswerFile(file: StoredExamFile, attemptId: string, soalId: string): QuestionFile {
  return {
    name: file.name,
    url: `/v2/lms/pengerjaan/${attemptId}/jawaban/${soalId}/files/${file.key}`,
    content_length: file.size,
    extension: file.extension,
  };
}

/**
 * An attempt with its fixed question set in the stored order, each question with the stored answer.
 * Keys only when `showKey`; marks only when `showMarks`.
 */
export function presentAttempt(
  attempt: AttemptRow,
  context: {
    now: Date;
    groups: GroupRow[];
    questions: QuestionRow[];
    answers: AnswerRow[];
    showKey: boolean;
    showMarks: boolean;
  },
): Attempt {
  const answerById = new Map(context.answers.map((a) => [a.soalId, a] as const));
  let answered = 0;
  const kelompok = presentQuestionSet(
    attempt.questionSet,
    context.groups,
    context.questions,
    context.showKey,
    (q, question) => {
      const a = answerById.get(q.id);
      const jawaban = a && a.urutan > 0 ? (a.jawaban ?? null) : null;
      if (isAnswered(jawaban)) answered++;
      return {
        ...question,
        jawaban,
        urutan: a?.urutan ?? 0,
        nilai: context.showMarks ? (a?.nilai ?? null) : null,
        nilai_dosen: context.showKey && context.showMarks && (a?.dinilaiOleh ?? null) !== null,
        jawaban_files: (a?.files ?? []).map((f) => presentAnswerFile(f, attempt.id, q.id)),
      };
    },
  );
  return {
    id: attempt.id,
    id_ujian: attempt.ujianId,
    status: attempt.status,
    waktu_mulai: attempt.startedAt.toISOString(),
    batas_waktu: attempt.deadlineAt.toISOString(),
    waktu_selesai: attempt.submittedAt?.toISOString() ?? null,
    waktu_server: context.now.toISOString(),
    sisa_detik: attempt.status === 'selesai' ? 0 : secondsLeft(context.now, attempt.deadlineAt),
    jumlah_soal: attempt.jumlahSoal,
    jumlah_soal_dijawab: answered,
    nilai_akhir: context.showMarks ? attempt.nilaiAkhir : null,
    pengurangan_nilai: attempt.penguranganNilai,
    sudah_dinilai: attempt.sudahDinilai,
    mahasiswa: { id: attempt.mahasiswaId, nama: attempt.nama, nim: attempt.nim },
    catatan_keluar: attempt.catatanKeluar,
    kelompok_soal: kelompok,
  };
}

/**
 * Just-started answers whose encoding by the contract's schema is known to change nothing: the route
 * sends them as they are (answerNeedsNoEncoding). Encoding a start's answer cost ~0.3 ms of the start's
 * CPU, in a storm thousands of times over the same questions.
 */
const encodedAsIs = new WeakSet<Attempt>();
/** Per content read (exam-content-cache.ts): its groups and questions whose encoding changed nothing. */
const checkedParts = new WeakMap<object, { asIs: Set<string>; changed: boolean }>();

/**
 * Marks a just-started answer built from `content` (the cached read it was presented from) as needing
 * no encoding when every group and question in it was already seen unchanged by the schema in an answer
 * of the same read; otherwise encodes it once to see. An answer with anything the schema would change
 * (a stored question missing a field the schema defaults, say) is left to the route's usual encoding.
 */
export function checkStartAnswerEncoding(answer: Attempt, content: object): void {
  let checked = checkedParts.get(content);
  if (!checked) checkedParts.set(content, (checked = { asIs: new Set(), changed: false }));
  if (checked.changed) return;
  const parts = answer.kelompok_soal.flatMap((g) => [`g:${g.id}`, ...g.soal.map((q) => `q:${q.id}`)]);
  if (parts.some((part) => !checked.asIs.has(part))) {
    const encoded = z.safeEncode(attemptSchema, answer);
    // Key order aside (JSON readers ignore it), the schema's encoding must be the answer itself.
    if (!encoded.success || !isDeepStrictEqual(encoded.data, answer)) {
      checked.changed = true;
      return;
    }
    for (const part of parts) checked.asIs.add(part);
  }
  encodedAsIs.add(answer);
}

/** Whether `answer` was marked by checkStartAnswerEncoding (its JSON is the schema's encoding). */
export function answerNeedsNoEncoding(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && encodedAsIs.has(answer as Attempt);
}
