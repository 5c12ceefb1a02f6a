import { createHash } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../database.ts';
import {
  buildDemoUniversity,
  currentPeriod,
  demoPassword,
  seedDemoUniversity,
} from './demo-university.seed.ts';

// Wednesday 18 November 2026, 10:15 WIB.
const now = new Date('2026-11-18T03:15:00Z');
const digestTables = [
  ['users', 'id'],
  ['students', 'user_id'],
  ['lecturers', 'user_id'],
  ['periods', 'kode'],
  ['courses', 'id'],
  ['classes', 'id'],
  ['class_schedules', 'id'],
  ['class_teachers', 'kelas_id, dosen_id'],
  ['class_students', 'kelas_id, mahasiswa_id'],
  ['meetings', 'id'],
  ['announcements', 'id'],
] as const;

async function seededDatabase(): Promise<Database> {
  const database = await openDatabase({});
  await database.migrate();
  await seedDemoUniversity(database.db, { now });
  return database;
}

async function digestOf(database: Database): Promise<string> {
  const hash = createHash('sha256');
  for (const [table, orderBy] of digestTables) {
    const rows = await database.query(`select * from ${table} order by ${orderBy}`);
    hash.update(`${table}:${JSON.stringify(rows)}\n`);
  }
  return hash.digest('hex');
}

let first: Database;
let second: Database;
// Two whole demo universities: ~20 s alone, past a minute beside the other suites on a busy two-core
// machine (a CI run timed out at 60 s).
beforeAll(async () => {
  first = await seededDatabase();
  second = await seededDatabase();
}, 180_000);
afterAll(async () => {
  await first?.close();
  await second?.close();
});

