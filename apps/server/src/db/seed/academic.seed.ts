import { formatPeriodLabel } from '@lms/contract/period.rules';
import { type DemoContext, dayMs, localDateString, weekMs } from './demo-seed.context.ts';
import {
  demoCampuses,
  demoCourses,
  demoRooms,
  demoSessions,
  genericTopics,
  type DemoCourse,
} from './demo-university.data.ts';
import type { DemoPeople } from './identity.seed.ts';

/** Campuses, rooms, sessions and courses that the class and meeting seeds place things in. */
export interface DemoAcademic {
  campusId: { dago: string; sukarno: string };
  roomList: Array<(typeof demoRooms)[number] & { id: string }>;
  sessionList: Array<(typeof demoSessions)[number] & { id: string }>;
  coordinatorOf: Map<string, string>;
  /** The title of meeting `nomor` of a course (Indonesian, English or null). */
  judulOf(course: DemoCourse, nomor: number): [string, string | null];
}

/** Periods, campuses, rooms, sessions and courses with their coordinator, syllabus and plans. */
export function addDemoAcademic(ctx: DemoContext, people: DemoPeople): DemoAcademic {
  const { rng, collegeId, createdAt, rows, uid, prodiId, currentPeriod, previousPeriod } = ctx;
  const { week0 } = ctx.calendar;
  const { lecturersByProdi, demoLecturerId } = people;

  // Periods: the dates follow `now`, so the current period always holds the day the seed runs.
  rows.periods.push(
    {
      collegeId,
      kode: previousPeriod,
      label: formatPeriodLabel(previousPeriod),
      tanggalMulai: localDateString(week0 - 28 * weekMs),
      tanggalSelesai: localDateString(week0 - 8 * dayMs),
      isCurrent: false,
    },
    {
      collegeId,
      kode: currentPeriod,
      label: formatPeriodLabel(currentPeriod),
      tanggalMulai: localDateString(week0 - weekMs),
      tanggalSelesai: localDateString(week0 + 25 * weekMs),
      isCurrent: true,
    },
  );

  // Places and sessions.
  const campusId = { dago: uid('campus:dago'), sukarno: uid('campus:sukarno') };
  for (const key of ['dago', 'sukarno'] as const) {
    rows.campuses.push({ id: campusId[key], collegeId, ...demoCampuses[key] });
  }
  const roomList = demoRooms.map((r) => ({ ...r, id: uid(`room:${r.nama}`) }));
  for (const r of roomList) {
    rows.rooms.push({
      id: r.id,
      collegeId,
      kampusId: campusId[r.kampus],
      nama: r.nama,
      kapasitas: r.kapasitas,
    });
  }
  const sessionList = demoSessions.map((s) => ({ ...s, id: uid(`session:${s.nama}`) }));
  for (const s of sessionList) rows.lectureSessions.push({ collegeId, ...s });

  // Courses with their coordinator, RPS developer, syllabus, learning and evaluation plans.
  const coordinatorOf = new Map<string, string>();
  const judulOf = (course: DemoCourse, nomor: number): [string, string | null] => {
    if (nomor === 1) return ['Pendahuluan dan Kontrak Perkuliahan', 'Introduction and Course Contract'];
    if (nomor === 8) return ['Ujian Tengah Semester', 'Midterm Examination'];
    if (nomor === 16) return ['Ujian Akhir Semester', 'Final Examination'];
    const index = nomor < 8 ? nomor - 2 : nomor - 3;
    const own = course.topik[index];
    return own ? [own, null] : genericTopics[index]!;
  };
  for (const [i, course] of demoCourses.entries()) {
    const pool = lecturersByProdi.get(course.prodi)!;
    // The demo lecturer coordinates exactly one course, Basis Data.
    const others = pool.filter((id) => id !== demoLecturerId);
    const coordinator = course.kode === 'IF2102' ? demoLecturerId : others[i % others.length]!;
    const rpsDeveloper = rng.chance(0.7) ? coordinator : others[(i + 1) % others.length]!;
    coordinatorOf.set(course.kode, coordinator);
    const firstTopics = course.topik.slice(0, 4).map((t) => t.toLowerCase());
    rows.courses.push({
      id: course.kode,
      collegeId,
      kode: course.kode,
      nama: course.nama,
      namaInggris: course.namaInggris,
      sks: course.sks,
      semester: course.semester,
      prodiId: prodiId(course.prodi),
      koordinatorDosenId: coordinator,
      pengembangRpsDosenId: course.kode === 'IF2102' ? demoLecturerId : rpsDeveloper,
      silabusTeks:
        `Mata kuliah ${course.nama} (${course.sks} SKS) ` +
        (firstTopics.length ? `membahas ${firstTopics.join(', ')}, dan topik terkait. ` : '') +
        `Setelah mengikuti mata kuliah ini mahasiswa mampu menerapkan konsep ${course.nama.toLowerCase()} ` +
        'untuk menyelesaikan permasalahan nyata secara mandiri maupun dalam tim.',
      updatedAt: createdAt,
    });
    for (let nomor = 1; nomor <= 16; nomor++) {
      const [materi, materiInggris] = judulOf(course, nomor);
      rows.courseLearningPlans.push({
        id: uid(`rps:${course.kode}:${nomor}`),
        collegeId,
        mataKuliahId: course.kode,
        pertemuan: nomor,
        materi,
        materiInggris,
      });
    }
    const weights: Array<[string, string, number]> = course.lab
      ? [
          ['kehadiran', 'Kehadiran', 10],
          ['tugas', 'Tugas', 15],
          ['praktikum', 'Praktikum', 20],
          ['uts', 'Ujian Tengah Semester', 25],
          ['uas', 'Ujian Akhir Semester', 30],
        ]
      : [
          ['kehadiran', 'Kehadiran', 10],
          ['tugas', 'Tugas', 20],
          ['kuis', 'Kuis', 10],
          ['uts', 'Ujian Tengah Semester', 25],
          ['uas', 'Ujian Akhir Semester', 35],
        ];
    for (const [komponenId, komponenNama, bobot] of weights) {
      rows.courseEvaluationPlans.push({
        id: uid(`evaluasi:${course.kode}:${komponenId}`),
        collegeId,
        mataKuliahId: course.kode,
        komponenId,
        komponenNama,
        bobot,
      });
    }
  }

  return { campusId, roomList, sessionList, coordinatorOf, judulOf };
}
