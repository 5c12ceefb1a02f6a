import type { z } from 'zod';
import type {
  demoSiakadClassInputSchema,
  demoSiakadClassSchema,
  demoSiakadValueInputSchema,
} from '@lms/contract/grade.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, badRequest } from '../../platform/app-error.ts';
import { createDemoSiakadConnector, readDemoClass } from './siakad-demo.connector.ts';
import type { SiakadClass } from './siakad-connector.ts';
import { siakadSignatureValid } from './siakad-signature.ts';
import { classExists, findSiakadSecret, upsertDemoClass, upsertDemoValues } from './siakad.repository.ts';

type DemoClass = z.infer<typeof demoSiakadClassSchema>;

/** A class as the SIAKAD protocol answers it (the demo's screen adds the class id). */
function presentDemoClass(c: SiakadClass) {
  return {
    waktu_entri_nilai_start: c.windowStart?.toISOString() ?? null,
    waktu_entri_nilai_end: c.windowEnd?.toISOString() ?? null,
    is_nilai_dikunci: c.locked,
    komponen: c.komponen,
    nilai: c.values.map((v) => ({
      id_komponen: v.komponenId,
      nim: v.nim,
      nilai: v.nilai,
      update_by_sikad: v.updatedBySiakad,
      updated_by: v.updatedBy,
      updated_at: v.updatedAt.toISOString(),
    })),
  };
}

async function assertClass(db: Db, collegeId: string, kelasId: string) {
  if (!(await classExists(db, collegeId, kelasId))) throw new AppError(404, 'class_not_found');
}

/** The demo SIAKAD's view of a class: components, window, lock, values and who changed them. */
export async function getDemoClass(db: Db, actor: Actor, kelasId: string): Promise<DemoClass> {
  await assertClass(db, actor.collegeId, kelasId);
  const c = await readDemoClass(db, actor.collegeId, kelasId);
  return { id_kelas_kuliah: kelasId, ...presentDemoClass(c) };
}

/** Opens or closes the entry window and locks or unlocks the class "in SIAKAD". */
export async function updateDemoClass(
  db: Db,
  actor: Actor,
  kelasId: string,
  input: z.infer<typeof demoSiakadClassInputSchema>,
): Promise<DemoClass> {
  await assertClass(db, actor.collegeId, kelasId);
  const start = input.waktu_entri_nilai_start;
  const end = input.waktu_entri_nilai_end;
  if (start && end && new Date(end) < new Date(start)) {
    throw badRequest('validation_failed', 'Akhir waktu entri nilai tidak boleh sebelum awalnya.');
  }
  await upsertDemoClass(db, actor.collegeId, kelasId, {
    ...(start !== undefined ? { windowStart: start ? new Date(start) : null } : {}),
    ...(end !== undefined ? { windowEnd: end ? new Date(end) : null } : {}),
    ...(input.is_nilai_dikunci !== undefined ? { locked: input.is_nilai_dikunci } : {}),
  });
  return getDemoClass(db, actor, kelasId);
}

/** Changes a student's value "in SIAKAD" (update_by_sikad), as a SIAKAD user would. */
export async function changeDemoValue(
  db: Db,
  actor: Actor,
  kelasId: string,
  input: z.infer<typeof demoSiakadValueInputSchema>,
): Promise<DemoClass> {
  await assertClass(db, actor.collegeId, kelasId);
  const c = await readDemoClass(db, actor.collegeId, kelasId);
  if (!c.komponen.some((k) => k.id === input.id_komponen)) {
    throw new AppError(404, 'not_found', 'Komponen nilai tidak ditemukan di Siakad.');
  }
  await upsertDemoValues(db, [
    {
      collegeId: actor.collegeId,
      komponenId: input.id_komponen,
      nim: input.nim,
      nilai: input.nilai,
      updatedBySiakad: true,
      updatedBy: 'SIAKAD',
    },
  ]);
  return getDemoClass(db, actor, kelasId);
}

/** Whether a protocol request is signed with the college's key (none stored: never). */
export async function demoProtocolSignatureValid(
  db: Db,
  collegeId: string,
  request: Parameters<typeof siakadSignatureValid>[1],
): Promise<boolean> {
  const secret = await findSiakadSecret(db, collegeId);
  return !!secret && siakadSignatureValid(secret, request);
}

/** GET {url}/kelas_kuliah/{id}/nilai_lms as the demo SIAKAD answers it; null for an unknown class. */
export async function readDemoProtocolClass(db: Db, collegeId: string, kelasId: string) {
  if (!(await classExists(db, collegeId, kelasId))) return null;
  return presentDemoClass(await readDemoClass(db, collegeId, kelasId));
}

/** PUT {url}/kelas_kuliah/{id}/nilai_lms: writes as the demo SIAKAD does; null for an unknown class. */
export async function writeDemoProtocolValues(
  db: Db,
  collegeId: string,
  kelasId: string,
  body: { updated_by: string; nilai: { id_komponen: string; nim: string; nilai: number }[] },
) {
  if (!(await classExists(db, collegeId, kelasId))) return null;
  const results = await createDemoSiakadConnector(db, collegeId).writeValues(
    kelasId,
    body.nilai.map((v) => ({ komponenId: v.id_komponen, nim: v.nim, nilai: v.nilai })),
    body.updated_by,
  );
  return results.map((r) => ({
    id_komponen: r.komponenId,
    nim: r.nim,
    status: r.ok ? ('ok' as const) : ('ditolak' as const),
    pesan: r.message,
  }));
}
