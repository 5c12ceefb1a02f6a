// Test helpers of the SIAKAD area (other areas' tests may use them).
import type { Db } from '../../db/database.ts';
import { insertDemoComponents, upsertDemoClass } from './siakad.repository.ts';

/** How a test's stand-in SIAKAD checks that the LMS signed its request. */
export { siakadSignatureHeaders, siakadSignatureValid, signSiakadRequest } from './siakad-signature.ts';

/** Gives a class components in the demo SIAKAD and, optionally, its window and lock. */
export async function createDemoSiakadClass(
  db: Db,
  collegeId: string,
  kelasId: string,
  komponen: { jenis: string; label: string; bobot: number }[],
  state: { windowStart?: Date | null; windowEnd?: Date | null; locked?: boolean } = {},
) {
  await upsertDemoClass(db, collegeId, kelasId, state);
  return insertDemoComponents(
    db,
    komponen.map((k, urutan) => ({ collegeId, kelasId, ...k, urutan })),
  );
}
