import { hash } from '@node-rs/argon2';
import { and, eq, max } from 'drizzle-orm';
import { operatorAreas, type AccessLevel, type OperatorPermissions } from '@lms/contract/permission.rules';
import type { Role } from '@lms/contract/role.rules';
import type { Database, Db } from '../db/database.ts';
import type { FileStore } from '../platform/file-storage.ts';
import { syncActivity } from '../modules/activity/activity.api.ts';
import { campuses, courses, periods } from '../db/schema/academic.schema.ts';
import { classStudents, classStudyPrograms, classTeachers, classes } from '../db/schema/class.schema.ts';
import { colleges } from '../db/schema/college.schema.ts';
import { examAttempts, examGroups, examQuestions, exams } from '../db/schema/exam.schema.ts';
import { forumPostAttachments, forumPosts, forums } from '../db/schema/forum.schema.ts';
import { lecturers, students, users } from '../db/schema/identity.schema.ts';
import { materials } from '../db/schema/material.schema.ts';
import { meetingTeachers, meetings } from '../db/schema/meeting.schema.ts';
import { studyPrograms } from '../db/schema/study-program.schema.ts';
import { taskAttachments, taskGroupMembers, taskGroups, tasks } from '../db/schema/task.schema.ts';
import { vidcons } from '../db/schema/vidcon.schema.ts';

// Factories build a test's own world row by row with the schema objects, so that a test states what it
// needs instead of leaning on the demo seed. Every factory takes and answers `collegeId` beside the ids:
// course and class keys are unique per college only, so an id alone never names a row.

/** What factories write through: a test app's `Database` or a bare Drizzle handle (a transaction). */
export type DbHandle = Database | Db;

/** The period every factory class lands in unless told otherwise (the demo seed's current one). */
export const factoryPeriod = 20261;

let sequence = 0;

/** A number unique within the test file (each file has its own module state and its own database). */
function nextSequence(): number {
  sequence += 1;
  return sequence;
}

function drizzleOf(handle: DbHandle): Db {
  return 'kind' in handle && 'exec' in handle ? handle.db : (handle as Db);
}

/** Factory users sign in with the demo seed's password unless told otherwise. */
export const factoryPassword = 'demo12345';

const hashes = new Map<string, Promise<string>>();

/** Argon2 is slow on purpose: each password is hashed once per test file. */
function passwordHashOf(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hash(password);
    hashes.set(password, hashed);
  }
  return hashed;
}

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export interface CollegeRef {
  collegeId: string;
}

export interface CreateCollegeOptions extends Partial<Insert<typeof colleges>> {
  /** The college's current period; `null` makes a college without periods. */
  currentPeriod?: number | null;
}

/** Inserts a college (and its current period, `factoryPeriod` by default). */
export async function createCollege(
  handle: DbHandle,
  overrides: CreateCollegeOptions = {},
): Promise<CollegeRef & { periode: number | null }> {
  const db = drizzleOf(handle);
  const n = nextSequence();
  const { currentPeriod = factoryPeriod, ...row } = overrides;
  const [college] = await db
    .insert(colleges)
    .values({ id: `kampus-${n}`, nama: `Universitas Uji ${n}`, judul: `LMS Universitas Uji ${n}`, ...row })
    .returning({ id: colleges.id });
  if (currentPeriod !== null) {
    const year = Math.floor(currentPeriod / 10);
    await db.insert(periods).values({
      collegeId: college!.id,
      kode: currentPeriod,
      label: `${year}/${year + 1} ${currentPeriod % 10 === 1 ? 'Ganjil' : 'Genap'}`,
      tanggalMulai: `${year}-01-01`,
      tanggalSelesai: `${year + 1}-01-01`,
      isCurrent: true,
    });
  }
  return { collegeId: college!.id, periode: currentPeriod };
}

export interface StudyProgramRef extends CollegeRef {
  prodiId: string;
}

