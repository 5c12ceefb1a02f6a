import { isAnswered, secondsLeft } from '@lms/contract/exam.rules';
import type { Attempt, QuestionFile } from '@lms/contract/exam.schema';
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
