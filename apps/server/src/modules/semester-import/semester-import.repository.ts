import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { LectureMode, TeacherRole } from '@lms/contract/class.rules';
import { planSemesterMeetings } from '@lms/contract/meeting.rules';
import type { Db } from '../../db/database.ts';
import { ofCollege } from '../../db/college-scope.ts';
import { excludedColumns } from '../../db/excluded-columns.ts';
import { courses, periods, rooms } from '../../db/schema/academic.schema.ts';
import { colleges } from '../../db/schema/college.schema.ts';
import {
  classSchedules,
  classStudents,
  classStudyPrograms,
  classTeachers,
  classes,
} from '../../db/schema/class.schema.ts';
import { lecturers, students, users } from '../../db/schema/identity.schema.ts';
import { meetings, meetingTeachers } from '../../db/schema/meeting.schema.ts';
import { semesterImports } from '../../db/schema/semester-import.schema.ts';
import { studyPrograms } from '../../db/schema/study-program.schema.ts';
import type { ClassSchedule, SemesterRows } from './semester-import.parser.ts';
import type { SemesterPlan, StoredSemester } from './semester-import.plan.ts';

export type SemesterImportRow = typeof semesterImports.$inferSelect;

/** Rows per statement: short statements, flat memory, no query per row. */
const batchSize = 1000;
/** A password hash no password matches: imported people sign in by campus sign-in or a reset link. */
const noPassword = '!';

function chunks<T>(items: readonly T[], size = batchSize): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** `column in (...)` over many keys, a statement per chunk. */
async function selectIn<T>(keys: readonly string[], run: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (const chunk of chunks([...new Set(keys)], 5000)) out.push(...(await run(chunk)));
  return out;
}

const inKeys = (column: AnyPgColumn | SQL, keys: string[]) => inArray(column as SQL, keys);

// ---- the import rows ----

/**
 * Stores a new load being read. Undefined when the college's daily sync already started one for the
 * same hour (`scheduledHour` is unique per college).
 */
export async function insertSemesterImport(
  db: Db,
  values: {
    collegeId: string;
    createdBy: string;
    fileName: string;
    file: Uint8Array | null;
    scheduledHour?: Date | null;
  },
): Promise<SemesterImportRow | undefined> {
  const [row] = await db
    .insert(semesterImports)
    .values({ ...values, status: 'memproses' })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findSemesterImport(
  db: Db,
  collegeId: string,
  id: string,
): Promise<SemesterImportRow | undefined> {
  const [row] = await db
    .select()
    .from(semesterImports)
    .where(ofCollege(semesterImports, collegeId, eq(semesterImports.id, id)));
  return row;
}

/** The latest loads of the college, newest first, without their file and rows. */
export async function listSemesterImports(db: Db, collegeId: string, limit: number) {
  return db
    .select({
      id: semesterImports.id,
      fileName: semesterImports.fileName,
      status: semesterImports.status,
      createdAt: semesterImports.createdAt,
      appliedAt: semesterImports.appliedAt,
    })
    .from(semesterImports)
    .where(ofCollege(semesterImports, collegeId))
    .orderBy(desc(semesterImports.createdAt))
    .limit(limit);
}

export async function findLatestSemesterImportId(db: Db, collegeId: string): Promise<string | undefined> {
  const [row] = await listSemesterImports(db, collegeId, 1);
  return row?.id;
}

/** Whether a load of the college is being read or applied now. */
export async function hasBusySemesterImport(db: Db, collegeId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: semesterImports.id })
    .from(semesterImports)
    .where(
      ofCollege(semesterImports, collegeId, inArray(semesterImports.status, ['memproses', 'menerapkan'])),
    )
    .limit(1);
  return !!row;
}

/** The account the college's daily SIAKAD sync runs in the name of: its role, whether active, its rights. */
export async function findSyncOperator(db: Db, collegeId: string, userId: string) {
  const [row] = await db
    .select({ role: users.role, isActive: users.isActive, permissions: users.operatorPermissions })
    .from(users)
    .where(ofCollege(users, collegeId, eq(users.id, userId)));
  return row;
}

/**
 * Stores the college's daily SIAKAD sync (`sinkron_siakad` of its settings jsonb) in one statement,
 * leaving every other key as it is (other areas keep theirs there).
 */