/** Inserts a study program (prodi) of the college. */
export async function createStudyProgram(
  handle: DbHandle,
  overrides: CollegeRef & Partial<Insert<typeof studyPrograms>>,
): Promise<StudyProgramRef> {
  const n = nextSequence();
  const [row] = await drizzleOf(handle)
    .insert(studyPrograms)
    .values({ id: `prodi-${n}`, kode: `P${n}`, nama: `Program Studi ${n}`, jenjang: 'S1', ...overrides })
    .returning({ id: studyPrograms.id });
  return { collegeId: overrides.collegeId, prodiId: row!.id };
}

type UserColumns = Partial<
  Omit<Insert<typeof users>, 'collegeId' | 'role' | 'passwordHash' | 'operatorPermissions'>
>;

/** The role-specific part of `createUser`: a student's or lecturer's record, an operator's rights. */
export type CreateUserOptions = CollegeRef &
  UserColumns & {
    /** Signs in with this password; the demo password by default (hashed once, so cheap). */
    password?: string;
  } & (
    | {
        role: 'mahasiswa';
        /** Created in the college when left out. */
        prodiId?: string;
        student?: Partial<Omit<Insert<typeof students>, 'userId' | 'collegeId' | 'prodiId'>>;
      }
    | {
        role: 'dosen';
        prodiId?: string;
        lecturer?: Partial<Omit<Insert<typeof lecturers>, 'userId' | 'collegeId'>>;
      }
    | {
        role: 'operator';
        /** Per-area rights (permission.rules.ts); an area left out is no access. */
        permissions?: OperatorPermissions;
      }
  );

/** Operator rights with `level` on every area but the exceptions given, e.g. all read but laporan. */
export function buildOperatorPermissions(
  level: AccessLevel,
  exceptions: OperatorPermissions = {},
): OperatorPermissions {
  return { ...Object.fromEntries(operatorAreas.map((area) => [area, level])), ...exceptions };
}

export interface UserRef extends CollegeRef {
  userId: string;
  username: string;
  role: Role;
  password: string;
  /** Students: the nim (also their username). */
  nim?: string;
}

/** Inserts a user with the row of their role: a student (mahasiswa), a lecturer (dosen) or an operator. */
export async function createUser(handle: DbHandle, options: CreateUserOptions): Promise<UserRef> {
  const db = drizzleOf(handle);
  const n = nextSequence();
  const password = options.password ?? factoryPassword;
  const nim = options.role === 'mahasiswa' ? (options.student?.nim ?? `99${String(n).padStart(8, '0')}`) : '';
  const defaults = {
    mahasiswa: { username: nim, nama: `Mahasiswa Uji ${n}` },
    dosen: { username: `dosen.uji${n}`, nama: `Dosen Uji ${n}` },
    operator: { username: `operator.uji${n}`, nama: `Operator Uji ${n}` },
  }[options.role];
  const { collegeId, role, password: _password, ...rest } = options;
  const columns: UserColumns = { ...rest };
  for (const key of ['prodiId', 'student', 'lecturer', 'permissions'] as const) {
    delete (columns as Record<string, unknown>)[key];
  }
  const [user] = await db
    .insert(users)
    .values({
      ...defaults,
      ...columns,
      collegeId,
      role,
      passwordHash: await passwordHashOf(password),
      operatorPermissions: options.role === 'operator' ? (options.permissions ?? {}) : null,
    })
    .returning({ id: users.id, username: users.username });
  const userId = user!.id;
  if (options.role === 'mahasiswa') {
    const prodiId = options.prodiId ?? (await createStudyProgram(db, { collegeId })).prodiId;
    await db.insert(students).values({ angkatan: 2024, ...options.student, nim, userId, collegeId, prodiId });
  } else if (options.role === 'dosen') {
    await db.insert(lecturers).values({
      nidn: `09${String(n).padStart(8, '0')}`,
      prodiId: options.prodiId ?? null,
      ...options.lecturer,
      userId,
      collegeId,
    });
  }
  return {
    collegeId,
    userId,
    username: user!.username,
    role,
    password,
    ...(options.role === 'mahasiswa' ? { nim } : {}),
  };
}

