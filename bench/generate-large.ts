// Large data for benchmarks: 50,000 students, 5,000 classes, ~250,000 enrolments, 80,000 meetings,
// added to the demo college (so the demo accounts can sign in and see it) on a migrated, demo-seeded
// PostgreSQL database. Run alone: `npx tsx bench/generate-large.ts postgres://…` (migrates and seeds
// the demo first when the database is empty).
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.ts';
import {
  currentPeriod,
  demoCollegeId,
  hashDemoPassword,
  seedDemoUniversity,
} from '../apps/server/src/db/seed/demo-university.seed.ts';
import {
  femaleFirstNames,
  lastNames,
  maleFirstNames,
  middleNames,
} from '../apps/server/src/db/seed/demo-university.data.ts';
import { SeededRandom, createStableUuid } from '../apps/server/src/db/seed/seeded-random.ts';

export interface LargeDataOptions {
  students?: number;
  classes?: number;
  enrolmentsPerStudent?: number;
  now?: Date;
  log?: (line: string) => void;
}

export interface LargeDataSummary {
  skipped: boolean;
  seconds: number;
  rows: Record<string, number>;
}

const largePrograms: Array<[key: string, nama: string, jenjang: string]> = [
  ['TS', 'Teknik Sipil', 'S1'],
  ['AR', 'Arsitektur', 'S1'],
  ['TI', 'Teknik Industri', 'S1'],
  ['TM', 'Teknik Mesin', 'S1'],
  ['TK', 'Teknik Kimia', 'S1'],
  ['PW', 'Perencanaan Wilayah dan Kota', 'S1'],
  ['IK', 'Ilmu Komunikasi', 'S1'],
  ['HI', 'Hubungan Internasional', 'S1'],
  ['HK', 'Ilmu Hukum', 'S1'],
  ['PS', 'Psikologi', 'S1'],
  ['PM', 'Pendidikan Matematika', 'S1'],
  ['PB', 'Pendidikan Bahasa Inggris', 'S1'],
  ['SA', 'Sastra Indonesia', 'S1'],
  ['KD', 'Pendidikan Dokter', 'S1'],
  ['FA', 'Farmasi', 'S1'],
  ['KP', 'Keperawatan', 'S1'],
  ['KM', 'Kesehatan Masyarakat', 'S1'],
  ['AG', 'Agribisnis', 'S1'],
  ['GZ', 'Ilmu Gizi', 'S1'],
  ['DK', 'Desain Komunikasi Visual', 'S1'],
  ['ST', 'Statistika', 'S1'],
  ['BI', 'Biologi', 'S1'],
  ['EP', 'Ekonomi Pembangunan', 'S1'],
  ['AD', 'Akuntansi', 'D3'],
];
const coursePrefixes = [
  'Pengantar',
  'Dasar-Dasar',
  'Teori',
  'Metodologi',
  'Praktikum',
  'Seminar',
  'Analisis',
  'Manajemen',
  'Perancangan',
  'Kapita Selekta',
];
const courseSubjects = [
  'Statistika',
  'Komunikasi',
  'Kebijakan Publik',
  'Penelitian',
  'Etika Profesi',
  'Kewirausahaan',
  'Bahasa Indonesia',
  'Sistem Informasi',
  'Kualitas',
  'Proyek',
  'Lingkungan',
  'Data',
  'Organisasi',
  'Material',
  'Perencanaan',
  'Evaluasi',
];
const sessions: Array<[from: number, to: number]> = [
  [7 * 60 + 30, 10 * 60],
  [10 * 60, 12 * 60 + 30],
  [13 * 60, 15 * 60 + 30],
  [15 * 60 + 30, 18 * 60],
];
const zoneOffsetMs = 7 * 3_600_000;
const dayMs = 86_400_000;
const weekMs = 7 * dayMs;

type Column = [name: string, arrayType: string, values: unknown[], cast?: string];

