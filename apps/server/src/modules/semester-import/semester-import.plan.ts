import { createHash } from 'node:crypto';
import type { TeacherRole } from '@lms/contract/class.rules';
import {
  semesterImportEntities,
  type SemesterImportCounts,
  type SemesterImportEntity,
  type SemesterImportRemoval,
} from '@lms/contract/semester-import.schema';
import {
  emptySemesterRows,
  type ClassRow,
  type ClassSchedule,
  type CourseRow,
  type LecturerRow,
  type PeriodRow,
  type ProblemList,
  type ProdiRow,
  type SemesterRows,
  type StudentRow,
} from './semester-import.parser.ts';

/** What is stored now for the keys a file names (read by the repository, compared here): a row's fields. */
export interface StoredSemester {
  periods: Map<number, Omit<PeriodRow, 'baris' | 'kode'>>;
  prodi: Map<string, Omit<ProdiRow, 'baris' | 'id'>>;
  /** The file's programme ids that another college of this installation holds (programme ids are global). */
  prodiOfOtherColleges: Set<string>;
  courses: Map<string, Omit<CourseRow, 'baris' | 'id'>>;
  lecturers: Map<string, { userId: string } & Omit<LecturerRow, 'baris' | 'nidn'>>;
  students: Map<string, { userId: string } & Omit<StudentRow, 'baris' | 'nim'>>;
  /** Usernames of the file's NIMs and NIDNs held by accounts that are not that student or lecturer. */
  takenUsernames: Set<string>;
  classes: Map<string, Omit<ClassRow, 'baris' | 'id'>>;
  /** Teachers of the file's classes, by class id then NIDN. */
  teachers: Map<string, Map<string, { dosenId: string; peran: TeacherRole; utama: boolean }>>;
  /** Students of the file's classes, by class id then NIM. */
  enrolments: Map<string, Map<string, { mahasiswaId: string; nama: string }>>;
}

export interface SemesterPlan {
  summary: Record<SemesterImportEntity, SemesterImportCounts>;
  /** Rows to insert or update (new and changed only). */
  upserts: SemesterRows;
  removeTeachers: { kelasId: string; dosenId: string }[];
  removeEnrolments: { kelasId: string; mahasiswaId: string }[];
  removals: SemesterImportRemoval[];
}

const emptyCounts = (): SemesterImportCounts => ({ baru: 0, berubah: 0, sama: 0, dihapus: 0 });