/** Inserts a campus (kampus) of the college. */
export async function createCampus(
  handle: DbHandle,
  overrides: CollegeRef & Partial<Insert<typeof campuses>>,
): Promise<CollegeRef & { campusId: string }> {
  const n = nextSequence();
  const [row] = await drizzleOf(handle)
    .insert(campuses)
    .values({ nama: `Kampus Uji ${n}`, ...overrides })
    .returning({ id: campuses.id });
  return { collegeId: overrides.collegeId, campusId: row!.id };
}

export interface CourseRef extends CollegeRef {
  courseId: string;
  kode: string;
  prodiId: string;
}

/** Inserts a course (mata kuliah); its study program is created when left out. */
export async function createCourse(
  handle: DbHandle,
  overrides: CollegeRef & Partial<Insert<typeof courses>>,
): Promise<CourseRef> {
  const db = drizzleOf(handle);
  const n = nextSequence();
  const prodiId =
    overrides.prodiId ?? (await createStudyProgram(db, { collegeId: overrides.collegeId })).prodiId;
  const id = overrides.id ?? `UJ${String(n).padStart(4, '0')}`;
  const [row] = await db
    .insert(courses)
    .values({ id, kode: id, nama: `Mata Kuliah Uji ${n}`, sks: 3, semester: 1, ...overrides, prodiId })
    .returning({ id: courses.id, kode: courses.kode });
  return { collegeId: overrides.collegeId, courseId: row!.id, kode: row!.kode, prodiId };
}

/** A class teacher: a lecturer's user id, or with the role and main-teacher flag spelled out. */
export type ClassTeacherInput =
  string | { dosenId: string; peran?: 'koordinator' | 'dosen' | 'asisten'; isUtama?: boolean };

export type CreateClassOptions = CollegeRef &
  Partial<Omit<Insert<typeof classes>, 'id' | 'collegeId' | 'mataKuliahId'>> & {
    /** Created in the college when left out. */
    courseId?: string;
    /** The first one is the main teacher (pengajar utama) unless one says `isUtama`. */
    teachers?: ClassTeacherInput[];
    /** User ids of enrolled students. */
    studentIds?: string[];
    /** Study programs the class is offered to; the course's by default. */
    prodiIds?: string[];
  };

export interface ClassRef extends CollegeRef {
  classId: string;
  courseId: string;
  periode: number;
  teacherIds: string[];
  mainTeacherId: string | null;
  studentIds: string[];
}

/** Inserts a class (kelas kuliah) in `factoryPeriod` with its teachers and enrolled students. */
export async function createClass(handle: DbHandle, options: CreateClassOptions): Promise<ClassRef> {
  const db = drizzleOf(handle);
  const n = nextSequence();
  const {
    collegeId,
    courseId: givenCourseId,
    teachers = [],
    studentIds = [],
    prodiIds,
    ...columns
  } = options;
  const course = givenCourseId
    ? await findCourse(db, collegeId, givenCourseId)
    : await createCourse(db, { collegeId });
  const periode = columns.periode ?? factoryPeriod;
  const nama = columns.nama ?? String(n).padStart(2, '0');
  // The spec's id form; the schema checks that its third segment is the course id.
  const classId = `${periode}_${nama}_${course.courseId}`;
  await db.insert(classes).values({
    kapasitas: 40,
    status: 'berlangsung',
    ...columns,
    id: classId,
    collegeId,
    periode,
    nama,
    mataKuliahId: course.courseId,
  });
  const offeredTo = prodiIds ?? [course.prodiId];
  if (offeredTo.length > 0) {
    await db
      .insert(classStudyPrograms)
      .values(offeredTo.map((prodiId) => ({ kelasId: classId, prodiId, collegeId })));
  }
  const teacherRows = teachers.map((t) => (typeof t === 'string' ? { dosenId: t } : t));
  const explicitMain = teacherRows.some((t) => t.isUtama);
  if (teacherRows.length > 0) {
    await db.insert(classTeachers).values(
      teacherRows.map((t, i) => ({
        kelasId: classId,
        dosenId: t.dosenId,
        collegeId,
        peran: t.peran ?? 'dosen',
        isUtama: explicitMain ? !!t.isUtama : i === 0,
        urutan: i + 1,
      })),
    );
  }
  if (studentIds.length > 0) {
    await db
      .insert(classStudents)
      .values(studentIds.map((mahasiswaId) => ({ kelasId: classId, mahasiswaId, collegeId })));
  }
  const main = explicitMain ? teacherRows.find((t) => t.isUtama) : teacherRows[0];
  return {
    collegeId,
    classId,
    courseId: course.courseId,
    periode,
    teacherIds: teacherRows.map((t) => t.dosenId),
    mainTeacherId: main?.dosenId ?? null,
    studentIds,
  };
}

