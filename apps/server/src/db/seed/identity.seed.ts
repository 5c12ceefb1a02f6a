import type { OperatorPermissions } from '@lms/contract/permission.rules';
import type { DemoContext } from './demo-seed.context.ts';
import {
  demoStudyPrograms,
  femaleFirstNames,
  lastNames,
  lecturerRanks,
  lecturerTitles,
  maleFirstNames,
  middleNames,
} from './demo-university.data.ts';
import type { SeededRandom } from './seeded-random.ts';

/** Every operator right at write (bantuan is read-only for everyone). */
export const allWrite: OperatorPermissions = {
  data_master: 'write',
  kelas_kuliah: 'write',
  bank_soal: 'write',
  data_sistem: 'write',
  konfigurasi: 'write',
  pengumuman: 'write',
  bantuan: 'read',
  laporan: 'write',
};
/** Every operator right at read. */
export const allRead: OperatorPermissions = Object.fromEntries(
  Object.keys(allWrite).map((area) => [area, 'read']),
) as OperatorPermissions;

/** A name from the catalogue: first name, sometimes a middle name, family name. */
export function createPersonName(rng: SeededRandom): { nama: string; female: boolean } {
  const female = rng.chance(0.5);
  const first = rng.pick(female ? femaleFirstNames : maleFirstNames);
  const middle = rng.chance(0.45) ? ` ${rng.pick(middleNames)}` : '';
  let last = rng.pick(lastNames);
  if (last === first) last = 'Pratama';
  return { nama: `${first}${middle} ${last}`, female };
}

/** A student as the class seed picks them. */
export interface StudentInfo {
  id: string;
  nim: string;
  prodi: string;
  angkatan: number;
  active: boolean;
}

/** The demo university's people, and who later areas give classes to. */
export interface DemoPeople {
  operatorId: string;
  lecturersByProdi: Map<string, string[]>;
  demoLecturerId: string;
  studentsByProdi: Map<string, StudentInfo[]>;
  studentById: Map<string, StudentInfo>;
  demoStudentId: string;
  onLeaveStudentId: string;
}

/** Operators, lecturers and students of the demo university, with the demo accounts among them. */
export function addDemoPeople(ctx: DemoContext): DemoPeople {
  const { rng, collegeId, createdAt, passwordHash, rows, uid, prodiId } = ctx;

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

  return {
    operatorId,
    lecturersByProdi,
    demoLecturerId,
    studentsByProdi,
    studentById,
    demoStudentId,
    onLeaveStudentId,
  };
}
