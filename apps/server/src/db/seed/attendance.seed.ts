import { countsForAttendance } from '@lms/contract/activity.rules';
import type { AttendanceMark } from '@lms/contract/attendance.rules';
import type { AttendanceParameters } from '@lms/contract/meeting.rules';
import type { DemoContext } from './demo-seed.context.ts';
import { SeededRandom } from './seeded-random.ts';

const minute = 60_000;

/**
 * Attendance of the meetings of current classes that have started. Where attendance is computed (a
 * required activity counts), students downloaded or opened most required materials on time (facts as
 * the material area records them); lectures that ended without anything to compute carry their main
 * lecturer's marks. Then every started meeting's progress, as the activity module computes it (the
 * contract's countsForAttendance). Its own random stream, so the areas before it keep their data. The
 * `mahasiswa` account does every material and misses one marked lecture per class, so it meets the
 * default 75 % exam minimum but not 100 %.
 */
export function addDemoAttendance(ctx: DemoContext): void {
  const { rows, collegeId, now } = ctx;
  const rng = new SeededRandom(4242);
  const current = new Set(rows.classes.filter((c) => c.periode === ctx.currentPeriod).map((c) => c.id!));
  const demoStudent = rows.users.find((u) => u.username === 'mahasiswa')?.id;
  const studentsOf = new Map<string, string[]>();
  for (const s of rows.classStudents)
    studentsOf.set(s.kelasId, [...(studentsOf.get(s.kelasId) ?? []), s.mahasiswaId]);
  const mainTeacher = new Map<string, string>();
  for (const t of rows.classTeachers) if (t.isUtama) mainTeacher.set(t.kelasId, t.dosenId);
  const materialById = new Map(rows.materials.map((m) => [m.id!, m] as const));
  const started = rows.meetings
    .filter((m) => current.has(m.kelasId) && m.waktuMulai!.getTime() <= now.getTime())
    .sort((a, b) => a.nomor - b.nomor);

  const countingOf = new Map<string, (typeof rows.activities)[number][]>();
  const meetingOfActivity = new Map<string, string>();
  for (const meeting of started) {
    const parameters = meeting.parameterKehadiran as AttendanceParameters;
    const counting = rows.activities.filter(
      (a) =>
        a.pertemuanId === meeting.id &&
        countsForAttendance(
          { kind: a.kind, countsForAttendance: a.countsForAttendance ?? false },
          parameters,
        ),
    );
    countingOf.set(meeting.id!, counting);
    for (const a of counting) meetingOfActivity.set(a.id!, meeting.id!);
  }

  const demoMissed = new Set<string>();
  for (const meeting of started) {
    const students = studentsOf.get(meeting.kelasId) ?? [];
    const counting = countingOf.get(meeting.id!) ?? [];
    if (counting.length === 0) {
      const teacher = mainTeacher.get(meeting.kelasId);
      if (meeting.kategori !== 'kuliah' || !teacher || meeting.waktuSelesai!.getTime() > now.getTime())
        continue;
      const markedAt = new Date(meeting.waktuSelesai!.getTime() + 10 * minute);
      for (const student of students) {
        const roll = rng.next();
        let presensi: AttendanceMark = roll < 0.86 ? 'H' : roll < 0.93 ? 'A' : roll < 0.97 ? 'I' : 'S';
        if (student === demoStudent) {
          presensi = demoMissed.has(meeting.kelasId) ? 'H' : 'A';
          demoMissed.add(meeting.kelasId);
        }
        rows.studentAttendance.push({
          collegeId,
          pertemuanId: meeting.id!,
          mahasiswaId: student,
          presensi,
          source: 'manual',
          updatedBy: teacher,
          updatedAt: markedAt,
        });
      }
      continue;
    }
    for (const activity of counting) {
      if (activity.kind !== 'materi') continue;
      const tipe = materialById.get(activity.contentId)?.tipeFile;
      const opens = Math.max(activity.opensAt?.getTime() ?? 0, meeting.waktuMulai!.getTime());
      for (const student of students) {
        if (student !== demoStudent && !rng.chance(0.8)) continue;
        const at = new Date(opens + rng.int(5, 90) * minute);
        if (at.getTime() > now.getTime()) continue;
        rows.activityFacts.push({
          collegeId,
          activityId: activity.id!,
          mahasiswaId: student,
          completed: true,
          completedAt: at,
          timing: 'on_time',
          downloadedAt: tipe === 'archive' ? at : null,
          openedAt: tipe === 'url' || tipe === 'ebook' ? at : null,
          watchedPercent: tipe === 'video' || tipe === 'audio' ? rng.int(55, 100) : null,
          readSeconds: tipe === 'ebook' ? rng.int(60, 600) : null,
          updatedAt: at,
        });
      }
    }
  }

  // The teachers of every ended meeting recorded their lecture; most were validated by an operator.
  const coordinators = new Set(
    rows.classTeachers.filter((t) => t.peran === 'koordinator').map((t) => `${t.kelasId}:${t.dosenId}`),
  );
  const meetingById = new Map(started.map((m) => [m.id!, m] as const));
  for (const mt of rows.meetingTeachers) {
    const meeting = meetingById.get(mt.pertemuanId);
    if (!meeting || mt.isPengajar === false || meeting.waktuSelesai!.getTime() > now.getTime()) continue;
    if (coordinators.has(`${meeting.kelasId}:${mt.dosenId}`)) continue;
    const hadir = rng.chance(0.95);
    rows.lecturerAttendance.push({
      collegeId,
      pertemuanId: meeting.id!,
      dosenId: mt.dosenId,
      isHadir: hadir,
      mulaiKuliah: hadir ? (meeting.mulaiKuliah ?? meeting.waktuMulai!) : null,
      selesaiKuliah: hadir ? (meeting.selesaiKuliah ?? meeting.waktuSelesai!) : null,
      isValid: rng.chance(0.8),
      updatedBy: mt.dosenId,
      updatedAt: meeting.waktuSelesai!,
    });
  }

  // On-time completions of counting activities (the forums' facts included), per meeting and student.
  const completed = new Map<string, number>();
  for (const fact of rows.activityFacts) {
    const meetingId = meetingOfActivity.get(fact.activityId);
    if (!meetingId || fact.timing !== 'on_time') continue;
    const key = `${meetingId}:${fact.mahasiswaId}`;
    completed.set(key, (completed.get(key) ?? 0) + 1);
  }
  for (const meeting of started) {
    const required = countingOf.get(meeting.id!)?.length ?? 0;
    for (const student of studentsOf.get(meeting.kelasId) ?? []) {
      rows.attendanceProgress.push({
        collegeId,
        pertemuanId: meeting.id!,
        mahasiswaId: student,
        completed: Math.min(completed.get(`${meeting.id}:${student}`) ?? 0, required),
        required,
        computedAt: now,
      });
    }
  }
}
