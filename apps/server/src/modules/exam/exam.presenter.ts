import {
  examStatus,
  studentAttemptStatus,
  withoutAnswerKey,
  type QuestionSetGroup,
} from '@lms/contract/exam.rules';
import type { Exam, Question, QuestionFile, QuestionGroup } from '@lms/contract/exam.schema';
import type { StoredExamFile } from '../../db/schema/exam.schema.ts';
import { fileUrl } from '../../platform/file-storage.ts';
import type { GroupRow, QuestionRow } from './exam-content.repository.ts';
import type { AttemptRow, ExamRow } from './exam.repository.ts';

/** The zero date the spec uses for "unset" (spec 3 §4). */
const unsetDate = '0001-01-01T00:00:00Z';

export interface ExamAccess {
  ubah: boolean;
  hapus: boolean;
  kerjakan: boolean;
  nilai: boolean;
}

/** An exam as the API answers it, with the caller's own attempt (students) and the counts (everyone). */
export function presentExam(
  row: ExamRow,
  context: {
    now: Date;
    figures: { attempts: number; ungraded: number; questions: number; remedials: number };
    own: AttemptRow | undefined;
    access: ExamAccess;
    showsParticipants: boolean;
  },
): Exam {
  const own = context.own;
  return {
    id: row.id,
    id_kelas_kuliah: row.kelasId,
    id_pertemuan: row.pertemuanId,
    id_ujian_utama: row.ujianUtamaId,
    pertemuan: { nomor: row.nomor },
    kelas_kuliah: {
      id: row.kelasId,
      nama: row.kelasNama,
      mata_kuliah: { id: row.mataKuliahId, kode: row.kodeMataKuliah, nama: row.namaMataKuliah },
    },
    judul: row.judul,
    deskripsi: row.deskripsi,
    jenis: row.jenis,
    sifat: row.sifat,
    durasi: row.durasi,
    gunakan_batas_waktu: row.gunakanBatasWaktu,
    acak_soal: row.acakSoal,
    ditampilkan: row.ditampilkan,
    tampilkan_kunci_jawaban: row.tampilkanKunciJawaban,
    waktu_tampil_kunci: row.waktuTampilKunci?.toISOString() ?? unsetDate,
    waktu_mulai: row.waktuMulai.toISOString(),
    waktu_selesai: row.waktuSelesai.toISOString(),
    status: examStatus(context.now, row.waktuMulai, row.waktuSelesai),
    is_tampilkan_nilai: row.isTampilkanNilai,
    jumlah_soal: context.figures.questions,
    jumlah_pengerjaan: context.figures.attempts,
    jumlah_belum_dinilai: context.figures.ungraded,
    has_remedial: context.figures.remedials > 0,
    peserta_remedial: context.showsParticipants ? row.pesertaRemedial : [],
    created_by: row.creatorUsername ? { nama: row.creatorNama ?? '', username: row.creatorUsername } : null,
    pengerjaan_saya: own
      ? {
          id: own.id,
          status: studentAttemptStatus(
            context.now,
            { waktu_mulai: row.waktuMulai, waktu_selesai: row.waktuSelesai },
            { status: own.status, deadline: own.deadlineAt },
          ),
          waktu_mulai: own.startedAt.toISOString(),
          waktu_selesai: own.submittedAt?.toISOString() ?? null,
          batas_waktu: own.deadlineAt.toISOString(),
          jumlah_soal: own.jumlahSoal,
          jumlah_soal_dijawab: own.answered,
          nilai_akhir: row.isTampilkanNilai ? own.nilaiAkhir : null,
        }
      : null,
    waktu_server: context.now.toISOString(),
    akses: context.access,
  };
}

/** A stored attachment of a question, key or answer as the screens show it. */
export function presentExamFile(file: StoredExamFile, collegeId: string): QuestionFile {
  return {
    name: file.name,
    url: fileUrl(file.key, collegeId),
    content_length: file.size,
    extension: file.extension,
  };
}

function presentQuestion(q: QuestionRow, nomor: number, showKey: boolean): Question {
  return {
    id: q.id,
    nomor,
    jenis: q.jenis,
    pertanyaan: q.pertanyaan,
    isi: showKey ? q.isi : withoutAnswerKey(q.isi),
    soal_files: q.soalFiles.map((f) => presentExamFile(f, q.collegeId)),
    // Key attachments go with the key: never to a student before the key may be shown.
    kunci_files: showKey ? q.kunciFiles.map((f) => presentExamFile(f, q.collegeId)) : [],
  };
}

/** The exam's content for those who build it: groups in order with their questions and keys. */
export function presentContent(groups: GroupRow[], questions: QuestionRow[]): QuestionGroup[] {
  let nomor = 0;
  return groups.map((g, i) => ({
    id: g.id,
    nomor: i + 1,
    judul: g.judul,
    aturan: g.aturan,
    jumlah_wajib_dijawab: g.jumlahWajibDijawab,
    soal: questions.filter((q) => q.kelompokId === g.id).map((q) => presentQuestion(q, ++nomor, true)),
  }));
}

/**
 * A question set (an attempt's, or a preview's draw) in its order: each group of the set with its
 * exam-wide number and the set's questions numbered from 1 across groups; `extend` adds what the
 * caller shows beside a question (an attempt's answer). Questions or groups deleted since are left out.
 */
export function presentQuestionSet<T extends Question>(
  questionSet: QuestionSetGroup[],
  groups: GroupRow[],
  questions: QuestionRow[],
  showKey: boolean,
  extend: (row: QuestionRow, question: Question) => T,
) {
  const groupById = new Map(groups.map((g, i) => [g.id, { ...g, nomor: i + 1 }] as const));
  const questionById = new Map(questions.map((q) => [q.id, q] as const));
  let nomor = 0;
  return questionSet.flatMap((set) => {
    const g = groupById.get(set.id);
    if (!g) return [];
    const soal = set.soal.flatMap((id) => {
      const q = questionById.get(id);
      return q ? [extend(q, presentQuestion(q, ++nomor, showKey))] : [];
    });
    return [
      {
        id: g.id,
        nomor: g.nomor,
        judul: g.judul,
        aturan: set.aturan,
        jumlah_wajib_dijawab: set.jumlah_wajib_dijawab,
        soal,
      },
    ];
  });
}
