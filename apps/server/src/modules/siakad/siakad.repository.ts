import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { excludedColumns } from '../../db/excluded-columns.ts';
import { classes } from '../../db/schema/class.schema.ts';
import { periods } from '../../db/schema/academic.schema.ts';
import type { SiakadSemesterPart, SiakadSemesterRow } from './siakad-connector.ts';
import {
  siakadCredentials,
  siakadDemoClasses,
  siakadDemoComponents,
  siakadDemoValues,
} from '../../db/schema/siakad.schema.ts';

/** The demo SIAKAD's window and lock of a class; undefined when it never set one. */
export async function findDemoClass(db: Db, collegeId: string, kelasId: string) {
  const [row] = await db
    .select()
    .from(siakadDemoClasses)
    .where(and(eq(siakadDemoClasses.collegeId, collegeId), eq(siakadDemoClasses.kelasId, kelasId)));
  return row;
}

/** Whether the class exists in the college (the demo SIAKAD knows the same classes). */
export async function classExists(db: Db, collegeId: string, kelasId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.collegeId, collegeId), eq(classes.id, kelasId)));
  return !!row;
}

/** The components of a class in the demo SIAKAD, in their order. */
export async function findDemoComponents(db: Db, collegeId: string, kelasId: string) {
  return db
    .select()
    .from(siakadDemoComponents)
    .where(and(eq(siakadDemoComponents.collegeId, collegeId), eq(siakadDemoComponents.kelasId, kelasId)))
    .orderBy(asc(siakadDemoComponents.urutan), asc(siakadDemoComponents.label));
}

/** The values of a class's components. */
export async function findDemoValues(db: Db, collegeId: string, kelasId: string) {
  return db
    .select({
      komponenId: siakadDemoValues.komponenId,
      nim: siakadDemoValues.nim,
      nilai: siakadDemoValues.nilai,
      updatedBySiakad: siakadDemoValues.updatedBySiakad,
      updatedBy: siakadDemoValues.updatedBy,
      updatedAt: siakadDemoValues.updatedAt,
    })
    .from(siakadDemoValues)
    .innerJoin(siakadDemoComponents, eq(siakadDemoComponents.id, siakadDemoValues.komponenId))
    .where(
      and(
        eq(siakadDemoValues.collegeId, collegeId),
        eq(siakadDemoComponents.collegeId, collegeId),
        eq(siakadDemoComponents.kelasId, kelasId),
      ),
    );
}

/** Sets a class's window and lock (only the given fields). */
export async function upsertDemoClass(
  db: Db,
  collegeId: string,
  kelasId: string,
  change: { windowStart?: Date | null; windowEnd?: Date | null; locked?: boolean },
): Promise<void> {
  await db
    .insert(siakadDemoClasses)
    .values({ collegeId, kelasId, ...change })
    .onConflictDoUpdate({
      target: [siakadDemoClasses.collegeId, siakadDemoClasses.kelasId],
      set: { ...change, updatedAt: sql`now()` },
    });
}

/** Creates components of classes (the demo seed and tests). */
export async function insertDemoComponents(
  db: Db,
  rows: { collegeId: string; kelasId: string; jenis: string; label: string; bobot: number; urutan: number }[],
) {
  if (rows.length === 0) return [];
  return db.insert(siakadDemoComponents).values(rows).returning({
    id: siakadDemoComponents.id,
    kelasId: siakadDemoComponents.kelasId,
    jenis: siakadDemoComponents.jenis,
  });
}

/**
 * Writes values in one statement; a value equal to the stored one leaves the row (and who changed it)
 * alone, so writing the same values twice changes nothing.
 */