async function findCourse(db: Db, collegeId: string, courseId: string): Promise<CourseRef> {
  const [row] = await db
    .select({ id: courses.id, kode: courses.kode, prodiId: courses.prodiId })
    .from(courses)
    .where(and(eq(courses.collegeId, collegeId), eq(courses.id, courseId)));
  if (!row) throw new Error(`no course ${courseId} in college ${collegeId}`);
  return { collegeId, courseId: row.id, kode: row.kode, prodiId: row.prodiId };
}

export type CreateMeetingOptions = CollegeRef &
  Partial<Omit<Insert<typeof meetings>, 'collegeId' | 'kelasId'>> & {
    classId: string;
    /** Lecturers teaching this meeting; the class's teachers by default, as a new meeting starts. */
    teacherIds?: string[];
  };

export interface MeetingRef extends CollegeRef {
  meetingId: string;
  classId: string;
  nomor: number;
}

/**
 * Inserts a meeting (pertemuan) of a class: the next number, a two-hour slot in week `nomor` of the
 * factory period unless given.
 */
export async function createMeeting(handle: DbHandle, options: CreateMeetingOptions): Promise<MeetingRef> {
  const db = drizzleOf(handle);
  const { collegeId, classId, teacherIds, ...columns } = options;
  const [last] = await db
    .select({ nomor: max(meetings.nomor) })
    .from(meetings)
    .where(and(eq(meetings.collegeId, collegeId), eq(meetings.kelasId, classId)));
  const nomor = columns.nomor ?? (last?.nomor ?? 0) + 1;
  const waktuMulai = columns.waktuMulai ?? new Date(Date.UTC(2026, 8, 1 + 7 * (nomor - 1), 1));
  const [row] = await db
    .insert(meetings)
    .values({
      judul: `Pertemuan ${nomor}`,
      waktuSelesai: new Date(waktuMulai.getTime() + 2 * 3_600_000),
      ...columns,
      waktuMulai,
      nomor,
      collegeId,
      kelasId: classId,
    })
    .returning({ id: meetings.id });
  const meetingId = row!.id;
  const teachers =
    teacherIds ??
    (
      await db
        .select({ dosenId: classTeachers.dosenId })
        .from(classTeachers)
        .where(and(eq(classTeachers.collegeId, collegeId), eq(classTeachers.kelasId, classId)))
    ).map((t) => t.dosenId);
  if (teachers.length > 0) {
    await db
      .insert(meetingTeachers)
      .values(teachers.map((dosenId) => ({ pertemuanId: meetingId, dosenId, collegeId })));
  }
  return { collegeId, meetingId, classId, nomor };
}

export interface ClassWorld extends ClassRef {
  prodiId: string;
  teacher: UserRef;
  student: UserRef;
  meetingId: string;
}

/**
 * A small world in a new college: a study program, a course, a class taught by one lecturer (its main
 * teacher) with one enrolled student, and one meeting. Tenancy tests use it as "another college".
 */
