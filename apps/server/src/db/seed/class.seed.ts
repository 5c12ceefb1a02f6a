import {
  type DemoContext,
  type Interval,
  cohortFor,
  minuteMs,
  minutesOf,
  overlaps,
  timeString,
} from './demo-seed.context.ts';
import { currentWeekIndex } from './demo-seed.context.ts';
import type { DemoAcademic } from './academic.seed.ts';
import { demoCourses, demoStudyPrograms, type DemoCourse } from './demo-university.data.ts';
import type { DemoPeople } from './identity.seed.ts';
import { addDemoMeetingsOfClass } from './meeting.seed.ts';

interface PlannedClass {
  course: DemoCourse;
  periode: number;
  nama: string;
  jenis: string;
  status: 'akan_dimulai' | 'berlangsung' | 'selesai';
  /** Week index (of the current period's calendar) of meeting 1. */
  firstWeek: number;
  /** Meets at the time the seed runs, so the demo always has a lecture in progress. */
  live?: boolean;
  evening?: boolean;
}

/**
 * The demo university's classes with their programs, weekly slot, teachers and students; each class's
 * meetings are added right after it (the random stream is shared, so the order is part of the data).
 */
export function addDemoClasses(ctx: DemoContext, people: DemoPeople, academic: DemoAcademic): void {
  const { rng, collegeId, createdAt, rows, uid, prodiId, currentPeriod, previousPeriod } = ctx;
  const { nowLocal, todayLocal, weekday } = ctx.calendar;
  const { lecturersByProdi, demoLecturerId, studentsByProdi, studentById, demoStudentId, onLeaveStudentId } =
    people;
  const { campusId, roomList, sessionList, coordinatorOf } = academic;

  // Which classes exist: odd-semester courses now (Ganjil), even-semester ones in the previous period.
  const notOffered = new Set(['SI3102', 'TE3101', 'AK3101', 'MN3101']);
  const startingLate = new Set(['IF1105', 'MI1102']);
  const liveCourses = new Set(['IF2102', 'SI2101']);
  const planned: PlannedClass[] = [];
  for (const course of demoCourses) {
    if (course.semester % 2 === 1 && !notOffered.has(course.kode)) {
      const late = startingLate.has(course.kode);
      planned.push({
        course,
        periode: currentPeriod,
        nama: '01',
        jenis: 'Reguler',
        status: late ? 'akan_dimulai' : 'berlangsung',
        firstWeek: late ? currentWeekIndex + 1 : 0,
        live: liveCourses.has(course.kode),
      });
      if (course.kode === 'IF2101') {
        planned.push({
          course,
          periode: currentPeriod,
          nama: 'K1',
          jenis: 'Karyawan',
          status: 'berlangsung',
          firstWeek: 0,
          evening: true,
        });
      }
    } else if (course.semester % 2 === 0) {
      planned.push({
        course,
        periode: previousPeriod,
        nama: '01',
        jenis: 'Reguler',
        status: 'selesai',
        firstWeek: -28,
      });
    }
  }
  // Live classes take their slot first; then the demo student's classes, so theirs never clash.
  const demoStudentCourses = new Set(['IF2102', 'IF2103', 'IF3101', 'IF3102', 'IF3103', 'SI2102', 'IF1104']);
  const priority = (c: PlannedClass) => (c.live ? 0 : demoStudentCourses.has(c.course.kode) ? 1 : 2);
  planned.sort((a, b) => priority(a) - priority(b));

  const busy = new Map<string, Interval[]>();
  const markBusy = (key: string, slot: Interval) => busy.set(key, [...(busy.get(key) ?? []), slot]);
  const nowMinutes = Math.floor((nowLocal - todayLocal) / minuteMs);
  let prodiRotation = 0;

  for (const [classIndex, plan] of planned.entries()) {
    const { course } = plan;
    const kelasId = `${plan.periode}_${plan.nama}_${course.kode}`;
    const program = demoStudyPrograms.find((p) => p.key === course.prodi)!;
    const classProdis = [course.prodi, ...(course.prodiLain ?? [])];
    const mode = course.mode ?? 'offline';
    const current = plan.periode === currentPeriod;

    // Teachers: one main teacher, sometimes a second lecturer and an assistant.
    const pool = lecturersByProdi.get(course.prodi)!.filter((id) => id !== demoLecturerId);
    const demoTeaches =
      (plan.periode === currentPeriod && ['IF2102', 'IF3103', 'IF2101'].includes(course.kode)) ||
      (plan.periode === previousPeriod && course.kode === 'IF1203');
    const teacherIds: string[] = [];
    if (demoTeaches && plan.nama !== 'K1') teacherIds.push(demoLecturerId);
    else if (rng.chance(0.6)) teacherIds.push(coordinatorOf.get(course.kode)!);
    else teacherIds.push(pool[prodiRotation++ % pool.length]!);
    if (plan.nama === 'K1') teacherIds.push(demoLecturerId);
    else if (rng.chance(0.4)) {
      const second = pool.find((id) => !teacherIds.includes(id) && rng.chance(0.5));
      if (second) teacherIds.push(second);
    }
    const assistant = rng.chance(0.15) ? pool.find((id) => !teacherIds.includes(id)) : undefined;

    // Students: active students of the class's programs, the matching cohort first.
    const cohort = cohortFor(plan.periode, course.semester);
    const candidates = classProdis
      .flatMap((key) => studentsByProdi.get(key)!)
      .filter((s) => s.active && s.angkatan <= Math.floor(plan.periode / 10) && s.id !== demoStudentId);
    const ordered = [
      ...rng.shuffle(candidates.filter((s) => s.angkatan === cohort)),
      ...rng.shuffle(candidates.filter((s) => s.angkatan !== cohort)),
    ];
    const kapasitas = rng.pick([40, 45, 50]);
    const enrolled: string[] = [];
    if (current && demoStudentCourses.has(course.kode) && plan.nama === '01') enrolled.push(demoStudentId);
    if (!current && course.kode === 'IF1203') enrolled.push(demoStudentId, onLeaveStudentId);
    const target = Math.min(rng.int(20, 45), kapasitas);
    for (const s of ordered) {
      if (enrolled.length >= target) break;
      enrolled.push(s.id);
    }
    const ketua =
      course.kode === 'IF2102' && current
        ? studentById.get(demoStudentId)!.nim
        : studentById.get(enrolled[rng.int(0, enrolled.length - 1)]!)!.nim;

    // Weekly slot: free for every teacher, the room and (for the demo student's classes) the student.
    const duration = course.sks * 50;
    const watchers = [...teacherIds, ...(assistant ? [assistant] : [])];
    if (enrolled.includes(demoStudentId) && current) watchers.push('student:demo');
    const kampus = program.kampus;
    // Lab courses prefer the lab of their field, other courses a lecture room.
    const roomFit = (r: (typeof roomList)[number]) =>
      Boolean(r.lab) !== Boolean(course.lab)
        ? 0
        : !course.lab || r.nama.includes(course.prodi === 'TE' ? 'Elektronika' : 'Komputer')
          ? 2
          : 1;
    const roomChoices =
      mode === 'online'
        ? [undefined]
        : roomList
            .filter((r) => r.kampus === kampus && r.kapasitas >= enrolled.length && r.nama !== 'Aula Utama')
            .sort((a, b) => roomFit(b) - roomFit(a));
    const calendarKey = current ? 'now' : 'previous';
    let chosen: { slot: Interval; roomId: string | undefined; sesiId: string | undefined } | undefined;
    if (plan.live) {
      // A window around the hour the seed runs, on today's weekday.
      const hour = Math.floor(nowMinutes / 60);
      const from = Math.max(0, hour - 1) * 60;
      const slot = { hari: weekday, from, to: Math.min(from + duration, 24 * 60 - 1) };
      const room = roomChoices.find((r) => !r || !overlaps(busy.get(`${calendarKey}:${r.id}`), slot));
      chosen = { slot, roomId: room?.id, sesiId: undefined };
    } else {
      const days = plan.evening ? [1, 2, 3, 4, 5] : [1, 2, 3, 4, 5, 6];
      const sessions = plan.evening ? sessionList.slice(4) : sessionList.slice(0, 4);
      const slots = rng.shuffle(days.flatMap((hari) => sessions.map((s) => ({ hari, s }))));
      // Saturdays last: most classes meet on weekdays.
      slots.sort((a, b) => Number(a.hari === 6) - Number(b.hari === 6));
      search: for (const { hari, s } of slots) {
        const from = minutesOf(s.jamMulai);
        const slot = { hari, from, to: from + duration };
        if (watchers.some((w) => overlaps(busy.get(`${calendarKey}:${w}`), slot))) continue;
        for (const room of roomChoices) {
          if (room && overlaps(busy.get(`${calendarKey}:${room.id}`), slot)) continue;
          chosen = { slot, roomId: room?.id, sesiId: s.id };
          break search;
        }
      }
    }
    if (!chosen) throw new Error(`demo seed: no free slot for ${kelasId}`);
    for (const w of watchers) markBusy(`${calendarKey}:${w}`, chosen.slot);
    if (chosen.roomId) markBusy(`${calendarKey}:${chosen.roomId}`, chosen.slot);

    rows.classes.push({
      id: kelasId,
      collegeId,
      periode: plan.periode,
      mataKuliahId: course.kode,
      nama: plan.nama,
      jenis: plan.jenis,
      status: plan.status,
      modeKuliah: mode,
      lingkup: classProdis.length > 2 ? 'Universitas' : classProdis.length > 1 ? 'Fakultas' : 'Prodi',
      metodePengajaran: teacherIds.length > 1 ? 'Team Teaching' : 'Individu',
      kapasitas,
      kampusId: campusId[kampus],
      bannerColorIdx: classIndex % 7,
      ketuaKelasNim: ketua,
      createdAt,
      updatedAt: createdAt,
    });
    for (const key of classProdis)
      rows.classStudyPrograms.push({ kelasId, prodiId: prodiId(key), collegeId });
    rows.classSchedules.push({
      id: uid(`jadwal:${kelasId}`),
      collegeId,
      kelasId,
      hari: chosen.slot.hari,
      jamMulai: timeString(chosen.slot.from),
      jamSelesai: timeString(chosen.slot.to),
      ruanganId: chosen.roomId ?? null,
      sesiId: chosen.sesiId ?? null,
    });
    const teacherRows = [
      ...teacherIds.map((dosenId, i) => ({
        dosenId,
        peran: (i === 0 && coordinatorOf.get(course.kode) === dosenId ? 'koordinator' : 'dosen') as
          'koordinator' | 'dosen',
        isUtama: i === 0,
      })),
      ...(assistant ? [{ dosenId: assistant, peran: 'asisten' as const, isUtama: false }] : []),
    ];
    for (const [i, t] of teacherRows.entries()) {
      rows.classTeachers.push({ kelasId, collegeId, urutan: i + 1, ...t });
    }
    for (const mahasiswaId of enrolled)
      rows.classStudents.push({ kelasId, mahasiswaId, collegeId, createdAt });

    addDemoMeetingsOfClass(ctx, academic, {
      kelasId,
      course,
      mode,
      firstWeek: plan.firstWeek,
      slot: chosen.slot,
      roomId: chosen.roomId,
      sesiId: chosen.sesiId,
      teacherIds: teacherRows.map((t) => t.dosenId),
    });
  }
}
