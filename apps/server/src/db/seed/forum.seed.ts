import type { DemoContext } from './demo-seed.context.ts';

const dayMs = 86_400_000;

/**
 * A forum open now in every current class, at the same meeting as its vidcon, with an opening post by
 * the main lecturer and answers by two students (their facts included, as the forum area records them).
 */
export function addDemoForums(ctx: DemoContext): void {
  const { rows, collegeId, uid, now } = ctx;
  const teacherOf = new Map<string, string>();
  for (const t of rows.classTeachers) if (t.isUtama) teacherOf.set(t.kelasId, t.dosenId);
  const studentsOf = new Map<string, string[]>();
  for (const s of rows.classStudents)
    studentsOf.set(s.kelasId, [...(studentsOf.get(s.kelasId) ?? []), s.mahasiswaId]);
  const waktuMulai = new Date(now.getTime() - 2 * dayMs);
  const waktuSelesai = new Date(now.getTime() + 5 * dayMs);
  for (const vidcon of rows.vidcons) {
    const { kelasId, pertemuanId } = vidcon;
    const id = uid(`forum:${pertemuanId}`);
    const judul = 'Diskusi Materi Pekan Ini';
    const lecturer = teacherOf.get(kelasId);
    rows.forums.push({
      id,
      collegeId,
      kelasId,
      pertemuanId,
      judul,
      deskripsi: '<p>Tuliskan satu hal yang paling sulit dari materi pekan ini dan tanggapi satu teman.</p>',
      waktuMulai,
      waktuSelesai,
      penilaianKeaktifan: true,
      minimalPost: 1,
      createdBy: lecturer ?? null,
      createdAt: waktuMulai,
      updatedAt: waktuMulai,
    });
    const activityId = uid(`aktivitas:forum:${id}`);
    rows.activities.push({
      id: activityId,
      collegeId,
      kind: 'forum',
      contentId: id,
      kelasId,
      pertemuanId,
      title: judul,
      countsForAttendance: true,
      opensAt: waktuMulai,
      closesAt: waktuSelesai,
      dueAt: waktuSelesai,
      createdAt: waktuMulai,
      updatedAt: waktuMulai,
    });
    if (!lecturer) continue;
    const opening = uid(`forum-post:${id}:0`);
    const at = (hours: number) => new Date(waktuMulai.getTime() + hours * 3_600_000);
    rows.forumPosts.push({
      id: opening,
      collegeId,
      forumId: id,
      parentId: null,
      authorId: lecturer,
      isi: '<p>Silakan mulai diskusi. Sebutkan contoh dari pengalaman Anda sendiri.</p>',
      createdAt: at(1),
      updatedAt: at(1),
    });
    for (const [i, student] of (studentsOf.get(kelasId) ?? []).slice(0, 2).entries()) {
      const postedAt = at(3 + i * 2);
      rows.forumPosts.push({
        id: uid(`forum-post:${id}:${i + 1}`),
        collegeId,
        forumId: id,
        parentId: opening,
        authorId: student,
        isi:
          i === 0
            ? '<p>Bagian yang paling sulit bagi saya adalah menentukan kunci yang tepat.</p>'
            : '<p>Saya setuju, contoh di modul membantu memahaminya.</p>',
        createdAt: postedAt,
        updatedAt: postedAt,
      });
      rows.forumJoins.push({
        collegeId,
        forumId: id,
        userId: student,
        role: 'mahasiswa',
        joinedAt: postedAt,
      });
      rows.activityFacts.push({
        collegeId,
        activityId,
        mahasiswaId: student,
        completed: true,
        completedAt: postedAt,
        timing: 'on_time',
        postCount: 1,
        score: 100,
        graded: true,
      });
    }
  }
}