export async function createClassWorld(
  handle: DbHandle,
  college: CreateCollegeOptions = {},
): Promise<ClassWorld> {
  const { collegeId } = await createCollege(handle, college);
  const { prodiId } = await createStudyProgram(handle, { collegeId });
  const teacher = await createUser(handle, { collegeId, role: 'dosen', prodiId });
  const student = await createUser(handle, { collegeId, role: 'mahasiswa', prodiId });
  const { courseId } = await createCourse(handle, { collegeId, prodiId });
  const kelas = await createClass(handle, {
    collegeId,
    courseId,
    teachers: [teacher.userId],
    studentIds: [student.userId],
  });
  const { meetingId } = await createMeeting(handle, { collegeId, classId: kelas.classId });
  return { ...kelas, prodiId, teacher, student, meetingId };
}

/** An operator of the college allowed to read or to change classes (kelas_kuliah). */
export function createClassOperator(
  handle: DbHandle,
  collegeId: string,
  access: 'read' | 'write' = 'write',
): Promise<UserRef> {
  return createUser(handle, { collegeId, role: 'operator', permissions: { kelas_kuliah: access } });
}

/** A student or lecturer of the world's study program, in none of its classes. */
export function createWorldUser(
  handle: DbHandle,
  world: ClassWorld,
  role: 'mahasiswa' | 'dosen',
): Promise<UserRef> {
  return createUser(handle, { collegeId: world.collegeId, role, prodiId: world.prodiId });
}

/** One more student of the world's study program, enrolled in its class. */
export async function createEnrolledStudent(handle: DbHandle, world: ClassWorld): Promise<UserRef> {
  const student = await createWorldUser(handle, world, 'mahasiswa');
  await drizzleOf(handle)
    .insert(classStudents)
    .values({ collegeId: world.collegeId, kelasId: world.classId, mahasiswaId: student.userId });
  return student;
}

export type CreateMaterialOptions = CollegeRef & {
  meetingId: string;
} & Partial<Omit<Insert<typeof materials>, 'collegeId' | 'pertemuanId' | 'kelasId'>>;

export interface MaterialRef extends CollegeRef {
  materialId: string;
}

/**
 * A material in a meeting (a link unless told otherwise), with its activity synced as the material area
 * does, so that students' facts on it can be recorded.
 */
export async function createMaterial(handle: DbHandle, options: CreateMaterialOptions): Promise<MaterialRef> {
  const db = drizzleOf(handle);
  const { collegeId, meetingId, ...columns } = options;
  const [meeting] = await db
    .select({ kelasId: meetings.kelasId })
    .from(meetings)
    .where(and(eq(meetings.collegeId, collegeId), eq(meetings.id, meetingId)));
  const n = nextSequence();
  const row = {
    judul: `Materi ${n}`,
    deskripsi: '<p>Materi uji.</p>',
    jenisMateri: 'modul' as const,
    tipeFile: 'url' as const,
    fileUrl: columns.fileKey ? null : 'https://example.org/materi',
    tampilMulai: new Date(Date.now() - 60_000),
    ...columns,
    collegeId,
    pertemuanId: meetingId,
    kelasId: meeting!.kelasId,
  };
  const [inserted] = await db.insert(materials).values(row).returning({ id: materials.id });
  await syncActivity(db, {
    collegeId,
    kind: 'materi',
    contentId: inserted!.id,
    pertemuanId: meetingId,
    title: row.judul,
    countsForAttendance: row.isSyaratHadir ?? false,
    opensAt: row.tampilMulai,
    dueAt: row.deadline ?? null,
  });
  return { collegeId, materialId: inserted!.id };
}

export type CreateVidconOptions = CollegeRef & {
  meetingId: string;
} & Partial<Omit<Insert<typeof vidcons>, 'collegeId' | 'pertemuanId' | 'kelasId'>>;

