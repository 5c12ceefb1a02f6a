import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { excludedColumns } from '../../db/excluded-columns.ts';
import { classes } from '../../db/schema/class.schema.ts';
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
