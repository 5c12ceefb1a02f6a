import {
  autoMark,
  scoreAttempt,
  type AnswerValue,
  type QuestionBody,
  type QuestionSetGroup,
} from '@lms/contract/exam.rules';
import { demoFileKey, demoMaterialFiles } from './material.seed.ts';
import { SeededRandom } from './seeded-random.ts';
import type { DemoContext } from './demo-seed.context.ts';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** The demo's question set: a choice, a true/false and an essay, the same in every exam. */
const demoQuestions: Array<{ pertanyaan: string; isi: QuestionBody }> = [
  {
    pertanyaan: '<p>Struktur data yang mengikuti prinsip <em>last in, first out</em> adalah …</p>',
    isi: {
      jenis: 'pilihan',
      pilihan: [{ teks: 'Queue' }, { teks: 'Stack' }, { teks: 'Tree' }, { teks: 'Graph' }],
      kunci: 1,
    },
  },
  {
    pertanyaan: '<p>Kompleksitas pencarian biner pada larik terurut adalah O(log n).</p>',
    isi: { jenis: 'benar_salah', label: { benar: 'Benar', salah: 'Salah' }, kunci: true },
  },
  {
    pertanyaan: '<p>Jelaskan perbedaan antara algoritma rekursif dan iteratif beserta contohnya.</p>',
    isi: {
      jenis: 'esay',
      jenis_file_diterima: ['text', 'pdf'],
      kunci: '<p>Rekursif memanggil dirinya sendiri dengan kasus dasar; iteratif memakai perulangan.</p>',
    },
  },
];

/** A demo file (stored at start by ensureDemoFiles) as an exam question's attachment. */
function demoExamFile(file: { key: string; name: string; size: number }, collegeId: string) {
  return {
    key: demoFileKey(file.key, collegeId),
    name: file.name,
    size: file.size,
    extension: file.name.slice(file.name.lastIndexOf('.') + 1),
  };
}

/**
 * Quizzes and exams in every current class, in each state: a kuis finished, graded and published with
 * every student's attempt and a remedial for the lowest scores (in the class's first started meeting);
 * a kuis open now for a week (the demo student can take it); a UTS in a week. Each with its activity
 * and, for the finished one, the students' facts (attempted, completed, score, published).
 */