describe('demo university seed', () => {
  it('produces identical data for the same `now`', async () => {
    expect(await digestOf(second)).toBe(await digestOf(first));
  });

  it('creates the five demo accounts with their promised properties', async () => {
    const accounts = await first.query<{
      username: string;
      role: string;
      password_hash: string;
      operator_permissions: Record<string, string> | null;
      status: string | null;
    }>(
      `select u.username, u.role, u.password_hash, u.operator_permissions, s.status
         from users u left join students s on s.user_id = u.id
        where u.college_id = 'demo'
          and u.username in ('mahasiswa', 'mahasiswa.cuti', 'dosen', 'operator', 'operator.lihat')`,
    );
    const byName = Object.fromEntries(accounts.map((a) => [a.username, a]));
    expect(Object.keys(byName).sort()).toEqual([
      'dosen',
      'mahasiswa',
      'mahasiswa.cuti',
      'operator',
      'operator.lihat',
    ]);
    for (const account of accounts) expect(await verify(account.password_hash, demoPassword)).toBe(true);

    expect(byName.mahasiswa).toMatchObject({ role: 'mahasiswa', status: 'Aktif' });
    expect(byName['mahasiswa.cuti']).toMatchObject({ role: 'mahasiswa', status: 'Cuti' });
    expect(byName.operator!.operator_permissions).toEqual({
      data_master: 'write',
      kelas_kuliah: 'write',
      bank_soal: 'write',
      data_sistem: 'write',
      konfigurasi: 'write',
      pengumuman: 'write',
      bantuan: 'read',
      laporan: 'write',
    });
    expect(Object.values(byName['operator.lihat']!.operator_permissions!)).toEqual(Array(8).fill('read'));

    const [studentClasses] = await first.query<{ n: number }>(
      `select count(*)::int as n from class_students cs
         join classes c on c.id = cs.kelas_id join users u on u.id = cs.mahasiswa_id
        where u.username = 'mahasiswa' and c.periode = $1`,
      [currentPeriod],
    );
    expect(studentClasses!.n).toBeGreaterThanOrEqual(6);

    const [lecturer] = await first.query<{ classes: number; main: number; coordinated: number }>(
      `select (select count(*)::int from class_teachers ct join classes c on c.id = ct.kelas_id
                where ct.dosen_id = u.id and c.periode = $1) as classes,
              (select count(*)::int from class_teachers ct join classes c on c.id = ct.kelas_id
                where ct.dosen_id = u.id and c.periode = $1 and ct.is_utama) as main,
              (select count(*)::int from courses where koordinator_dosen_id = u.id) as coordinated
         from users u join lecturers l on l.user_id = u.id where u.username = 'dosen'`,
      [currentPeriod],
    );
    expect(lecturer!.classes).toBeGreaterThanOrEqual(3);
    expect(lecturer!.main).toBeGreaterThanOrEqual(1);
    expect(lecturer!.coordinated).toBe(1);
  });

  it('gives every current class a schedule, one main teacher, 20–45 students, a class head and 16 meetings', async () => {
    const rows = await first.query<{
      id: string;
      schedules: number;
      mains: number;
      students: number;
      meetings: number;
      head_enrolled: boolean;
    }>(
      `select c.id,
              (select count(*)::int from class_schedules s where s.kelas_id = c.id) as schedules,
              (select count(*)::int from class_teachers t where t.kelas_id = c.id and t.is_utama) as mains,
              (select count(*)::int from class_students cs where cs.kelas_id = c.id) as students,
              (select count(*)::int from meetings m where m.kelas_id = c.id) as meetings,
              exists (select 1 from class_students cs join students st on st.user_id = cs.mahasiswa_id
                       where cs.kelas_id = c.id and st.nim = c.ketua_kelas_nim) as head_enrolled
         from classes c where c.periode = $1`,
      [currentPeriod],
    );
    expect(rows.length).toBeGreaterThanOrEqual(25);
    for (const row of rows) {
      expect(row, row.id).toMatchObject({ schedules: 1, mains: 1, meetings: 16, head_enrolled: true });
      expect(row.students, row.id).toBeGreaterThanOrEqual(20);
      expect(row.students, row.id).toBeLessThanOrEqual(45);
    }
  });

  it('enrols the same students and teachers whatever the day and hour of the seed', () => {
    // The end-to-end tests rely on this: class sizes and teachers must not change with the clock.
    const membersAt = (moment: Date) => {
      const { classTeachers, classStudents } = buildDemoUniversity(moment, 'hash');
      return {
        teachers: classTeachers.map((t) => `${t.kelasId}:${t.dosenId}:${t.peran}`),
        students: classStudents.map((s) => `${s.kelasId}:${s.mahasiswaId}`),
      };
    };
    const reference = membersAt(now);
    expect(membersAt(new Date('2026-11-22T16:50:00Z'))).toEqual(reference);
    expect(membersAt(new Date('2026-12-09T08:30:00Z'))).toEqual(reference);
  });

  it('sets meeting statuses consistent with their dates, for any time of day', () => {
    const moments = [
      now,
      new Date('2026-11-22T16:50:00Z'), // Sunday 23:50 WIB
      new Date('2026-11-23T17:05:00Z'), // Tuesday 00:05 WIB
      new Date('2027-03-01T06:00:00Z'), // a later semester's Monday
    ];
    for (const moment of moments) {
      const { meetings, classes, classSchedules } = buildDemoUniversity(moment, 'hash');
      const t = moment.getTime();
      const counts = { belum_dimulai: 0, berlangsung: 0, selesai: 0 };
      for (const m of meetings) {
        const start = m.waktuMulai.getTime();
        const end = m.waktuSelesai.getTime();
        counts[m.status!]++;
        if (m.status === 'selesai') {
          expect(end).toBeLessThanOrEqual(t);
          expect(m.mulaiKuliah!.getTime()).toBeLessThanOrEqual(m.selesaiKuliah!.getTime());
          expect(m.selesaiKuliah!.getTime()).toBeLessThanOrEqual(t);
        } else if (m.status === 'berlangsung') {
          expect(start).toBeLessThanOrEqual(t);
          expect(end).toBeGreaterThan(t);
          expect(m.mulaiKuliah!.getTime()).toBeLessThanOrEqual(t);
          expect(m.selesaiKuliah).toBeNull();
        } else {
          expect(start).toBeGreaterThan(t);
          expect(m.mulaiKuliah).toBeNull();
          expect(m.selesaiKuliah).toBeNull();
        }
        // Each meeting falls on its class's weekly day (WIB).
        const schedule = classSchedules.find((s) => s.kelasId === m.kelasId)!;
        expect(new Date(start + 7 * 3_600_000).getUTCDay()).toBe(schedule.hari);
      }
      expect(counts.berlangsung).toBeGreaterThanOrEqual(1);
      expect(counts.selesai).toBeGreaterThan(0);
      expect(counts.belum_dimulai).toBeGreaterThan(0);
      expect(classes.filter((c) => c.status === 'berlangsung').length).toBeGreaterThan(20);
    }
  });
});