/** A vidcon in a meeting (running now unless told otherwise), with its activity synced as the area does. */
export async function createVidcon(
  handle: DbHandle,
  options: CreateVidconOptions,
): Promise<CollegeRef & { vidconId: string }> {
  const db = drizzleOf(handle);
  const { collegeId, meetingId, ...columns } = options;
  const [meeting] = await db
    .select({ kelasId: meetings.kelasId })
    .from(meetings)
    .where(and(eq(meetings.collegeId, collegeId), eq(meetings.id, meetingId)));
  const row = {
    judul: `Vidcon ${nextSequence()}`,
    aplikasi: 'gmeet' as const,
    link: 'https://meet.example.org/abc-defg-hij',
    waktuMulai: new Date(Date.now() - 10 * 60_000),
    waktuSelesai: new Date(Date.now() + 60 * 60_000),
    ...columns,
    collegeId,
    pertemuanId: meetingId,
    kelasId: meeting!.kelasId,
  };
  const [inserted] = await db.insert(vidcons).values(row).returning({ id: vidcons.id });
  await syncActivity(db, {
    collegeId,
    kind: 'vidcon',
    contentId: inserted!.id,
    pertemuanId: meetingId,
    title: row.judul,
    countsForAttendance: true,
    opensAt: row.waktuMulai,
    closesAt: row.waktuSelesai,
    dueAt: new Date(row.waktuMulai.getTime() + 15 * 60_000 - 1),
  });
  return { collegeId, vidconId: inserted!.id };
}

export type CreateExamOptions = CollegeRef & {
  meetingId: string;
  /** Students given an open attempt (every question in order, the deadline an hour away). */
  attemptBy?: string[];
} & Partial<Omit<Insert<typeof exams>, 'collegeId' | 'pertemuanId' | 'kelasId'>>;

export interface ExamRef extends CollegeRef {
  examId: string;
  groupId: string;
  /** pilihan (key 1), benar_salah (key true), esay. */
  questionIds: [string, string, string];
  attemptIds: string[];
}

/**
 * An exam in a meeting, open now for an hour unless told otherwise, with one group of three questions
 * (a choice with key 1, a true/false with key true, an essay) and its activity synced as the area does.
 */
export async function createExam(handle: DbHandle, options: CreateExamOptions): Promise<ExamRef> {
  const db = drizzleOf(handle);
  const { collegeId, meetingId, attemptBy = [], ...columns } = options;
  const [meeting] = await db
    .select({ kelasId: meetings.kelasId })
    .from(meetings)
    .where(and(eq(meetings.collegeId, collegeId), eq(meetings.id, meetingId)));
  const row = {
    judul: `Kuis ${nextSequence()}`,
    deskripsi: '<p>Kerjakan dengan jujur.</p>',
    jenis: 'kuis' as const,
    waktuMulai: new Date(Date.now() - 10 * 60_000),
    waktuSelesai: new Date(Date.now() + 60 * 60_000),
    ...columns,
    collegeId,
    pertemuanId: meetingId,
    kelasId: meeting!.kelasId,
  };
  const [exam] = await db.insert(exams).values(row).returning({ id: exams.id });
  const examId = exam!.id;
  const [group] = await db
    .insert(examGroups)
    .values({ collegeId, ujianId: examId, urutan: 1, aturan: 'semua' })
    .returning({ id: examGroups.id });
  const groupId = group!.id;
  const questions = await db
    .insert(examQuestions)
    .values([
      {
        collegeId,
        ujianId: examId,
        kelompokId: groupId,
        urutan: 1,
        jenis: 'pilihan' as const,
        pertanyaan: '<p>Ibu kota Indonesia?</p>',
        isi: {
          jenis: 'pilihan' as const,
          pilihan: [{ teks: 'Bandung' }, { teks: 'Jakarta' }, { teks: 'Medan' }],
          kunci: 1,
        },
      },
      {
        collegeId,
        ujianId: examId,
        kelompokId: groupId,
        urutan: 2,
        jenis: 'benar_salah' as const,
        pertanyaan: '<p>Air mendidih pada 100 °C di permukaan laut.</p>',
        isi: { jenis: 'benar_salah' as const, label: { benar: 'Benar', salah: 'Salah' }, kunci: true },
      },
      {
        collegeId,
        ujianId: examId,
        kelompokId: groupId,
        urutan: 3,
        jenis: 'esay' as const,
        pertanyaan: '<p>Jelaskan fotosintesis.</p>',
        isi: {
          jenis: 'esay' as const,
          jenis_file_diterima: [],
          kunci: '<p>Cahaya menjadi energi kimia.</p>',
        },
      },
    ])
    .returning({ id: examQuestions.id });
  const questionIds = questions.map((q) => q.id) as [string, string, string];
  await syncActivity(db, {
    collegeId,
    kind: 'ujian',
    contentId: examId,
    pertemuanId: meetingId,
    title: row.judul,
    subkind: row.jenis,
    countsForAttendance: true,
    opensAt: row.waktuMulai,
    closesAt: row.waktuSelesai,
    dueAt: row.waktuSelesai,
  });
  const attemptIds: string[] = [];
  for (const mahasiswaId of attemptBy) {
    const [attempt] = await db
      .insert(examAttempts)
      .values({
        collegeId,
        ujianId: examId,
        mahasiswaId,
        startedAt: new Date(),
        deadlineAt: new Date(Date.now() + 60 * 60_000),
        questionSet: [{ id: groupId, aturan: 'semua', jumlah_wajib_dijawab: null, soal: questionIds }],
        jumlahSoal: 3,
      })
      .returning({ id: examAttempts.id });
    attemptIds.push(attempt!.id);
  }
  return { collegeId, examId, groupId, questionIds, attemptIds };
}