export async function upsertDemoValues(
  db: Db,
  rows: {
    collegeId: string;
    komponenId: string;
    nim: string;
    nilai: number;
    updatedBySiakad: boolean;
    updatedBy: string;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(siakadDemoValues)
    .values(rows)
    .onConflictDoUpdate({
      target: [siakadDemoValues.komponenId, siakadDemoValues.nim],
      set: {
        ...excludedColumns(siakadDemoValues, ['nilai', 'updatedBySiakad', 'updatedBy']),
        updatedAt: sql`now()`,
      },
      setWhere: sql`${siakadDemoValues.nilai} is distinct from excluded.nilai`,
    });
}

/** The college's SIAKAD key, or null when none was set. */
export async function findSiakadSecret(db: Db, collegeId: string): Promise<string | null> {
  const [row] = await db
    .select({ secret: siakadCredentials.secret })
    .from(siakadCredentials)
    .where(eq(siakadCredentials.collegeId, collegeId));
  return row?.secret ?? null;
}

/** Whether the college has a SIAKAD key. */
export async function hasSiakadSecret(db: Db, collegeId: string): Promise<boolean> {
  return (await findSiakadSecret(db, collegeId)) !== null;
}

/** Sets (or replaces) the college's SIAKAD key. */
export async function saveSiakadSecret(db: Db, collegeId: string, secret: string): Promise<void> {
  await db
    .insert(siakadCredentials)
    .values({ collegeId, secret })
    .onConflictDoUpdate({ target: siakadCredentials.collegeId, set: { secret, updatedAt: sql`now()` } });
}

const dayNames = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'];

/** Whether the college has the period, and its latest period's code (null when it has none). */
export async function findDemoPeriodCodes(
  db: Db,
  collegeId: string,
  periode: number,
): Promise<{ known: boolean; latest: number | null }> {
  const [row] = await db
    .select({
      known: sql<boolean>`bool_or(${periods.kode} = ${periode})`,
      latest: sql<number | null>`max(${periods.kode})`,
    })
    .from(periods)
    .where(eq(periods.collegeId, collegeId));
  // An aggregate answers one row; max() over no periods is null.
  return { known: row?.known ?? false, latest: row?.latest == null ? null : Number(row.latest) };
}

/**
 * What the demo SIAKAD serves for a period: the college's own rows of `source`; when `periode` is not
 * `source` (the period after the latest), they are carried over to it: the period follows on from the
 * source's end with the same length, the classes are keyed `{periode}_{nama}_{course}`, and only active
 * students are enrolled.
 */
export interface DemoSemesterSource {
  source: number;
  periode: number;
  label: string;
}

/**
 * One page of a period's semester data as the demo SIAKAD holds it: the college's own rows for the
 * source period (its classes, their courses, teachers and students; every study programme), ordered by
 * key. A class with several weekly slots shows its first.
 */
export async function findDemoSemesterRows(
  db: Db,
  collegeId: string,
  { source, periode, label }: DemoSemesterSource,
  part: SiakadSemesterPart,
  offset: number,
  limit: number,
): Promise<SiakadSemesterRow[]> {
  const c = collegeId;
  const carried = source !== periode;
  const periodClasses = sql`select k.id from classes k where k.college_id = ${c} and k.periode = ${source}`;
  // The class's id in the period served: its own, or the workbook's pattern in the next period.
  const classKey = carried
    ? sql`${String(periode)}::text || '_' || k.nama || '_' || k.mata_kuliah_id`
    : sql`k.id`;
  const activeOnly = carried ? sql`and s.status = 'Aktif'` : sql``;
  const page = sql`limit ${limit} offset ${offset}`;
  const statements: Record<SiakadSemesterPart, SQL> = {
    periode: carried
      ? sql`select ${periode}::int as kode, ${label}::text as label,
          (p.tanggal_selesai + 1)::text as tanggal_mulai,
          (p.tanggal_selesai + 1 + (p.tanggal_selesai - p.tanggal_mulai))::text as tanggal_selesai
        from periods p where p.college_id = ${c} and p.kode = ${source} ${page}`
      : sql`select p.kode, p.label, p.tanggal_mulai::text as tanggal_mulai,
          p.tanggal_selesai::text as tanggal_selesai
        from periods p where p.college_id = ${c} and p.kode = ${periode} ${page}`,
    prodi: sql`select s.id as id_prodi, s.kode, s.nama, s.jenjang
      from study_programs s where s.college_id = ${c} order by s.id ${page}`,
    mata_kuliah: sql`select m.id as id_mata_kuliah, m.kode, m.nama, m.sks, m.semester, m.prodi_id as id_prodi
      from courses m where m.college_id = ${c}
        and m.id in (select k.mata_kuliah_id from classes k where k.college_id = ${c} and k.periode = ${source})
      order by m.id ${page}`,
    dosen: sql`select l.nidn, u.nama, u.email, l.prodi_id as id_prodi
      from lecturers l join users u on u.id = l.user_id
      where l.college_id = ${c} and l.user_id in (select t.dosen_id from class_teachers t
        where t.college_id = ${c} and t.kelas_id in (${periodClasses}))
      order by l.nidn ${page}`,
    mahasiswa: sql`select s.nim, u.nama, u.email, s.prodi_id as id_prodi, s.angkatan
      from students s join users u on u.id = s.user_id
      where s.college_id = ${c} ${activeOnly} and s.user_id in (select e.mahasiswa_id from class_students e
        where e.college_id = ${c} and e.kelas_id in (${periodClasses}))
      order by s.nim ${page}`,
    kelas: sql`select ${classKey} as id_kelas, ${periode}::int as periode, k.mata_kuliah_id as id_mata_kuliah,
        k.nama, k.kapasitas, k.mode_kuliah::text as mode, j.hari, to_char(j.jam_mulai, 'HH24:MI') as jam_mulai,
        to_char(j.jam_selesai, 'HH24:MI') as jam_selesai, r.nama as ruangan
      from classes k
      left join lateral (select cs.hari, cs.jam_mulai, cs.jam_selesai, cs.ruangan_id from class_schedules cs
        where cs.college_id = ${c} and cs.kelas_id = k.id order by cs.hari, cs.jam_mulai limit 1) j on true
      left join rooms r on r.id = j.ruangan_id
      where k.college_id = ${c} and k.periode = ${source}
      order by id_kelas ${page}`,
    pengajar: sql`select ${classKey} as id_kelas, l.nidn, t.peran::text as peran, t.is_utama as utama
      from class_teachers t join lecturers l on l.user_id = t.dosen_id
        join classes k on k.college_id = ${c} and k.id = t.kelas_id
      where t.college_id = ${c} and k.periode = ${source}
      order by id_kelas, l.nidn ${page}`,
    peserta: sql`select ${classKey} as id_kelas, s.nim
      from class_students e join students s on s.user_id = e.mahasiswa_id
        join classes k on k.college_id = ${c} and k.id = e.kelas_id
      where e.college_id = ${c} and k.periode = ${source} ${activeOnly}
      order by id_kelas, s.nim ${page}`,
  };
  const result = await db.execute(statements[part]);
  // Both drivers (PGlite, node-postgres) answer raw statements with their rows in `rows`.
  const { rows } = result as unknown as { rows: SiakadSemesterRow[] };
  if (part !== 'kelas') return rows;
  return rows.map((row) => ({ ...row, hari: typeof row.hari === 'number' ? dayNames[row.hari]! : null }));
}
