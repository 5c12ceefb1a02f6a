import { hash } from '@node-rs/argon2';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { OperatorPermissions } from '@lms/contract/permission.rules';
import { formatPeriodLabel } from '@lms/contract/period.rules';
import type { Db } from '../database.ts';
import {
  campuses,
  courseEvaluationPlans,
  courseLearningPlans,
  courses,
  lectureSessions,
  periods,
  rooms,
} from '../schema/academic.schema.ts';
import { announcements, newsArticles } from '../schema/announcement.schema.ts';
import {
  classSchedules,
  classStudents,
  classStudyPrograms,
  classTeachers,
  classes,
} from '../schema/class.schema.ts';
import { colleges } from '../schema/college.schema.ts';
import { helpArticles } from '../schema/help.schema.ts';
import { lecturers, students, users } from '../schema/identity.schema.ts';
import { meetingTeachers, meetings, type AttendanceParameters } from '../schema/meeting.schema.ts';
import { studyPrograms } from '../schema/study-program.schema.ts';
import {
  demoCampuses,
  demoCourses,
  demoRooms,
  demoSessions,
  demoStudyPrograms,
  femaleFirstNames,
  genericTopics,
  lastNames,
  lecturerRanks,
  lecturerTitles,
  maleFirstNames,
  middleNames,
  teachingMethods,
  type DemoCourse,
} from './demo-university.data.ts';
import { demoHelpArticles } from './demo-help.data.ts';
import { seedAccessRestrictionDemo } from './access-restriction.seed.ts';
import { SeededRandom, createStableUuid } from './seeded-random.ts';

export const demoCollegeId = 'demo';
export const demoPassword = 'demo12345';
export const currentPeriod = 20261;
export const previousPeriod = 20252;

/** Hours the college's zone (Asia/Jakarta, WIB) is ahead of UTC; WIB has no daylight saving. */
const zoneOffsetMs = 7 * 3_600_000;
const minuteMs = 60_000;
const dayMs = 86_400_000;
const weekMs = 7 * dayMs;
/** The week of the current period that holds `now` (0-based): meetings 1–6 lie before it. */
const currentWeekIndex = 6;

const allWrite: OperatorPermissions = {
  data_master: 'write',
  kelas_kuliah: 'write',
  bank_soal: 'write',
  data_sistem: 'write',
  konfigurasi: 'write',
  pengumuman: 'write',
  bantuan: 'read',
  laporan: 'write',
};
const allRead: OperatorPermissions = Object.fromEntries(
  Object.keys(allWrite).map((area) => [area, 'read']),
) as OperatorPermissions;

type Row<T extends PgTable> = T['$inferInsert'];

/** Every row of the demo university, table by table, in insertion order. */
export interface DemoUniversityRows {
  colleges: Row<typeof colleges>[];
  studyPrograms: Row<typeof studyPrograms>[];
  users: Row<typeof users>[];
  students: Row<typeof students>[];
  lecturers: Row<typeof lecturers>[];
  periods: Row<typeof periods>[];
  campuses: Row<typeof campuses>[];
  rooms: Row<typeof rooms>[];
  lectureSessions: Row<typeof lectureSessions>[];
  courses: Row<typeof courses>[];
  courseLearningPlans: Row<typeof courseLearningPlans>[];
  courseEvaluationPlans: Row<typeof courseEvaluationPlans>[];
  classes: Row<typeof classes>[];
  classStudyPrograms: Row<typeof classStudyPrograms>[];
  classSchedules: Row<typeof classSchedules>[];
  classTeachers: Row<typeof classTeachers>[];
  classStudents: Row<typeof classStudents>[];
  meetings: Row<typeof meetings>[];
  meetingTeachers: Row<typeof meetingTeachers>[];
  announcements: Row<typeof announcements>[];
  newsArticles: Row<typeof newsArticles>[];
  helpArticles: Row<typeof helpArticles>[];
}

const tableOf: { [K in keyof DemoUniversityRows]: PgTable } = {
  colleges,
  studyPrograms,
  users,
  students,
  lecturers,
  periods,
  campuses,
  rooms,
  lectureSessions,
  courses,
  courseLearningPlans,
  courseEvaluationPlans,
  classes,
  classStudyPrograms,
  classSchedules,
  classTeachers,
  classStudents,
  meetings,
  meetingTeachers,
  announcements,
  newsArticles,
  helpArticles,
};