export type CreateForumOptions = CollegeRef & {
  meetingId: string;
} & Partial<Omit<Insert<typeof forums>, 'collegeId' | 'pertemuanId' | 'kelasId'>>;

/** A forum in a meeting (running now unless told otherwise), with its activity synced as the area does. */
export async function createForum(
  handle: DbHandle,
  options: CreateForumOptions,
): Promise<CollegeRef & { forumId: string }> {
  const db = drizzleOf(handle);
  const { collegeId, meetingId, ...columns } = options;
  const [meeting] = await db
    .select({ kelasId: meetings.kelasId })
    .from(meetings)
    .where(and(eq(meetings.collegeId, collegeId), eq(meetings.id, meetingId)));
  const row = {
    judul: `Forum ${nextSequence()}`,
    deskripsi: '<p>Diskusikan materi pertemuan ini.</p>',
    waktuMulai: new Date(Date.now() - 10 * 60_000),
    waktuSelesai: new Date(Date.now() + 24 * 60 * 60_000),
    ...columns,
    collegeId,
    pertemuanId: meetingId,
    kelasId: meeting!.kelasId,
  };
  const [inserted] = await db.insert(forums).values(row).returning({ id: forums.id });
  await syncActivity(db, {
    collegeId,
    kind: 'forum',
    contentId: inserted!.id,
    pertemuanId: meetingId,
    title: row.judul,
    countsForAttendance: true,
    opensAt: row.waktuMulai,
    closesAt: row.waktuSelesai,
    dueAt: row.waktuSelesai,
  });
  return { collegeId, forumId: inserted!.id };
}

/** A post in a forum by `authorId` carrying one small PNG, stored as the forum area stores it. */
export async function createForumAttachment(
  handle: DbHandle,
  files: FileStore,
  options: CollegeRef & { forumId: string; authorId: string },
): Promise<CollegeRef & { postId: string; attachmentId: string; fileKey: string }> {
  const db = drizzleOf(handle);
  const { collegeId, forumId, authorId } = options;
  const [post] = await db
    .insert(forumPosts)
    .values({ collegeId, forumId, authorId, isi: '<p>Lihat gambar ini.</p>' })
    .returning({ id: forumPosts.id });
  const stored = await files.put(tinyPng, {
    collegeId,
    contentType: 'image/png',
    fileName: 'diagram.png',
    private: true,
  });
  const [attachment] = await db
    .insert(forumPostAttachments)
    .values({
      collegeId,
      forumId,
      postId: post!.id,
      fileKey: stored.key,
      fileName: 'diagram.png',
      fileSize: stored.size,
      contentType: 'image/png',
    })
    .returning({ id: forumPostAttachments.id });
  return { collegeId, postId: post!.id, attachmentId: attachment!.id, fileKey: stored.key };
}