export function addDemoExams(ctx: DemoContext): void {
  const { rows, collegeId, uid, now } = ctx;
  const rng = new SeededRandom(1313);
  const current = new Set(rows.classes.filter((c) => c.periode === ctx.currentPeriod).map((c) => c.id!));
  const teacherOf = new Map<string, string>();
  for (const t of rows.classTeachers) if (t.isUtama) teacherOf.set(t.kelasId, t.dosenId);
  const studentsOf = new Map<string, string[]>();
  for (const s of rows.classStudents)
    studentsOf.set(s.kelasId, [...(studentsOf.get(s.kelasId) ?? []), s.mahasiswaId]);
  const nimOf = new Map(rows.students.map((s) => [s.userId, s.nim] as const));
  const meetingsOf = new Map<string, (typeof rows.meetings)[number][]>();
  for (const m of [...rows.meetings].sort((a, b) => a.nomor - b.nomor)) {
    if (current.has(m.kelasId)) meetingsOf.set(m.kelasId, [...(meetingsOf.get(m.kelasId) ?? []), m]);
  }

  for (const [kelasId, meetings] of meetingsOf) {
    const past = meetings.find((m) => m.waktuSelesai!.getTime() < now.getTime()) ?? meetings[0]!;
    const open =
      meetings.find((m) => m.waktuSelesai!.getTime() >= now.getTime()) ?? meetings[meetings.length - 1]!;
    const createdBy = teacherOf.get(kelasId) ?? null;

    const addExam = (
      key: string,
      meeting: (typeof meetings)[number],
      fields: {
        judul: string;
        jenis: 'kuis' | 'uts' | 'uas' | 'remedial';
        waktuMulai: Date;
        waktuSelesai: Date;
        durasi: number | null;
        ujianUtamaId?: string;
        pesertaRemedial?: string[];
        isTampilkanNilai?: boolean;
        tampilkanKunci?: boolean;
      },
    ) => {
      const id = uid(`ujian:${kelasId}:${key}`);
      rows.exams.push({
        id,
        collegeId,
        kelasId,
        pertemuanId: meeting.id!,
        ujianUtamaId: fields.ujianUtamaId ?? null,
        judul: fields.judul,
        deskripsi: '<p>Kerjakan secara mandiri. Jawaban tersimpan otomatis.</p>',
        jenis: fields.jenis,
        sifat: 'close',
        durasi: fields.durasi,
        gunakanBatasWaktu: fields.durasi !== null,
        acakSoal: false,
        ditampilkan: true,
        tampilkanKunciJawaban: fields.tampilkanKunci ?? false,
        waktuTampilKunci: fields.tampilkanKunci ? fields.waktuSelesai : null,
        waktuMulai: fields.waktuMulai,
        waktuSelesai: fields.waktuSelesai,
        pesertaRemedial: fields.pesertaRemedial ?? [],
        isTampilkanNilai: fields.isTampilkanNilai ?? false,
        createdBy,
        createdAt: ctx.createdAt,
        updatedAt: ctx.createdAt,
      });
      const groupId = uid(`kelompok:${id}`);
      rows.examGroups.push({ id: groupId, collegeId, ujianId: id, urutan: 1, judul: '', aturan: 'semua' });
      const questionIds = demoQuestions.map((q, i) => {
        const questionId = uid(`soal:${id}:${i}`);
        rows.examQuestions.push({
          id: questionId,
          collegeId,
          ujianId: id,
          kelompokId: groupId,
          urutan: i + 1,
          jenis: q.isi.jenis,
          pertanyaan: q.pertanyaan,
          isi: q.isi,
          // The essay comes with a reading (soal_ujian) and the worked answer with the key (kunci_ujian).
          ...(q.isi.jenis === 'esay'
            ? {
                soalFiles: [demoExamFile(demoMaterialFiles.pdf, collegeId)],
                kunciFiles: [demoExamFile(demoMaterialFiles.docx, collegeId)],
              }
            : {}),
          createdAt: ctx.createdAt,
          updatedAt: ctx.createdAt,
        });
        return questionId;
      });
      const activityId = uid(`aktivitas:ujian:${id}`);
      rows.activities.push({
        id: activityId,
        collegeId,
        kind: 'ujian',
        contentId: id,
        kelasId,
        pertemuanId: meeting.id!,
        title: fields.judul,
        // The exam's jenis types it in the grade recap, as the exam area's sync writes it.
        subkind: fields.jenis,
        countsForAttendance: false,
        opensAt: fields.waktuMulai,
        closesAt: fields.waktuSelesai,
        dueAt: fields.waktuSelesai,
        createdAt: ctx.createdAt,
        updatedAt: ctx.createdAt,
      });
      return { id, groupId, questionIds, activityId };
    };

    // Finished, graded and published: every student attempted it.
    const finishedStart = new Date(Math.min(past.waktuMulai!.getTime(), now.getTime() - 2 * dayMs));
    const finished = addExam('kuis-selesai', past, {
      judul: `Kuis ${past.nomor}: Struktur Data Dasar`,
      jenis: 'kuis',
      waktuMulai: finishedStart,
      waktuSelesai: new Date(finishedStart.getTime() + 2 * hourMs),
      durasi: 30,
      isTampilkanNilai: true,
      tampilkanKunci: true,
    });
    const scores: Array<{ mahasiswaId: string; nilai: number }> = [];
    for (const mahasiswaId of studentsOf.get(kelasId) ?? []) {
      const attemptId = uid(`pengerjaan:${finished.id}:${mahasiswaId}`);
      const startedAt = new Date(finishedStart.getTime() + rng.int(0, 60) * 60_000);
      const submittedAt = new Date(startedAt.getTime() + rng.int(10, 29) * 60_000);
      const answers: AnswerValue[] = [
        { jenis: 'pilihan', pilihan: rng.int(0, 3) < 2 ? 1 : 0 },
        { jenis: 'benar_salah', benar_salah: rng.int(0, 3) > 0 },
        {
          jenis: 'esay',
          teks: 'Rekursif memanggil fungsi itu sendiri; iteratif memakai perulangan for atau while.',
        },
      ];
      const marks = answers.map((a, i) => autoMark(demoQuestions[i]!.isi, a) ?? rng.int(50, 95));
      const score = scoreAttempt(
        [
          {
            aturan: 'semua',
            jumlah_wajib_dijawab: null,
            questions: marks.map((mark) => ({ mark, answered: true })),
          },
        ],
        0,
      );
      const questionSet: QuestionSetGroup[] = [
        { id: finished.groupId, aturan: 'semua', jumlah_wajib_dijawab: null, soal: finished.questionIds },
      ];
      rows.examAttempts.push({
        id: attemptId,
        collegeId,
        ujianId: finished.id,
        mahasiswaId,
        status: 'selesai',
        startedAt,
        deadlineAt: new Date(startedAt.getTime() + 30 * 60_000),
        submittedAt,
        submittedBy: 'mahasiswa',
        questionSet,
        jumlahSoal: 3,
        penguranganNilai: 0,
        nilaiAkhir: score.nilai,
        sudahDinilai: true,
      });
      finished.questionIds.forEach((soalId, i) =>
        rows.examAnswers.push({
          collegeId,
          attemptId,
          soalId,
          jawaban: answers[i]!,
          urutan: 1,
          savedAt: submittedAt,
          nilai: marks[i]!,
          dinilaiOleh: i === 2 ? createdBy : null,
        }),
      );
      rows.activityFacts.push({
        collegeId,
        activityId: finished.activityId,
        mahasiswaId,
        completed: true,
        completedAt: submittedAt,
        timing: 'on_time',
        attemptedAt: startedAt,
        submittedAt,
        score: score.nilai,
        graded: true,
        published: true,
        updatedAt: submittedAt,
      });
      scores.push({ mahasiswaId, nilai: score.nilai });
    }
    // A remedial for the lowest scores, finished too, not attempted yet by anyone: Tidak Ada Pengerjaan.
    const lowest = scores
      .sort((a, b) => a.nilai - b.nilai)
      .slice(0, 3)
      .map((s) => nimOf.get(s.mahasiswaId)!)
      .filter(Boolean);
    addExam('remedial', past, {
      judul: `Remedial Kuis ${past.nomor}`,
      jenis: 'remedial',
      waktuMulai: new Date(finishedStart.getTime() + dayMs),
      waktuSelesai: new Date(finishedStart.getTime() + dayMs + 2 * hourMs),
      durasi: 30,
      ujianUtamaId: finished.id,
      pesertaRemedial: lowest,
    });

    // Open now for a week: the demo student can take it.
    addExam('kuis-berlangsung', open, {
      judul: `Kuis ${open.nomor}: Algoritma dan Kompleksitas`,
      jenis: 'kuis',
      waktuMulai: new Date(now.getTime() - hourMs),
      waktuSelesai: new Date(now.getTime() + 7 * dayMs),
      durasi: 30,
    });

    // A UTS in a week.
    const utsStart = new Date(now.getTime() + 7 * dayMs + 2 * hourMs);
    addExam('uts', open, {
      judul: 'Ujian Tengah Semester',
      jenis: 'uts',
      waktuMulai: utsStart,
      waktuSelesai: new Date(utsStart.getTime() + 2 * hourMs),
      durasi: 90,
    });
  }
}
