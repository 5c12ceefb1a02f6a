import { attendanceRequirementAllowed } from '@lms/contract/material.rules';
import { formRandomGroups } from '@lms/contract/task-group.rules';
import type { TaskType } from '@lms/contract/task.rules';
import type { DemoContext } from './demo-seed.context.ts';
import { SeededRandom } from './seeded-random.ts';

const dayMs = 86_400_000;

interface DemoTask {
  key: string;
  judul: string;
  deskripsi: string;
  jenis: TaskType;
  /** Days from now. */
  start: number;
  end: number;
  terimaTerlambat: boolean;
  /** Which students (or groups) hand in, and whether the lecturer graded and published. */
  handIns: 'most' | 'first' | 'none';
  graded: boolean;
  published: boolean;
}

/**
 * Every state of a task in each current class (issue 11): graded and published (one hand-in late), open
 * with a group's hand-in waiting for a grade, open without hand-ins, and not started. The class's
 * students are formed into groups of four, the first of each its leader.
 */
const demoTasks: DemoTask[] = [
  {
    key: 'ringkasan',
    judul: 'Tugas 1: Ringkasan Materi',
    deskripsi: '<p>Buat ringkasan materi pertemuan sebelumnya (maksimal dua halaman) dalam format PDF.</p>',
    jenis: 'individu',
    start: -14,
    end: -7,
    terimaTerlambat: true,
    handIns: 'most',
    graded: true,
    published: true,
  },
  {
    key: 'studi-kasus',
    judul: 'Tugas 2: Studi Kasus Kelompok',
    deskripsi:
      '<p>Analisis studi kasus pada modul bersama kelompok Anda. Cukup satu anggota yang mengumpulkan.</p>',
    jenis: 'kelompok',
    start: -2,
    end: 5,
    terimaTerlambat: false,
    handIns: 'first',
    graded: false,
    published: false,
  },
  {
    key: 'latihan',
    judul: 'Tugas 3: Latihan Soal',
    deskripsi: '<p>Kerjakan latihan soal nomor 1 sampai 10 pada buku ajar.</p>',
    jenis: 'individu',
    start: -1,
    end: 6,
    terimaTerlambat: false,
    handIns: 'none',
    graded: false,
    published: false,
  },
  {
    key: 'proyek',
    judul: 'Tugas 4: Proposal Proyek Akhir',
    deskripsi: '<p>Susun proposal proyek akhir kelompok: latar belakang, tujuan, dan jadwal.</p>',
    jenis: 'kelompok',
    start: 7,
    end: 14,
    terimaTerlambat: false,
    handIns: 'none',
    graded: false,
    published: false,
  },
];

