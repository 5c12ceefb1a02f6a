import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { studentFeeHolds } from '../schema/access-restriction.schema.ts';
import { colleges } from '../schema/college.schema.ts';
import { students, users } from '../schema/identity.schema.ts';
import { createStableUuid } from './seeded-random.ts';

/** The demo student who fails the unpaid-fee restriction (the other demo accounts stay usable). */
export const feeHoldDemoUsername = 'mahasiswa.tunggakan';

/**
 * Access-restriction demo: turns the unpaid-fee rule on for the demo college and adds the student
 * `mahasiswa.tunggakan` (Informatika, like `mahasiswa`), flagged with unpaid fees, so /forbidden can be
 * seen. The exam-attendance rule stays off (no attendance is recorded yet).
 */
export async function seedAccessRestrictionDemo(
  db: Db,
  options: { collegeId: string; passwordHash: string },
) {
  const { collegeId } = options;
  const [model] = await db
    .select({ prodiId: students.prodiId, createdAt: users.createdAt })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(and(eq(users.collegeId, collegeId), eq(users.username, 'mahasiswa')));
  if (!model) return;
  const id = createStableUuid(`${collegeId}:user:${feeHoldDemoUsername}`);
  await db.insert(users).values({
    id,
    collegeId,
    username: feeHoldDemoUsername,
    passwordHash: options.passwordHash,
    role: 'mahasiswa',
    nama: 'Bagas Saputra',
    email: 'bagas.saputra@student.und.ac.id',
    createdAt: model.createdAt,
  });
  await db.insert(students).values({
    userId: id,
    collegeId,
    nim: '2024019999',
    prodiId: model.prodiId,
    status: 'Aktif',
    angkatan: 2024,
  });
  await db.insert(studentFeeHolds).values({
    userId: id,
    collegeId,
    keterangan: 'UKT semester Ganjil 2026/2027 belum dibayar.',
    updatedAt: model.createdAt,
  });
  await db
    .update(colleges)
    .set({
      settings: sql`jsonb_set(coalesce(${colleges.settings}, '{}'::jsonb), '{pembatasan_akses}', coalesce(${colleges.settings} -> 'pembatasan_akses', '{}'::jsonb) || '{"tunggakan_biaya":{"aktif":true}}'::jsonb)`,
    })
    .where(eq(colleges.id, collegeId));
}