/**
 * The demo password hashed once with a fixed salt: argon2 is slow on purpose, and a fixed salt keeps
 * the seed byte-for-byte repeatable. Only for the public demo password.
 */
export async function hashDemoPassword(): Promise<string> {
  return hash(demoPassword, { salt: new TextEncoder().encode('lms-demo-salt-01') });
}

/** Loads the deterministic demo university: the same rows for the same `now` (default: the current time). */
export async function seedDemoUniversity(db: Db, options: { now?: Date } = {}): Promise<void> {
  const rows = buildDemoUniversity(options.now ?? new Date(), await hashDemoPassword());
  await db.transaction(async (tx) => {
    for (const key of Object.keys(tableOf) as (keyof DemoUniversityRows)[]) {
      const list = rows[key] as Record<string, unknown>[];
      // Multi-row inserts in chunks well under PostgreSQL's 65,535 parameters per statement.
      for (let i = 0; i < list.length; i += 1000) {
        await tx.insert(tableOf[key]).values(list.slice(i, i + 1000) as never);
      }
    }
    await seedAccessRestrictionDemo(tx as unknown as Db, {
      collegeId: demoCollegeId,
      passwordHash: rows.users[0]!.passwordHash,
    });
  });
}

/** Local (WIB) wall-clock milliseconds → the instant. */
function fromLocal(localMs: number): Date {
  return new Date(localMs - zoneOffsetMs);
}

/** Local (WIB) milliseconds → `YYYY-MM-DD`. */
function localDateString(localMs: number): string {
  return new Date(localMs).toISOString().slice(0, 10);
}