export async function saveSiakadSyncSetting(
  db: Db,
  collegeId: string,
  value: { aktif: boolean; jam: number; diatur_oleh: string },
): Promise<void> {
  await db
    .update(colleges)
    .set({
      settings: sql`jsonb_set(coalesce(${colleges.settings}, '{}'::jsonb), '{sinkron_siakad}', ${JSON.stringify(value)}::jsonb)`,
    })
    .where(eq(colleges.id, collegeId));
}

export async function updateSemesterImport(
  db: Db,
  collegeId: string,
  id: string,
  values: Partial<Omit<SemesterImportRow, 'id' | 'collegeId'>>,
  onlyIfStatus?: string,
): Promise<boolean> {
  const rows = await db
    .update(semesterImports)
    .set({ ...values, updatedAt: new Date() })
    .where(
      ofCollege(
        semesterImports,
        collegeId,
        eq(semesterImports.id, id),
        onlyIfStatus ? eq(semesterImports.status, onlyIfStatus) : undefined,
      ),
    )
    .returning({ id: semesterImports.id });
  return rows.length > 0;
}

// ---- what is stored for a file's keys ----

export async function loadStoredSemester(
  db: Db,
  collegeId: string,
  rows: SemesterRows,
): Promise<StoredSemester> {
  const periodRows = await db.select().from(periods).where(ofCollege(periods, collegeId));
  const prodiRows = await db.select().from(studyPrograms).where(ofCollege(studyPrograms, collegeId));
  const ownProdi = new Set(prodiRows.map((p) => p.id));
  // Programme ids are global (the primary key), so one another college holds would fail the apply.
  const otherProdiRows = await selectIn(
    rows.prodi.map((p) => p.id).filter((id) => !ownProdi.has(id)),
    (ids) =>
      db
        .select({ id: studyPrograms.id })
        .from(studyPrograms)
        .where(and(inArray(studyPrograms.id, ids), ne(studyPrograms.collegeId, collegeId))),
  );
  const courseRows = await selectIn(
    [...rows.mata_kuliah.map((c) => c.id), ...rows.kelas.map((k) => k.mataKuliahId)],
    (ids) =>
      db
        .select()
        .from(courses)
        .where(ofCollege(courses, collegeId, inKeys(courses.id, ids))),
  );
  const nidns = [...rows.dosen.map((l) => l.nidn), ...rows.pengajar.map((t) => t.nidn)];
  const lecturerRows = await selectIn(nidns, (keys) =>
    db
      .select({
        userId: lecturers.userId,
        nidn: lecturers.nidn,
        prodiId: lecturers.prodiId,
        nama: users.nama,
        email: users.email,
      })
      .from(lecturers)
      .innerJoin(users, eq(users.id, lecturers.userId))
      .where(ofCollege(lecturers, collegeId, inKeys(lecturers.nidn, keys))),
  );
  const nims = [...rows.mahasiswa.map((s) => s.nim), ...rows.peserta.map((e) => e.nim)];
  const studentRows = await selectIn(nims, (keys) =>
    db
      .select({
        userId: students.userId,
        nim: students.nim,
        prodiId: students.prodiId,
        angkatan: students.angkatan,
        nama: users.nama,
        email: users.email,
      })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(ofCollege(students, collegeId, inKeys(students.nim, keys))),
  );
  // New people's usernames (NIM, NIDN) must be free.
  const newNames = [
    ...rows.dosen
      .filter((l) => !lecturerRows.some((r) => r.nidn === l.nidn))
      .map((l) => l.nidn.toLowerCase()),
    ...rows.mahasiswa.map((s) => s.nim.toLowerCase()),
  ];
  const knownStudents = new Set(studentRows.map((s) => s.nim.toLowerCase()));
  const taken = await selectIn(
    newNames.filter((n) => !knownStudents.has(n)),
    (keys) =>
      db
        .select({ username: users.username })
        .from(users)
        .where(ofCollege(users, collegeId, inKeys(sql`lower(${users.username})`, keys))),
  );

  const classIds = rows.kelas.map((k) => k.id);
  const classRows = await selectIn(classIds, (ids) =>
    db
      .select({
        id: classes.id,
        periode: classes.periode,
        mataKuliahId: classes.mataKuliahId,
        nama: classes.nama,
        kapasitas: classes.kapasitas,
        mode: classes.modeKuliah,
      })
      .from(classes)
      .where(ofCollege(classes, collegeId, inKeys(classes.id, ids))),
  );
  const scheduleRows = await selectIn(classIds, (ids) =>
    db
      .select({
        kelasId: classSchedules.kelasId,
        hari: classSchedules.hari,
        jamMulai: classSchedules.jamMulai,
        jamSelesai: classSchedules.jamSelesai,
        ruangan: rooms.nama,
      })
      .from(classSchedules)
      .leftJoin(rooms, eq(rooms.id, classSchedules.ruanganId))
      .where(ofCollege(classSchedules, collegeId, inKeys(classSchedules.kelasId, ids))),
  );
  const schedules = new Map<string, typeof scheduleRows>();
  for (const s of scheduleRows) schedules.set(s.kelasId, [...(schedules.get(s.kelasId) ?? []), s]);
  const teacherRows = await selectIn(classIds, (ids) =>
    db
      .select({
        kelasId: classTeachers.kelasId,
        dosenId: classTeachers.dosenId,
        peran: classTeachers.peran,
        utama: classTeachers.isUtama,
        nidn: lecturers.nidn,
      })
      .from(classTeachers)
      .innerJoin(lecturers, eq(lecturers.userId, classTeachers.dosenId))
      .where(ofCollege(classTeachers, collegeId, inKeys(classTeachers.kelasId, ids))),
  );
  const enrolmentRows = await selectIn(classIds, (ids) =>
    db
      .select({
        kelasId: classStudents.kelasId,
        mahasiswaId: classStudents.mahasiswaId,
        nim: students.nim,
        nama: users.nama,
      })
      .from(classStudents)
      .innerJoin(students, eq(students.userId, classStudents.mahasiswaId))
      .innerJoin(users, eq(users.id, classStudents.mahasiswaId))
      .where(ofCollege(classStudents, collegeId, inKeys(classStudents.kelasId, ids))),
  );

  const nested = <R extends { kelasId: string }, V>(list: R[], key: (r: R) => string, value: (r: R) => V) => {
    const map = new Map<string, Map<string, V>>();
    for (const r of list) {
      let inner = map.get(r.kelasId);
      if (!inner) map.set(r.kelasId, (inner = new Map()));
      inner.set(key(r), value(r));
    }
    return map;
  };
  return {
    periods: new Map(
      periodRows.map((p) => [
        p.kode,
        { label: p.label, tanggalMulai: p.tanggalMulai, tanggalSelesai: p.tanggalSelesai },
      ]),
    ),
    prodi: new Map(prodiRows.map((p) => [p.id, { kode: p.kode, nama: p.nama, jenjang: p.jenjang }])),
    prodiOfOtherColleges: new Set(otherProdiRows.map((p) => p.id)),
    courses: new Map(
      courseRows.map((c) => [
        c.id,
        { kode: c.kode, nama: c.nama, sks: c.sks, semester: c.semester, prodiId: c.prodiId },
      ]),
    ),
    lecturers: new Map(
      lecturerRows.map((l) => [
        l.nidn,
        { userId: l.userId, nama: l.nama, email: l.email, prodiId: l.prodiId },
      ]),
    ),
    students: new Map(
      studentRows.map((s) => [
        s.nim,
        { userId: s.userId, nama: s.nama, email: s.email, prodiId: s.prodiId, angkatan: s.angkatan },
      ]),
    ),
    takenUsernames: new Set(
      taken.map((u) => {
        const lower = u.username.toLowerCase();
        return (
          [...rows.dosen.map((l) => l.nidn), ...rows.mahasiswa.map((s) => s.nim)].find(
            (n) => n.toLowerCase() === lower,
          ) ?? u.username
        );
      }),
    ),
    classes: new Map(
      classRows.map((c) => [
        c.id,
        {
          periode: c.periode,
          mataKuliahId: c.mataKuliahId,
          nama: c.nama,
          kapasitas: c.kapasitas,
          mode: c.mode as LectureMode,
          jadwal: storedSchedule(schedules.get(c.id)),
        },
      ]),
    ),
    teachers: nested(
      teacherRows,
      (t) => t.nidn,
      (t) => ({ dosenId: t.dosenId, peran: t.peran as TeacherRole, utama: t.utama }),
    ),
    enrolments: nested(
      enrolmentRows,
      (e) => e.nim,
      (e) => ({ mahasiswaId: e.mahasiswaId, nama: e.nama }),
    ),
  };
}