export type CreateTaskOptions = CollegeRef & {
  meetingId: string;
} & Partial<Omit<Insert<typeof tasks>, 'collegeId' | 'pertemuanId' | 'kelasId'>>;

/** A task in a meeting (open now unless told otherwise), with its activity synced as the area does. */
export async function createTask(
  handle: DbHandle,
  options: CreateTaskOptions,
): Promise<CollegeRef & { taskId: string; kelasId: string }> {
  const db = drizzleOf(handle);
  const { collegeId, meetingId, ...columns } = options;
  const [meeting] = await db
    .select({ kelasId: meetings.kelasId })
    .from(meetings)
    .where(and(eq(meetings.collegeId, collegeId), eq(meetings.id, meetingId)));
  const row = {
    judul: `Tugas ${nextSequence()}`,
    deskripsi: '<p>Kerjakan soal berikut.</p>',
    jenis: 'individu' as const,
    waktuMulai: new Date(Date.now() - 10 * 60_000),
    waktuSelesai: new Date(Date.now() + 24 * 60 * 60_000),
    tipeFileJawaban: ['pdf', 'png', 'docx'],
    ...columns,
    collegeId,
    pertemuanId: meetingId,
    kelasId: meeting!.kelasId,
  };
  const [inserted] = await db.insert(tasks).values(row).returning({ id: tasks.id });
  await syncActivity(db, {
    collegeId,
    kind: 'tugas',
    contentId: inserted!.id,
    pertemuanId: meetingId,
    title: row.judul,
    countsForAttendance: true,
    opensAt: row.waktuMulai,
    closesAt: row.terimaTerlambat ? null : row.waktuSelesai,
    dueAt: row.waktuSelesai,
  });
  return { collegeId, taskId: inserted!.id, kelasId: meeting!.kelasId };
}

/** A PNG attached to a task, stored privately as the task area stores it. */
export async function createTaskAttachment(
  handle: DbHandle,
  files: FileStore,
  options: CollegeRef & { taskId: string },
): Promise<CollegeRef & { attachmentId: string }> {
  const db = drizzleOf(handle);
  const stored = await files.put(tinyPng, {
    collegeId: options.collegeId,
    contentType: 'image/png',
    fileName: 'soal.png',
    private: true,
  });
  const [row] = await db
    .insert(taskAttachments)
    .values({
      collegeId: options.collegeId,
      tugasId: options.taskId,
      fileKey: stored.key,
      fileName: 'soal.png',
      fileSize: stored.size,
      contentType: 'image/png',
    })
    .returning({ id: taskAttachments.id });
  return { collegeId: options.collegeId, attachmentId: row!.id };
}

/** A group of a class with the given enrolled students, the first one its leader. */
export async function createTaskGroup(
  handle: DbHandle,
  options: CollegeRef & { kelasId: string; memberIds: string[]; nama?: string },
): Promise<CollegeRef & { groupId: string }> {
  const db = drizzleOf(handle);
  const { collegeId, kelasId, memberIds } = options;
  const [group] = await db
    .insert(taskGroups)
    .values({ collegeId, kelasId, nama: options.nama ?? `Kelompok ${nextSequence()}` })
    .returning({ id: taskGroups.id });
  if (memberIds.length) {
    await db.insert(taskGroupMembers).values(
      memberIds.map((mahasiswaId, position) => ({
        collegeId,
        kelasId,
        kelompokId: group!.id,
        mahasiswaId,
        jabatan: position === 0 ? ('ketua' as const) : ('anggota' as const),
        position,
      })),
    );
  }
  return { collegeId, groupId: group!.id };
}

/** A 1×1 PNG: the smallest real image. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