/** Sorts the file's rows into new, changed and unchanged against `stored`; lists removals. */
export function planSemesterImport(
  rows: SemesterRows,
  stored: StoredSemester,
  problems: ProblemList,
  listedRemovals: number,
): SemesterPlan {
  const summary = Object.fromEntries(
    semesterImportEntities.map((e) => [e, emptyCounts()]),
  ) as SemesterPlan['summary'];
  const upserts = emptySemesterRows();
  /** Counts `row` as new, changed or the same as `before`: the same when each of `fields` is equal and `sameRest`. */
  function sort<R, B extends object>(
    entity: SemesterImportEntity,
    row: R,
    before: B | undefined,
    fields: readonly (keyof B & keyof R)[],
    sameRest: (b: B) => boolean = () => true,
  ) {
    const counts = summary[entity];
    if (before && fields.every((f) => (before[f] as unknown) === row[f]) && sameRest(before))
      counts.sama += 1;
    else {
      counts[before ? 'berubah' : 'baru'] += 1;
      (upserts[entity] as R[]).push(row);
    }
  }

  for (const p of rows.periode)
    sort('periode', p, stored.periods.get(p.kode), ['label', 'tanggalMulai', 'tanggalSelesai']);
  for (const p of rows.prodi) {
    if (stored.prodiOfOtherColleges.has(p.id))
      problems.add(
        'Program Studi',
        p.baris,
        'ID Prodi',
        `ID program studi ${p.id} sudah dipakai kampus lain di server ini.`,
      );
    sort('prodi', p, stored.prodi.get(p.id), ['kode', 'nama', 'jenjang']);
  }

  const prodiIds = new Set([...stored.prodi.keys(), ...rows.prodi.map((p) => p.id)]);
  const missingProdi = (sheet: string, baris: number, id: string | null) => {
    if (id && !prodiIds.has(id)) problems.add(sheet, baris, 'ID Prodi', `Program studi ${id} tidak dikenal.`);
  };
  for (const c of rows.mata_kuliah) {
    missingProdi('Mata Kuliah', c.baris, c.prodiId);
    sort('mata_kuliah', c, stored.courses.get(c.id), ['kode', 'nama', 'sks', 'semester', 'prodiId']);
  }
  for (const l of rows.dosen) {
    missingProdi('Dosen', l.baris, l.prodiId);
    if (stored.takenUsernames.has(l.nidn))
      problems.add('Dosen', l.baris, 'NIDN', `Username ${l.nidn} sudah dipakai akun lain.`);
    sort('dosen', l, stored.lecturers.get(l.nidn), ['nama', 'email', 'prodiId']);
  }
  for (const s of rows.mahasiswa) {
    missingProdi('Mahasiswa', s.baris, s.prodiId);
    if (stored.takenUsernames.has(s.nim))
      problems.add('Mahasiswa', s.baris, 'NIM', `Username ${s.nim} sudah dipakai akun lain.`);
    sort('mahasiswa', s, stored.students.get(s.nim), ['nama', 'email', 'prodiId', 'angkatan']);
  }

  const periodKodes = new Set([...stored.periods.keys(), ...rows.periode.map((p) => p.kode)]);
  const courseIds = new Set([...stored.courses.keys(), ...rows.mata_kuliah.map((c) => c.id)]);
  for (const k of rows.kelas) {
    if (!periodKodes.has(k.periode))
      problems.add('Kelas', k.baris, 'Periode', `Periode ${k.periode} tidak dikenal.`);
    if (!courseIds.has(k.mataKuliahId))
      problems.add('Kelas', k.baris, 'ID Mata Kuliah', `Mata kuliah ${k.mataKuliahId} tidak dikenal.`);
    sort(
      'kelas',
      k,
      stored.classes.get(k.id),
      ['periode', 'mataKuliahId', 'nama', 'kapasitas', 'mode'],
      (b) => sameSchedule(b.jadwal, k.jadwal),
    );
  }

  const fileClasses = new Set(rows.kelas.map((k) => k.id));
  const nidns = new Set([...stored.lecturers.keys(), ...rows.dosen.map((l) => l.nidn)]);
  const nims = new Set([...stored.students.keys(), ...rows.mahasiswa.map((s) => s.nim)]);
  const removals: SemesterImportRemoval[] = [];
  const removeTeachers: SemesterPlan['removeTeachers'] = [];
  const removeEnrolments: SemesterPlan['removeEnrolments'] = [];
  const listRemoval = (removal: SemesterImportRemoval) => {
    if (removals.length < listedRemovals) removals.push(removal);
  };

  /** Checks that a row of a class's people names a class of the file and a known person. */
  const checkMember = (
    sheet: 'Pengajar' | 'Peserta',
    row: { baris: number; kelasId: string },
    column: 'NIDN' | 'NIM',
    key: string,
    known: Set<string>,
  ) => {
    if (!fileClasses.has(row.kelasId))
      problems.add(sheet, row.baris, 'ID Kelas', `Kelas ${row.kelasId} tidak ada di lembar Kelas.`);
    const who = column === 'NIDN' ? 'Dosen' : 'Mahasiswa';
    if (!known.has(key))
      problems.add(sheet, row.baris, column, `${who} dengan ${column} ${key} tidak dikenal.`);
  };
  for (const t of rows.pengajar) {
    checkMember('Pengajar', t, 'NIDN', t.nidn, nidns);
    sort('pengajar', t, stored.teachers.get(t.kelasId)?.get(t.nidn), ['peran', 'utama']);
  }
  for (const e of rows.peserta) {
    checkMember('Peserta', e, 'NIM', e.nim, nims);
    sort('peserta', e, stored.enrolments.get(e.kelasId)?.get(e.nim), []);
  }
  const teachersInFile = keysByClass(rows.pengajar, (t) => t.nidn);
  const enrolledInFile = keysByClass(rows.peserta, (e) => e.nim);

  // Of the classes in the file, who is stored but no longer listed: removed on applying.
  for (const kelasId of fileClasses) {
    for (const [nidn, t] of stored.teachers.get(kelasId) ?? []) {
      if (teachersInFile.get(kelasId)?.has(nidn)) continue;
      summary.pengajar.dihapus += 1;
      removeTeachers.push({ kelasId, dosenId: t.dosenId });
      listRemoval({ entitas: 'pengajar', kelas: kelasId, kunci: nidn, nama: '' });
    }
    for (const [nim, s] of stored.enrolments.get(kelasId) ?? []) {
      if (enrolledInFile.get(kelasId)?.has(nim)) continue;
      summary.peserta.dihapus += 1;
      removeEnrolments.push({ kelasId, mahasiswaId: s.mahasiswaId });
      listRemoval({ entitas: 'peserta', kelas: kelasId, kunci: nim, nama: s.nama });
    }
  }
  return { summary, upserts, removeTeachers, removeEnrolments, removals };
}

/** The keys a sheet of a class's people lists, by class id. */
function keysByClass<R extends { kelasId: string }>(rows: R[], keyOf: (row: R) => string) {
  const byClass = new Map<string, Set<string>>();
  for (const row of rows) {
    let keys = byClass.get(row.kelasId);
    if (!keys) byClass.set(row.kelasId, (keys = new Set()));
    keys.add(keyOf(row));
  }
  return byClass;
}

function sameSchedule(a: ClassSchedule | null, b: ClassSchedule | null): boolean {
  if (!a || !b) return a === b;
  return (
    a.hari === b.hari && a.jamMulai === b.jamMulai && a.jamSelesai === b.jamSelesai && a.ruangan === b.ruangan
  );
}

/** A hash of the stored state a preview was computed from: a change by anyone since makes it stale. */
export function fingerprintOf(stored: StoredSemester): string {
  const hash = createHash('sha256');
  const feed = (name: string, map: Map<unknown, unknown>) => {
    hash.update(`\u0001${name}`);
    const keys = [...map.keys()].map(String).sort();
    const byText = new Map([...map.entries()].map(([k, v]) => [String(k), v]));
    for (const key of keys) {
      const value = byText.get(key);
      hash.update(`\u0002${key}\u0003`);
      if (value instanceof Map) feed(key, value);
      else hash.update(JSON.stringify(value));
    }
  };
  feed('periods', stored.periods);
  feed('prodi', stored.prodi);
  feed('courses', stored.courses);
  feed('lecturers', stored.lecturers);
  feed('students', stored.students);
  hash.update(`\u0001taken${[...stored.takenUsernames].sort().join(',')}`);
  feed('classes', stored.classes);
  feed('teachers', stored.teachers);
  feed('enrolments', stored.enrolments);
  return hash.digest('hex');
}
