import type { DemoContext } from './demo-seed.context.ts';
import { dayMs } from './demo-seed.context.ts';

/** The demo SIAKAD's grade components of every current class (weights in percent). */
const components = [
  { key: 'tugas', jenis: 'tugas', label: 'Tugas', bobot: 25 },
  { key: 'partisipasi', jenis: 'partisipasi', label: 'Partisipasi', bobot: 15 },
  { key: 'uts', jenis: 'uts', label: 'UTS', bobot: 25 },
  { key: 'uas', jenis: 'uas', label: 'UAS', bobot: 35 },
  { key: 'kehadiran', jenis: 'kehadiran', label: 'Kehadiran', bobot: 0 },
] as const;

/**
 * The grade recap's demo (docs/api/grades-and-siakad.md): every current class has SIAKAD components,
 * an entry window open for lecturers (opened two days ago, for two weeks) and is unlocked, and the main
 * lecturer has chosen the class's forum (whose keaktifan scores the forum seed records as facts) for the
 * Partisipasi component. Tasks and exams join the recap when their areas land.
 */
export function addDemoGrades(ctx: DemoContext): void {
  const { rows, collegeId, uid, now, currentPeriod } = ctx;
  const current = new Set(rows.classes.filter((c) => c.periode === currentPeriod).map((c) => c.id));
  const teacherOf = new Map<string, string>();
  for (const t of rows.classTeachers) if (t.isUtama) teacherOf.set(t.kelasId, t.dosenId);
  for (const kelasId of current) {
    rows.siakadDemoClasses.push({
      collegeId,
      kelasId,
      windowStart: new Date(now.getTime() - 2 * dayMs),
      windowEnd: new Date(now.getTime() + 14 * dayMs),
      locked: false,
    });
    components.forEach((k, urutan) =>
      rows.siakadDemoComponents.push({
        id: uid(`siakad-komponen:${kelasId}:${k.key}`),
        collegeId,
        kelasId,
        jenis: k.jenis,
        label: k.label,
        bobot: k.bobot,
        urutan,
      }),
    );
  }
  const forumActivity = new Map<string, string>();
  for (const a of rows.activities) {
    if (a.kind === 'forum' && current.has(a.kelasId) && a.id) forumActivity.set(a.id, a.kelasId);
  }
  for (const [activityId, kelasId] of forumActivity) {
    const teacher = teacherOf.get(kelasId);
    if (!teacher) continue;
    rows.gradeComponentActivities.push({
      collegeId,
      kelasId,
      komponenId: uid(`siakad-komponen:${kelasId}:partisipasi`),
      activityId,
      updatedBy: teacher,
    });
  }
}