/** Adds the demo's groups, tasks, hand-ins and their facts to every current class. */
export function addDemoTasks(ctx: DemoContext): void {
  const { rows, collegeId, uid, now } = ctx;
  // A stream of its own: the areas after this one keep the data they had before tasks existed.
  const rng = new SeededRandom(11);
  const current = new Set(rows.classes.filter((c) => c.periode === ctx.currentPeriod).map((c) => c.id!));
  const teacherOf = new Map<string, string>();
  for (const t of rows.classTeachers) if (t.isUtama) teacherOf.set(t.kelasId, t.dosenId);
  const studentsOf = new Map<string, string[]>();
  for (const s of rows.classStudents) {
    if (current.has(s.kelasId))
      studentsOf.set(s.kelasId, [...(studentsOf.get(s.kelasId) ?? []), s.mahasiswaId]);
  }
  // The meeting that holds a class's tasks: its latest meeting that has started (the first otherwise).
  const meetingOf = new Map<string, (typeof rows.meetings)[number]>();
  for (const meeting of [...rows.meetings].sort((a, b) => a.nomor - b.nomor)) {
    if (!current.has(meeting.kelasId)) continue;
    if (!meetingOf.has(meeting.kelasId) || meeting.waktuMulai! <= now)
      meetingOf.set(meeting.kelasId, meeting);
  }
  const at = (days: number) => new Date(now.getTime() + days * dayMs);

  for (const [kelasId, meeting] of meetingOf) {
    const students = studentsOf.get(kelasId) ?? [];
    const lecturer = teacherOf.get(kelasId) ?? null;
    // Groups of four for the whole class, dealt by the seeded stream.
    const groups = formRandomGroups(students, 4, () => rng.next()).map((g, i) => ({
      id: uid(`kelompok:${kelasId}:${i}`),
      ...g,
    }));
    groups.forEach((group, position) => {
      rows.taskGroups.push({
        id: group.id,
        collegeId,
        kelasId,
        nama: group.nama,
        position,
        createdAt: ctx.createdAt,
      });
      group.anggota.forEach((mahasiswaId, i) =>
        rows.taskGroupMembers.push({
          collegeId,
          kelasId,
          kelompokId: group.id,
          mahasiswaId,
          jabatan: i === 0 ? 'ketua' : 'anggota',
          position: i,
        }),
      );
    });

    for (const task of demoTasks) {
      const id = uid(`tugas:${kelasId}:${task.key}`);
      const waktuMulai = at(task.start);
      const waktuSelesai = at(task.end);
      rows.tasks.push({
        id,
        collegeId,
        kelasId,
        pertemuanId: meeting.id!,
        judul: task.judul,
        deskripsi: task.deskripsi,
        jenis: task.jenis,
        waktuMulai,
        waktuSelesai,
        tipeFileJawaban: ['pdf', 'docx', 'png', 'jpg'],
        terimaTerlambat: task.terimaTerlambat,
        nilaiDipublikasikan: task.published,
        createdBy: lecturer,
        createdAt: waktuMulai,
        updatedAt: waktuMulai,
      });
      const activityId = uid(`aktivitas:tugas:${id}`);
      rows.activities.push({
        id: activityId,
        collegeId,
        kind: 'tugas',
        contentId: id,
        kelasId,
        pertemuanId: meeting.id!,
        title: task.judul,
        countsForAttendance: attendanceRequirementAllowed(meeting.jenis ?? 'online'),
        opensAt: waktuMulai,
        closesAt: task.terimaTerlambat ? null : waktuSelesai,
        dueAt: waktuSelesai,
        createdAt: waktuMulai,
        updatedAt: waktuMulai,
      });
      // Who hands in: each student (individu) or each group (kelompok), by the task's plan.
      const owners =
        task.jenis === 'individu'
          ? students.map((s) => ({ by: s, kelompokId: null as string | null, members: [s] }))
          : groups.map((g) => ({ by: g.anggota[0]!, kelompokId: g.id as string | null, members: g.anggota }));
      const handing =
        task.handIns === 'none' ? [] : task.handIns === 'first' ? owners.slice(0, 1) : owners.slice(0, -1);
      handing.forEach((owner, i) => {
        // The last of "most" hands in a day late (the task accepts it and marks it).
        const late = task.terimaTerlambat && i === handing.length - 1;
        const submittedAt = late
          ? at(task.end + 1)
          : new Date(waktuMulai.getTime() + (i % 5) * 3_600_000 + dayMs);
        const score = task.graded ? 70 + Math.floor(rng.next() * 29) : null;
        rows.taskSubmissions.push({
          id: uid(`pengumpulan:${id}:${owner.kelompokId ?? owner.by}`),
          collegeId,
          tugasId: id,
          mahasiswaId: owner.by,
          kelompokId: owner.kelompokId,
          teks: '<p>Jawaban terlampir pada uraian berikut. Terima kasih.</p>',
          submittedAt,
          terlambat: late,
          nilai: score,
          feedback: score === null ? null : score >= 85 ? 'Sangat baik.' : 'Baik, perdalam analisisnya.',
          gradedAt: score === null ? null : at(task.end + 2),
          gradedBy: score === null ? null : lecturer,
          createdAt: submittedAt,
        });
        for (const mahasiswaId of owner.members) {
          rows.activityFacts.push({
            collegeId,
            activityId,
            mahasiswaId,
            completed: true,
            completedAt: submittedAt,
            timing: late ? 'late' : 'on_time',
            submittedAt,
            score,
            graded: score !== null,
            published: task.published,
          });
        }
      });
    }
  }
}