/** One weekly slot as the file writes it; several slots never equal one row (applying replaces them). */
function storedSchedule(
  list: { hari: number; jamMulai: string; jamSelesai: string; ruangan: string | null }[] | undefined,
): ClassSchedule | null {
  if (!list || list.length === 0) return null;
  if (list.length > 1) return { hari: -1, jamMulai: '', jamSelesai: '', ruangan: null };
  const [s] = list;
  return { hari: s!.hari, jamMulai: s!.jamMulai, jamSelesai: s!.jamSelesai, ruangan: s!.ruangan };
}

// ---- applying ----

/**
 * Writes a plan in batches of `batchSize` rows per statement (upserts by the SIAKAD keys), reporting
 * the rows done. Enrolments removed lose only their class_students row: submissions, scores and
 * attendance stay with the student.
 */
export async function applySemesterPlan(
  db: Db,
  collegeId: string,
  plan: SemesterPlan,
  stored: StoredSemester,
  rows: SemesterRows,
  progress: (done: number) => Promise<void>,
): Promise<void> {
  let done = 0;
  const step = async (count: number) => {
    done += count;
    await progress(done);
  };
  const u = plan.upserts;

  for (const batch of chunks(u.periode)) {
    await db
      .insert(periods)
      .values(
        batch.map((p) => ({
          collegeId,
          kode: p.kode,
          label: p.label,
          tanggalMulai: p.tanggalMulai,
          tanggalSelesai: p.tanggalSelesai,
        })),
      )
      .onConflictDoUpdate({
        target: [periods.collegeId, periods.kode],
        set: excludedColumns(periods, ['label', 'tanggalMulai', 'tanggalSelesai']),
      });
    await step(batch.length);
  }
  for (const batch of chunks(u.prodi)) {
    // The id is global: a row of another college with the same id is never touched (setWhere).
    await db
      .insert(studyPrograms)
      .values(batch.map((p) => ({ collegeId, id: p.id, kode: p.kode, nama: p.nama, jenjang: p.jenjang })))
      .onConflictDoUpdate({
        target: studyPrograms.id,
        set: excludedColumns(studyPrograms, ['kode', 'nama', 'jenjang']),
        setWhere: eq(studyPrograms.collegeId, collegeId),
      });
    await step(batch.length);
  }
  for (const batch of chunks(u.mata_kuliah)) {
    await db
      .insert(courses)
      .values(
        batch.map((c) => ({
          collegeId,
          id: c.id,
          kode: c.kode,
          nama: c.nama,
          sks: c.sks,
          semester: c.semester,
          prodiId: c.prodiId,
        })),
      )
      .onConflictDoUpdate({
        target: [courses.collegeId, courses.id],
        set: {
          ...excludedColumns(courses, ['kode', 'nama', 'sks', 'semester', 'prodiId']),
          updatedAt: sql`now()`,
        },
      });
    await step(batch.length);
  }

  const upsertUsers = async (
    people: {
      id: string;
      username: string;
      role: 'dosen' | 'mahasiswa';
      nama: string;
      email: string | null;
    }[],
  ) => {
    await db
      .insert(users)
      .values(people.map((p) => ({ ...p, collegeId, passwordHash: noPassword })))
      .onConflictDoUpdate({
        target: users.id,
        set: excludedColumns(users, ['nama', 'email']),
      });
  };
  for (const batch of chunks(u.dosen)) {
    const people = batch.map((l) => ({ ...l, id: stored.lecturers.get(l.nidn)?.userId ?? randomUUID() }));
    await upsertUsers(
      people.map((p) => ({ id: p.id, username: p.nidn, role: 'dosen', nama: p.nama, email: p.email })),
    );
    await db
      .insert(lecturers)
      .values(people.map((p) => ({ userId: p.id, collegeId, nidn: p.nidn, prodiId: p.prodiId })))
      .onConflictDoUpdate({ target: lecturers.userId, set: excludedColumns(lecturers, ['prodiId']) });
    for (const p of people)
      if (!stored.lecturers.has(p.nidn))
        stored.lecturers.set(p.nidn, { userId: p.id, nama: p.nama, email: p.email, prodiId: p.prodiId });
    await step(batch.length);
  }
  for (const batch of chunks(u.mahasiswa)) {
    const people = batch.map((s) => ({ ...s, id: stored.students.get(s.nim)?.userId ?? randomUUID() }));
    await upsertUsers(
      people.map((p) => ({ id: p.id, username: p.nim, role: 'mahasiswa', nama: p.nama, email: p.email })),
    );
    await db
      .insert(students)
      .values(
        people.map((p) => ({
          userId: p.id,
          collegeId,
          nim: p.nim,
          prodiId: p.prodiId,
          angkatan: p.angkatan,
        })),
      )
      .onConflictDoUpdate({
        target: students.userId,
        set: excludedColumns(students, ['prodiId', 'angkatan']),
      });
    for (const p of people)
      if (!stored.students.has(p.nim))
        stored.students.set(p.nim, {
          userId: p.id,
          nama: p.nama,
          email: p.email,
          prodiId: p.prodiId,
          angkatan: p.angkatan,
        });
    await step(batch.length);
  }

  // Rooms by name: found, or made with the largest capacity of the classes that meet in them.
  const roomCapacity = new Map<string, number>();
  for (const k of u.kelas)
    if (k.jadwal?.ruangan)
      roomCapacity.set(k.jadwal.ruangan, Math.max(roomCapacity.get(k.jadwal.ruangan) ?? 0, k.kapasitas));
  const roomIds = new Map<string, string>();
  for (const r of await selectIn([...roomCapacity.keys()], (names) =>
    db
      .select({ id: rooms.id, nama: rooms.nama })
      .from(rooms)
      .where(ofCollege(rooms, collegeId, inKeys(rooms.nama, names))),
  ))
    if (!roomIds.has(r.nama)) roomIds.set(r.nama, r.id);
  const newRooms = [...roomCapacity]
    .filter(([nama]) => !roomIds.has(nama))
    .map(([nama, kapasitas]) => ({ id: randomUUID(), collegeId, nama, kapasitas }));
  for (const batch of chunks(newRooms)) await db.insert(rooms).values(batch);
  for (const r of newRooms) roomIds.set(r.nama, r.id);

  const courseProdi = new Map<string, string>([...stored.courses].map(([id, c]) => [id, c.prodiId]));
  for (const c of rows.mata_kuliah) courseProdi.set(c.id, c.prodiId);
  for (const batch of chunks(u.kelas)) {
    await db
      .insert(classes)
      .values(
        batch.map((k) => ({
          collegeId,
          id: k.id,
          periode: k.periode,
          mataKuliahId: k.mataKuliahId,
          nama: k.nama,
          kapasitas: k.kapasitas,
          modeKuliah: k.mode,
        })),
      )
      .onConflictDoUpdate({
        target: [classes.collegeId, classes.id],
        set: { ...excludedColumns(classes, ['kapasitas', 'modeKuliah']), updatedAt: sql`now()` },
      });
    const offered = batch.filter((k) => !stored.classes.has(k.id) && courseProdi.has(k.mataKuliahId));
    if (offered.length > 0)
      await db
        .insert(classStudyPrograms)
        .values(offered.map((k) => ({ collegeId, kelasId: k.id, prodiId: courseProdi.get(k.mataKuliahId)! })))
        .onConflictDoNothing();
    await db.delete(classSchedules).where(
      ofCollege(
        classSchedules,
        collegeId,
        inKeys(
          classSchedules.kelasId,
          batch.map((k) => k.id),
        ),
      ),
    );
    const slots = batch.filter((k) => k.jadwal);
    if (slots.length > 0)
      await db.insert(classSchedules).values(
        slots.map((k) => ({
          collegeId,
          kelasId: k.id,
          hari: k.jadwal!.hari,
          jamMulai: k.jadwal!.jamMulai,
          jamSelesai: k.jadwal!.jamSelesai,
          ruanganId: k.jadwal!.ruangan ? roomIds.get(k.jadwal!.ruangan)! : null,
        })),
      );
    await step(batch.length);
  }

  // Teachers: of each class with a change, every listed teacher is written again (the main teacher may move).
  const changedTeacherClasses = new Set([
    ...u.pengajar.map((t) => t.kelasId),
    ...plan.removeTeachers.map((t) => t.kelasId),
  ]);
  for (const batch of chunks(plan.removeTeachers)) {
    await db.delete(classTeachers).where(
      ofCollege(
        classTeachers,
        collegeId,
        sql`(${classTeachers.kelasId}, ${classTeachers.dosenId}) in (${sql.join(
          batch.map((t) => sql`(${t.kelasId}, ${t.dosenId}::uuid)`),
          sql`, `,
        )})`,
      ),
    );
    await step(batch.length);
  }
  for (const batch of chunks([...changedTeacherClasses])) {
    await db
      .update(classTeachers)
      .set({ isUtama: false })
      .where(
        ofCollege(
          classTeachers,
          collegeId,
          inKeys(classTeachers.kelasId, batch),
          eq(classTeachers.isUtama, true),
        ),
      );
  }
  const order = new Map<string, number>();
  const teacherRows = rows.pengajar
    .filter((t) => changedTeacherClasses.has(t.kelasId))
    .map((t) => {
      const urutan = (order.get(t.kelasId) ?? 0) + 1;
      order.set(t.kelasId, urutan);
      return {
        collegeId,
        kelasId: t.kelasId,
        dosenId: stored.lecturers.get(t.nidn)!.userId,
        peran: t.peran,
        isUtama: t.utama,
        urutan,
      };
    });
  for (const batch of chunks(teacherRows)) {
    await db
      .insert(classTeachers)
      .values(batch)
      .onConflictDoUpdate({
        target: [classTeachers.collegeId, classTeachers.kelasId, classTeachers.dosenId],
        set: excludedColumns(classTeachers, ['peran', 'isUtama', 'urutan']),
      });
    await step(batch.length);
  }

  // A new class gets its semester's meetings at its weekly slot, taught by its teachers (meeting numbers
  // are unique per class, so a re-run adds none; a class without a slot gets none).
  const periodStart = new Map<number, string>([...stored.periods].map(([kode, p]) => [kode, p.tanggalMulai]));
  for (const p of rows.periode) periodStart.set(p.kode, p.tanggalMulai);
  const [college] = await db
    .select({ timeZone: colleges.timeZone })
    .from(colleges)
    .where(eq(colleges.id, collegeId));
  const teachersOf = new Map<string, string[]>();
  for (const t of teacherRows) teachersOf.set(t.kelasId, [...(teachersOf.get(t.kelasId) ?? []), t.dosenId]);
  const scheduled = u.kelas.filter(
    (k) => k.jadwal && !stored.classes.has(k.id) && periodStart.has(k.periode),
  );
  for (const batch of chunks(scheduled, 50)) {
    const made = await db
      .insert(meetings)
      .values(
        batch.flatMap((k) =>
          planSemesterMeetings({
            periodStart: periodStart.get(k.periode)!,
            hari: k.jadwal!.hari,
            jamMulai: k.jadwal!.jamMulai,
            jamSelesai: k.jadwal!.jamSelesai,
            mode: k.mode,
            timeZone: college!.timeZone,
          }).map((m) => ({
            collegeId,
            kelasId: k.id,
            ...m,
            ruanganId: m.jenis === 'offline' && k.jadwal!.ruangan ? roomIds.get(k.jadwal!.ruangan)! : null,
          })),
        ),
      )
      .onConflictDoNothing()
      .returning({ id: meetings.id, kelasId: meetings.kelasId });
    const taught = made.flatMap((m) =>
      (teachersOf.get(m.kelasId) ?? []).map((dosenId) => ({ collegeId, pertemuanId: m.id, dosenId })),
    );
    for (const part of chunks(taught)) await db.insert(meetingTeachers).values(part).onConflictDoNothing();
  }

  for (const batch of chunks(plan.removeEnrolments)) {
    await db.delete(classStudents).where(
      ofCollege(
        classStudents,
        collegeId,
        sql`(${classStudents.kelasId}, ${classStudents.mahasiswaId}) in (${sql.join(
          batch.map((e) => sql`(${e.kelasId}, ${e.mahasiswaId}::uuid)`),
          sql`, `,
        )})`,
      ),
    );
    await step(batch.length);
  }
  for (const batch of chunks(u.peserta)) {
    await db
      .insert(classStudents)
      .values(
        batch.map((e) => ({
          collegeId,
          kelasId: e.kelasId,
          mahasiswaId: stored.students.get(e.nim)!.userId,
        })),
      )
      .onConflictDoNothing();
    await step(batch.length);
  }
}

/** Rows a plan writes or removes (teachers: every listed teacher of a class with a change): the progress total. */
export function planSize(plan: SemesterPlan, rows: SemesterRows): number {
  const u = plan.upserts;
  const teacherClasses = new Set([
    ...u.pengajar.map((t) => t.kelasId),
    ...plan.removeTeachers.map((t) => t.kelasId),
  ]);
  return (
    u.periode.length +
    u.prodi.length +
    u.mata_kuliah.length +
    u.dosen.length +
    u.mahasiswa.length +
    u.kelas.length +
    plan.removeTeachers.length +
    rows.pengajar.filter((t) => teacherClasses.has(t.kelasId)).length +
    plan.removeEnrolments.length +
    u.peserta.length
  );
}