/** One multi-row INSERT … SELECT FROM unnest(arrays) per chunk: a few statements for many rows. */
async function insertUnnest(client: pg.ClientBase, table: string, columns: Column[], chunk = 20_000) {
  const started = performance.now();
  const length = columns[0]![2].length;
  const names = columns.map((c) => c[0]).join(', ');
  const select = columns.map((c) => (c[3] ? `${c[0]}::${c[3]}` : c[0])).join(', ');
  const arrays = columns.map((c, i) => `$${i + 1}::${c[1]}[]`).join(', ');
  const sql = `insert into ${table} (${names}) select ${select} from unnest(${arrays}) as u(${names})`;
  for (let from = 0; from < length; from += chunk) {
    await client.query(
      sql,
      columns.map((c) => c[2].slice(from, from + chunk)),
    );
  }
  if (process.env.BENCH_VERBOSE)
    console.log(`    ${table}: ${length} rows, ${Math.round(performance.now() - started)} ms`);
  return length;
}

/** Adds the large data set to the demo college; skips when it is already there. */
export async function generateLargeData(
  databaseUrl: string,
  options: LargeDataOptions = {},
): Promise<LargeDataSummary> {
  const started = performance.now();
  const studentCount = options.students ?? 50_000;
  const classCount = options.classes ?? 5_000;
  const perStudent = options.enrolmentsPerStudent ?? 5;
  const now = options.now ?? new Date();
  const log = options.log ?? (() => undefined);
  const collegeId = demoCollegeId;
  const rng = new SeededRandom(50_000);
  const uid = (name: string) => createStableUuid(`${collegeId}:large:${name}`);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const existing = await client.query(`select 1 from study_programs where id = $1`, [`${collegeId}-ts`]);
    if (existing.rowCount) return { skipped: true, seconds: 0, rows: {} };

    // One hash for every generated account (argon2 is slow on purpose).
    const passwordHash = await hashDemoPassword();
    await client.query('begin');
    // Bulk load: nothing is lost that a rerun would not recreate.
    await client.query('set local synchronous_commit = off');
    // The generated rows are consistent by construction; skipping the per-row foreign-key triggers
    // roughly halves the load time. Needs a superuser (the throw-away cluster is); otherwise they run.
    await client.query('savepoint replica_role');
    try {
      await client.query('set local session_replication_role = replica');
      await client.query('release savepoint replica_role');
    } catch {
      await client.query('rollback to savepoint replica_role');
    }
    const rows: Record<string, number> = {};

    // Study programs, a campus and rooms.
    const prodiIds = largePrograms.map(([key]) => `${collegeId}-${key.toLowerCase()}`);
    rows.study_programs = await insertUnnest(client, 'study_programs', [
      ['id', 'text', prodiIds],
      ['college_id', 'text', prodiIds.map(() => collegeId)],
      ['kode', 'text', largePrograms.map((_, i) => String(70201 + i * 10))],
      ['nama', 'text', largePrograms.map((p) => p[1])],
      ['jenjang', 'text', largePrograms.map((p) => p[2])],
    ]);
    const campusId = uid('campus');
    await client.query(`insert into campuses (id, college_id, nama, alamat) values ($1, $2, $3, $4)`, [
      campusId,
      collegeId,
      'Kampus Jatinangor',
      'Jl. Raya Jatinangor No. 1, Sumedang',
    ]);
    const roomIds = Array.from({ length: 300 }, (_, i) => uid(`room:${i}`));
    rows.rooms = await insertUnnest(client, 'rooms', [
      ['id', 'uuid', roomIds],
      ['college_id', 'text', roomIds.map(() => collegeId)],
      ['kampus_id', 'uuid', roomIds.map(() => campusId)],
      ['nama', 'text', roomIds.map((_, i) => `Gedung ${String.fromCharCode(68 + (i % 20))} R.${100 + i}`)],
      ['kapasitas', 'int4', roomIds.map(() => 80)],
    ]);

    // People: lecturers (40 per program) and students (cohorts 2023–2026).
    const person = () => {
      const first = rng.pick(rng.chance(0.5) ? femaleFirstNames : maleFirstNames);
      const middle = rng.chance(0.4) ? ` ${rng.pick(middleNames)}` : '';
      return `${first}${middle} ${rng.pick(lastNames)}`;
    };
    const lecturerIds: string[][] = largePrograms.map(() => []);
    const lecturer = {
      id: [] as string[],
      nidn: [] as string[],
      nama: [] as string[],
      prodi: [] as string[],
    };
    largePrograms.forEach((_, p) => {
      for (let i = 0; i < 40; i++) {
        const nidn = `09${String(p).padStart(2, '0')}${String(i).padStart(2, '0')}${rng.int(1000, 9999)}`;
        const id = uid(`dosen:${nidn}`);
        lecturerIds[p]!.push(id);
        lecturer.id.push(id);
        lecturer.nidn.push(nidn);
        lecturer.nama.push(person());
        lecturer.prodi.push(prodiIds[p]!);
      }
    });
    const student = {
      id: [] as string[],
      nim: [] as string[],
      nama: [] as string[],
      prodi: [] as string[],
      angkatan: [] as number[],
      status: [] as string[],
    };
    const studentsOfProgram: number[][] = largePrograms.map(() => []);
    for (let i = 0; i < studentCount; i++) {
      const p = i % largePrograms.length;
      const angkatan = 2023 + (Math.floor(i / largePrograms.length) % 4);
      const seq = Math.floor(i / (largePrograms.length * 4)) + 1;
      const nim = `${angkatan}${11 + p}${String(seq).padStart(4, '0')}`;
      student.id.push(uid(`mahasiswa:${nim}`));
      student.nim.push(nim);
      student.nama.push(person());
      student.prodi.push(prodiIds[p]!);
      student.angkatan.push(angkatan);
      const status = rng.chance(0.03) ? 'Cuti' : 'Aktif';
      student.status.push(status);
      if (status === 'Aktif') studentsOfProgram[p]!.push(i);
    }
    const userIds = [...lecturer.id, ...student.id];
    rows.users = await insertUnnest(client, 'users', [
      ['id', 'uuid', userIds],
      ['college_id', 'text', userIds.map(() => collegeId)],
      ['username', 'text', [...lecturer.nidn, ...student.nim]],
      ['password_hash', 'text', userIds.map(() => passwordHash)],
      ['role', 'text', [...lecturer.id.map(() => 'dosen'), ...student.id.map(() => 'mahasiswa')], 'role'],
      ['nama', 'text', [...lecturer.nama, ...student.nama]],
      ['created_at', 'timestamptz', userIds.map(() => now)],
    ]);
    rows.lecturers = await insertUnnest(client, 'lecturers', [
      ['user_id', 'uuid', lecturer.id],
      ['college_id', 'text', lecturer.id.map(() => collegeId)],
      ['nidn', 'text', lecturer.nidn],
      ['gelar_akademik', 'text', lecturer.id.map(() => 'S.T., M.T.')],
      ['jabatan', 'text', lecturer.id.map(() => rng.pick(['Asisten Ahli', 'Lektor', 'Lektor Kepala']))],
      ['prodi_id', 'text', lecturer.prodi],
    ]);
    rows.students = await insertUnnest(client, 'students', [
      ['user_id', 'uuid', student.id],
      ['college_id', 'text', student.id.map(() => collegeId)],
      ['nim', 'text', student.nim],
      ['prodi_id', 'text', student.prodi],
      ['status', 'text', student.status],
      ['angkatan', 'int4', student.angkatan],
    ]);
    log(`  people: ${userIds.length} users`);

    // Courses: 50 per program, coordinated by the program's lecturers.
    const course = {
      id: [] as string[],
      nama: [] as string[],
      sks: [] as number[],
      semester: [] as number[],
      prodi: [] as string[],
      koordinator: [] as string[],
      p: [] as number[],
    };
    largePrograms.forEach(([key], p) => {
      for (let i = 0; i < 50; i++) {
        const semester = 1 + (i % 8);
        course.id.push(`${key}${semester}${String(i + 1).padStart(3, '0')}`);
        course.nama.push(`${rng.pick(coursePrefixes)} ${rng.pick(courseSubjects)} ${largePrograms[p]![1]}`);
        course.sks.push(rng.pick([2, 3, 3, 4]));
        course.semester.push(semester);
        course.prodi.push(prodiIds[p]!);
        course.koordinator.push(lecturerIds[p]![i % 40]!);
        course.p.push(p);
      }
    });
    rows.courses = await insertUnnest(client, 'courses', [
      ['id', 'text', course.id],
      ['college_id', 'text', course.id.map(() => collegeId)],
      ['kode', 'text', course.id],
      ['nama', 'text', course.nama],
      ['sks', 'int2', course.sks],
      ['semester', 'int2', course.semester],
      ['prodi_id', 'text', course.prodi],
      ['koordinator_dosen_id', 'uuid', course.koordinator],
      ['pengembang_rps_dosen_id', 'uuid', course.koordinator],
    ]);

    // Classes in the current period, each with a weekly slot, teachers and (below) students.
    const klass = {
      id: [] as string[],
      course: [] as string[],
      nama: [] as string[],
      mode: [] as string[],
      hari: [] as number[],
      from: [] as number[],
      to: [] as number[],
      room: [] as (string | null)[],
      p: [] as number[],
      main: [] as string[],
    };
    const classesOfProgram: number[][] = largePrograms.map(() => []);
    for (let c = 0; c < classCount; c++) {
      const ci = c % course.id.length;
      const nama = String(Math.floor(c / course.id.length) + 1).padStart(2, '0');
      const p = course.p[ci]!;
      const [from, to] = rng.pick(sessions);
      const mode = rng.pick(['offline', 'offline', 'offline', 'online', 'campuran']);
      klass.id.push(`${currentPeriod}_${nama}_${course.id[ci]}`);
      klass.course.push(course.id[ci]!);
      klass.nama.push(nama);
      klass.mode.push(mode);
      klass.hari.push(rng.int(1, 6));
      klass.from.push(from);
      klass.to.push(from + Math.min(to - from, course.sks[ci]! * 50));
      klass.room.push(mode === 'online' ? null : rng.pick(roomIds));
      klass.p.push(p);
      klass.main.push(rng.pick(lecturerIds[p]!));
      classesOfProgram[p]!.push(c);
    }

    // Enrolments: each active student in `perStudent` distinct classes of their program.
    const enrol = { kelas: [] as string[], mahasiswa: [] as string[] };
    const firstNimOf = new Map<number, string>();
    largePrograms.forEach((_, p) => {
      const pool = classesOfProgram[p]!;
      for (const s of studentsOfProgram[p]!) {
        const picked = new Set<number>();
        while (picked.size < Math.min(perStudent, pool.length))
          picked.add(pool[rng.int(0, pool.length - 1)]!);
        for (const c of picked) {
          enrol.kelas.push(klass.id[c]!);
          enrol.mahasiswa.push(student.id[s]!);
          if (!firstNimOf.has(c)) firstNimOf.set(c, student.nim[s]!);
        }
      }
    });

    const time = (minutes: number) =>
      `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
    rows.classes = await insertUnnest(client, 'classes', [
      ['id', 'text', klass.id],
      ['college_id', 'text', klass.id.map(() => collegeId)],
      ['periode', 'int4', klass.id.map(() => currentPeriod)],
      ['mata_kuliah_id', 'text', klass.course],
      ['nama', 'text', klass.nama],
      ['status', 'text', klass.id.map(() => 'berlangsung'), 'class_status'],
      ['mode_kuliah', 'text', klass.mode, 'lecture_mode'],
      ['kapasitas', 'int4', klass.id.map(() => 80)],
      ['kampus_id', 'uuid', klass.id.map(() => campusId)],
      ['banner_color_idx', 'int2', klass.id.map((_, i) => i % 7)],
      ['ketua_kelas_nim', 'text', klass.id.map((_, c) => firstNimOf.get(c) ?? null)],
      ['created_at', 'timestamptz', klass.id.map(() => now)],
      ['updated_at', 'timestamptz', klass.id.map(() => now)],
    ]);
    rows.class_study_programs = await insertUnnest(client, 'class_study_programs', [
      ['kelas_id', 'text', klass.id],
      ['prodi_id', 'text', klass.p.map((p) => prodiIds[p]!)],
      ['college_id', 'text', klass.id.map(() => collegeId)],
    ]);
    rows.class_schedules = await insertUnnest(client, 'class_schedules', [
      ['id', 'uuid', klass.id.map((id) => uid(`jadwal:${id}`))],
      ['college_id', 'text', klass.id.map(() => collegeId)],
      ['kelas_id', 'text', klass.id],
      ['hari', 'int2', klass.hari],
      ['jam_mulai', 'time', klass.from.map(time)],
      ['jam_selesai', 'time', klass.to.map(time)],
      ['ruangan_id', 'uuid', klass.room],
    ]);
    const teach = {
      kelas: [] as string[],
      dosen: [] as string[],
      utama: [] as boolean[],
      urutan: [] as number[],
    };
    klass.id.forEach((id, c) => {
      teach.kelas.push(id);
      teach.dosen.push(klass.main[c]!);
      teach.utama.push(true);
      teach.urutan.push(1);
      if (rng.chance(0.4)) {
        const second = rng.pick(lecturerIds[klass.p[c]!]!);
        if (second !== klass.main[c]) {
          teach.kelas.push(id);
          teach.dosen.push(second);
          teach.utama.push(false);
          teach.urutan.push(2);
        }
      }
    });
    rows.class_teachers = await insertUnnest(client, 'class_teachers', [
      ['kelas_id', 'text', teach.kelas],
      ['dosen_id', 'uuid', teach.dosen],
      ['college_id', 'text', teach.kelas.map(() => collegeId)],
      ['is_utama', 'bool', teach.utama],
      ['urutan', 'int2', teach.urutan],
    ]);
    rows.class_students = await insertUnnest(client, 'class_students', [
      ['kelas_id', 'text', enrol.kelas],
      ['mahasiswa_id', 'uuid', enrol.mahasiswa],
      ['college_id', 'text', enrol.kelas.map(() => collegeId)],
      ['created_at', 'timestamptz', enrol.kelas.map(() => now)],
    ]);
    log(`  classes: ${klass.id.length}, enrolments: ${enrol.kelas.length}`);

    // Sixteen meetings per class on its weekly slot; meeting 7 falls in the current week, like the demo.
    const nowLocal = now.getTime() + zoneOffsetMs;
    const todayLocal = Math.floor(nowLocal / dayMs) * dayMs;
    const week0 = todayLocal - ((new Date(todayLocal).getUTCDay() + 6) % 7) * dayMs - 6 * weekMs;
    const meeting = {
      id: [] as string[],
      kelas: [] as string[],
      nomor: [] as number[],
      judul: [] as string[],
      kategori: [] as string[],
      jenis: [] as string[],
      mulai: [] as Date[],
      selesai: [] as Date[],
      room: [] as (string | null)[],
      status: [] as string[],
      mulaiKuliah: [] as (Date | null)[],
      selesaiKuliah: [] as (Date | null)[],
      dosen: [] as string[],
    };
    klass.id.forEach((id, c) => {
      for (let nomor = 1; nomor <= 16; nomor++) {
        const kategori = nomor === 8 ? 'uts' : nomor === 16 ? 'uas' : 'kuliah';
        const mode = klass.mode[c]!;
        const jenis = mode === 'campuran' ? (nomor % 2 ? 'offline' : 'online') : mode;
        const startLocal =
          week0 + (nomor - 1) * weekMs + ((klass.hari[c]! + 6) % 7) * dayMs + klass.from[c]! * 60_000;
        const start = new Date(startLocal - zoneOffsetMs);
        const end = new Date(start.getTime() + (klass.to[c]! - klass.from[c]!) * 60_000);
        const status = end <= now ? 'selesai' : start <= now ? 'berlangsung' : 'belum_dimulai';
        meeting.id.push(uid(`pertemuan:${id}:${nomor}`));
        meeting.kelas.push(id);
        meeting.nomor.push(nomor);
        meeting.judul.push(
          nomor === 1
            ? 'Pendahuluan dan Kontrak Perkuliahan'
            : kategori === 'uts'
              ? 'Ujian Tengah Semester'
              : kategori === 'uas'
                ? 'Ujian Akhir Semester'
                : `Materi Pertemuan ${nomor}`,
        );
        meeting.kategori.push(kategori);
        meeting.jenis.push(jenis);
        meeting.mulai.push(start);
        meeting.selesai.push(end);
        meeting.room.push(jenis === 'online' ? null : klass.room[c]!);
        meeting.status.push(status);
        meeting.mulaiKuliah.push(status === 'belum_dimulai' ? null : start);
        meeting.selesaiKuliah.push(status === 'selesai' ? end : null);
        meeting.dosen.push(klass.main[c]!);
      }
    });
    rows.meetings = await insertUnnest(client, 'meetings', [
      ['id', 'uuid', meeting.id],
      ['college_id', 'text', meeting.id.map(() => collegeId)],
      ['kelas_id', 'text', meeting.kelas],
      ['nomor', 'int2', meeting.nomor],
      ['judul', 'text', meeting.judul],
      ['kategori', 'text', meeting.kategori, 'meeting_category'],
      ['jenis', 'text', meeting.jenis, 'lecture_mode'],
      ['waktu_mulai', 'timestamptz', meeting.mulai],
      ['waktu_selesai', 'timestamptz', meeting.selesai],
      ['ruangan_id', 'uuid', meeting.room],
      ['status', 'text', meeting.status, 'meeting_status'],
      ['mulai_kuliah', 'timestamptz', meeting.mulaiKuliah],
      ['selesai_kuliah', 'timestamptz', meeting.selesaiKuliah],
      ['created_at', 'timestamptz', meeting.id.map(() => now)],
      ['updated_at', 'timestamptz', meeting.id.map(() => now)],
    ]);
    rows.meeting_teachers = await insertUnnest(client, 'meeting_teachers', [
      ['pertemuan_id', 'uuid', meeting.id],
      ['dosen_id', 'uuid', meeting.dosen],
      ['college_id', 'text', meeting.id.map(() => collegeId)],
    ]);
    await client.query('commit');
    // Fresh statistics, so the planner sees the real sizes at once.
    await client.query('analyze');
    return { skipped: false, seconds: (performance.now() - started) / 1000, rows };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** Migrates, seeds the demo university when empty, and adds the large data set. */
export async function prepareLargeDatabase(databaseUrl: string, options: LargeDataOptions = {}) {
  const database = await openDatabase({ databaseUrl });
  try {
    await database.migrate();
    const [row] = await database.query<{ n: number }>('select count(*)::int as n from colleges');
    if (!row?.n) await seedDemoUniversity(database.db, { now: options.now });
  } finally {
    await database.close();
  }
  return generateLargeData(databaseUrl, options);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.argv[2] ?? process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.error('usage: tsx bench/generate-large.ts postgres://user@host:port/db');
    process.exit(2);
  }
  const summary = await prepareLargeDatabase(url, { log: console.log });
  console.log(summary.skipped ? 'large data already present' : summary);
}