function timeString(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`;
}

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
}

/** A name from the catalogue: first name, sometimes a middle name, family name. */
function createPersonName(rng: SeededRandom): { nama: string; female: boolean } {
  const female = rng.chance(0.5);
  const first = rng.pick(female ? femaleFirstNames : maleFirstNames);
  const middle = rng.chance(0.45) ? ` ${rng.pick(middleNames)}` : '';
  let last = rng.pick(lastNames);
  if (last === first) last = 'Pratama';
  return { nama: `${first}${middle} ${last}`, female };
}

/** Angkatan of students who take a course of `semester` in the period. */
function cohortFor(periode: number, semester: number): number {
  const year = Math.floor(periode / 10);
  const term = periode % 10 === 1 ? 1 : 2;
  return year - Math.floor((semester - term) / 2);
}

interface Interval {
  hari: number;
  from: number;
  to: number;
}

function overlaps(list: Interval[] | undefined, slot: Interval): boolean {
  return (list ?? []).some((b) => b.hari === slot.hari && b.from < slot.to && slot.from < b.to);
}

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

/** Builds every row of the demo university in memory; pure apart from the inputs. */
export function buildDemoUniversity(now: Date, passwordHash: string): DemoUniversityRows {
  const rng = new SeededRandom(20261);
  const collegeId = demoCollegeId;
  const createdAt = now;
  const uid = (name: string) => createStableUuid(`${collegeId}:${name}`);

  // Calendar: everything is placed on weeks counted from the Monday of the week of meeting 1.
  const nowLocal = now.getTime() + zoneOffsetMs;
  const todayLocal = Math.floor(nowLocal / dayMs) * dayMs;
  const weekday = new Date(todayLocal).getUTCDay();
  const mondayLocal = todayLocal - ((weekday + 6) % 7) * dayMs;
  const week0 = mondayLocal - currentWeekIndex * weekMs;
  const dayOffset = (hari: number) => ((hari + 6) % 7) * dayMs;

  const rows: DemoUniversityRows = {
    colleges: [
      {
        id: collegeId,
        nama: 'Universitas Nusantara Digital',
        judul: 'LMS Universitas Nusantara Digital',
        alamat: 'Jl. Merdeka No. 45, Bandung, Jawa Barat 40115',
        email: 'info@und.ac.id',
        telepon: '022-4201945',
        copyright: '© 2026 Universitas Nusantara Digital',
        timeZone: 'Asia/Jakarta',
        createdAt,
      },
    ],
    studyPrograms: demoStudyPrograms.map((p) => ({
      id: `${collegeId}-${p.key.toLowerCase()}`,
      collegeId,
      kode: p.kode,
      nama: p.nama,
      jenjang: p.jenjang,
    })),
    users: [],
    students: [],
    lecturers: [],
    periods: [],
    campuses: [],
    rooms: [],
    lectureSessions: [],
    courses: [],
    courseLearningPlans: [],
    courseEvaluationPlans: [],
    classes: [],
    classStudyPrograms: [],
    classSchedules: [],
    classTeachers: [],
    classStudents: [],
    meetings: [],
    meetingTeachers: [],
    announcements: [],
    newsArticles: [],
    helpArticles: [],
  };
  const prodiId = (key: string) => `${collegeId}-${key.toLowerCase()}`;

  // Operators.
  const operatorId = uid('user:operator');
  rows.users.push(
    {
      id: operatorId,
      collegeId,
      username: 'operator',
      passwordHash,
      role: 'operator',
      nama: 'Siti Rahmawati',
      email: 'siti.rahmawati@und.ac.id',
      operatorPermissions: allWrite,
      createdAt,
    },
    {
      id: uid('user:operator.lihat'),
      collegeId,
      username: 'operator.lihat',
      passwordHash,
      role: 'operator',
      nama: 'Agus Hermawan',
      email: 'agus.hermawan@und.ac.id',
      operatorPermissions: allRead,
      createdAt,
    },
  );

  // Lecturers: the `dosen` account is the first lecturer of Informatika.
  const lecturersByProdi = new Map<string, string[]>();
  for (const [p, program] of demoStudyPrograms.entries()) {
    const ids: string[] = [];
    for (let i = 0; i < program.lecturerCount; i++) {
      const isDemo = p === 0 && i === 0;
      const person = isDemo ? { nama: 'Budi Santoso' } : createPersonName(rng);
      const nidn = `04${program.nimCode}${String(i + 1).padStart(2, '0')}${rng.int(1000, 9999)}`;
      const username = isDemo ? 'dosen' : nidn;
      const id = uid(`user:${username}`);
      const rank = isDemo ? 'Lektor Kepala' : rng.pick(lecturerRanks);
      const gelarDepan = isDemo
        ? 'Dr.'
        : rank === 'Guru Besar'
          ? 'Prof. Dr.'
          : rng.chance(0.25)
            ? 'Dr.'
            : program.key === 'TE' && rng.chance(0.3)
              ? 'Ir.'
              : null;
      const [first, ...rest] = person.nama.toLowerCase().split(' ');
      rows.users.push({
        id,
        collegeId,
        username,
        passwordHash,
        role: 'dosen',
        nama: person.nama,
        email: `${first}.${rest.at(-1)}@und.ac.id`,
        createdAt,
      });
      rows.lecturers.push({
        userId: id,
        collegeId,
        nidn,
        gelarDepan,
        gelarAkademik: isDemo ? 'S.Kom., M.Kom.' : rng.pick(lecturerTitles[program.key]!),
        jabatan: rank,
        prodiId: prodiId(program.key),
      });
      ids.push(id);
    }
    lecturersByProdi.set(program.key, ids);
  }
  const demoLecturerId = lecturersByProdi.get('IF')![0]!;

  // Students: cohorts 2023–2026; the `mahasiswa` and `mahasiswa.cuti` accounts are Informatika students.
  interface StudentInfo {
    id: string;
    nim: string;
    prodi: string;
    angkatan: number;
    active: boolean;
  }
  const studentsByProdi = new Map<string, StudentInfo[]>();
  const studentById = new Map<string, StudentInfo>();
  for (const program of demoStudyPrograms) {
    const list: StudentInfo[] = [];
    const seqByCohort = new Map<number, number>();
    for (let i = 0; i < program.studentCount; i++) {
      const angkatan = 2023 + (i % 4);
      const seq = (seqByCohort.get(angkatan) ?? 0) + 1;
      seqByCohort.set(angkatan, seq);
      const nim = `${angkatan}${program.nimCode}${String(seq).padStart(4, '0')}`;
      let username = nim;
      let nama = createPersonName(rng).nama;
      let status = rng.chance(0.03) ? 'Cuti' : rng.chance(0.01) ? 'Non-Aktif' : 'Aktif';
      if (program.key === 'IF' && angkatan === 2024 && seq === 1) {
        [username, nama, status] = ['mahasiswa', 'Rizky Aditya Pratama', 'Aktif'];
      } else if (program.key === 'IF' && angkatan === 2023 && seq === 1) {
        [username, nama, status] = ['mahasiswa.cuti', 'Dewi Lestari', 'Cuti'];
      }
      const id = uid(`user:${username}`);
      rows.users.push({
        id,
        collegeId,
        username,
        passwordHash,
        role: 'mahasiswa',
        nama,
        email: `${nim}@student.und.ac.id`,
        createdAt,
      });
      rows.students.push({ userId: id, collegeId, nim, prodiId: prodiId(program.key), status, angkatan });
      const info = { id, nim, prodi: program.key, angkatan, active: status === 'Aktif' };
      list.push(info);
      studentById.set(id, info);
    }
    studentsByProdi.set(program.key, list);
  }
  const demoStudentId = uid('user:mahasiswa');
  const onLeaveStudentId = uid('user:mahasiswa.cuti');

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

    // Sixteen meetings on the weekly slot; the status follows the clock at `now`.
    for (let nomor = 1; nomor <= 16; nomor++) {
      const kategori = nomor === 8 ? 'uts' : nomor === 16 ? 'uas' : 'kuliah';
      const jenis =
        mode === 'campuran' ? (nomor % 2 === 1 || kategori !== 'kuliah' ? 'offline' : 'online') : mode;
      const startLocal =
        week0 +
        (plan.firstWeek + nomor - 1) * weekMs +
        dayOffset(chosen.slot.hari) +
        chosen.slot.from * minuteMs;
      const waktuMulai = fromLocal(startLocal);
      const waktuSelesai = fromLocal(startLocal + (chosen.slot.to - chosen.slot.from) * minuteMs);
      let status: 'belum_dimulai' | 'berlangsung' | 'selesai' = 'belum_dimulai';
      let mulaiKuliah: Date | null = null;
      let selesaiKuliah: Date | null = null;
      // Drawn for every meeting, started or not, so that the classes seeded after this one do not
      // depend on the hour the seed runs.
      const lateMinutes = rng.int(0, 10);
      const earlyMinutes = rng.int(0, 10);
      if (waktuMulai <= now) {
        const started = waktuMulai.getTime() + lateMinutes * minuteMs;
        mulaiKuliah = new Date(Math.min(started, now.getTime()));
        if (waktuSelesai <= now) {
          status = 'selesai';
          selesaiKuliah = new Date(Math.max(waktuSelesai.getTime() - earlyMinutes * minuteMs, started));
        } else {
          status = 'berlangsung';
        }
      }
      const [judul] = judulOf(course, nomor);
      const online = jenis === 'online';
      const parameterKehadiran: AttendanceParameters = {
        hadir_vidcon: online,
        kerjakan_kuis_ujian: false,
        kerjakan_tugas: online && nomor % 3 === 0,
        posting_forum: false,
        unduh_materi: online,
      };
      const pertemuanId = uid(`pertemuan:${kelasId}:${nomor}`);
      rows.meetings.push({
        id: pertemuanId,
        collegeId,
        kelasId,
        nomor,
        judul,
        deskripsi:
          kategori === 'uts'
            ? 'Ujian tengah semester mencakup materi pertemuan 1 sampai 7.'
            : kategori === 'uas'
              ? 'Ujian akhir semester mencakup materi pertemuan 9 sampai 15.'
              : nomor === 1
                ? 'Penjelasan kontrak perkuliahan, rencana pembelajaran semester, dan sistem penilaian.'
                : `Mahasiswa mampu menjelaskan dan menerapkan ${judul.toLowerCase()} pada mata kuliah ${course.nama}.`,
        kategori,
        jenis,
        metode:
          kategori === 'kuliah' ? rng.pick(teachingMethods[online ? 'online' : 'offline']) : 'Ujian Tertulis',
        waktuMulai,
        waktuSelesai,
        ruanganId: online ? null : (chosen.roomId ?? null),
        sesiId: chosen.sesiId ?? null,
        status,
        mulaiKuliah,
        selesaiKuliah,
        parameterKehadiran,
        defaultDeadlineMateri: new Date(waktuSelesai.getTime() + weekMs),
        createdAt,
        updatedAt: createdAt,
      });
      for (const t of teacherRows) {
        rows.meetingTeachers.push({ pertemuanId, dosenId: t.dosenId, collegeId, isPengajar: true });
      }
    }
  }

  // Announcements and news, published relative to `now` (one announcement is scheduled ahead).
  const utsWeek = localDateString(week0 + (currentWeekIndex + 1) * weekMs);
  const announcementList: Array<[string, string, number]> = [
    [
      'Jadwal Ujian Tengah Semester Ganjil 2026/2027',
      `<p>Ujian Tengah Semester Ganjil 2026/2027 dilaksanakan pada pekan yang dimulai <strong>${utsWeek}</strong> sesuai jadwal pertemuan ke-8 setiap kelas.</p><ul><li>Mahasiswa wajib hadir 15 menit sebelum ujian dimulai.</li><li>Membawa kartu tanda mahasiswa.</li><li>Syarat kehadiran minimal 75%.</li></ul>`,
      -2,
    ],
    [
      'Pemeliharaan Sistem LMS',
      '<p>Sistem LMS akan menjalani pemeliharaan rutin pada Sabtu pukul 22.00–24.00 WIB. Selama pemeliharaan, layanan tidak dapat diakses.</p>',
      -1,
    ],
    [
      'Perpanjangan Pembayaran UKT Semester Ganjil 2026/2027',
      '<p>Batas akhir pembayaran Uang Kuliah Tunggal (UKT) diperpanjang selama dua pekan. Silakan cek tagihan pada SIAKAD.</p>',
      -9,
    ],
    [
      'Pendaftaran Beasiswa Prestasi 2026',
      '<p>Pendaftaran Beasiswa Prestasi dibuka untuk mahasiswa aktif dengan IPK minimal 3,25. Berkas diunggah melalui laman kemahasiswaan.</p>',
      -16,
    ],
    [
      'Panduan Presensi Daring bagi Mahasiswa',
      '<p>Kehadiran pada pertemuan daring dihitung dari aktivitas: mengunduh materi, hadir di vidcon, dan mengerjakan tugas. Lihat menu <em>Kehadiran</em> untuk rinciannya.</p>',
      -30,
    ],
    [
      'Libur Nasional dan Cuti Bersama',
      '<p>Perkuliahan pada hari libur nasional dan cuti bersama ditiadakan. Dosen pengampu dapat menjadwalkan pertemuan pengganti.</p>',
      -40,
    ],
    [
      'Pengisian Kuesioner Evaluasi Dosen',
      '<p>Mahasiswa diminta mengisi kuesioner evaluasi dosen sebelum Ujian Tengah Semester.</p>',
      3,
    ],
  ];
  for (const [i, [judul, isi, days]] of announcementList.entries()) {
    rows.announcements.push({
      id: uid(`pengumuman:${i}`),
      collegeId,
      judul,
      isi,
      tanggalPublish: new Date(todayLocal - zoneOffsetMs + days * dayMs + 8 * 3_600_000),
      authorId: operatorId,
      createdAt,
      updatedAt: createdAt,
    });
  }
  const newsList: Array<[string, string, string, number]> = [
    [
      'Tim Robotik UND Juara Kontes Robot Indonesia',
      'Tim robotik mahasiswa Teknik Elektro meraih juara pertama tingkat nasional.',
      '<p>Tim robotik Universitas Nusantara Digital meraih juara pertama Kontes Robot Indonesia kategori robot sepak bola beroda.</p>',
      -5,
    ],
    [
      'Kuliah Umum: Kecerdasan Buatan untuk Indonesia',
      'Program Studi Informatika menggelar kuliah umum bersama praktisi industri.',
      '<p>Kuliah umum menghadirkan praktisi kecerdasan buatan yang membahas penerapan AI pada layanan publik dan UMKM.</p>',
      -12,
    ],
    [
      'Wisuda Periode Oktober 2026',
      'Sebanyak 1.250 lulusan diwisuda di Aula Utama.',
      '<p>Universitas Nusantara Digital mewisuda 1.250 lulusan dari program diploma dan sarjana.</p>',
      -33,
    ],
  ];
  for (const [i, [judul, ringkasan, isi, days]] of newsList.entries()) {
    rows.newsArticles.push({
      id: uid(`berita:${i}`),
      collegeId,
      judul,
      ringkasan,
      isi,
      tanggalPublish: new Date(todayLocal - zoneOffsetMs + days * dayMs + 9 * 3_600_000),
      authorId: operatorId,
      createdAt,
      updatedAt: createdAt,
    });
  }
  // Help articles (bantuan), numbered within their topic.
  const helpOrder = new Map<string, number>();
  for (const [i, [kategori, judul, isi]] of demoHelpArticles.entries()) {
    const urutan = (helpOrder.get(kategori) ?? 0) + 1;
    helpOrder.set(kategori, urutan);
    rows.helpArticles.push({
      id: uid(`bantuan:${i}`),
      collegeId,
      kategori,
      judul,
      isi,
      urutan,
      authorId: operatorId,
      createdAt,
      updatedAt: createdAt,
    });
  }
  return rows;
}
