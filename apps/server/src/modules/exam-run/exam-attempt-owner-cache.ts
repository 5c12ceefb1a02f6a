import type { Db } from '../../db/database.ts';
import { findAttemptOwner } from './exam-attempt.repository.ts';

/** An attempt's identity: its student and its exam, which never change once the row is written. */
export interface AttemptOwner {
  id: string;
  ujianId: string;
  mahasiswaId: string;
}

// The exam_attempt resource checks every answer save (the exam's hot path, one statement): the identity
// comes from this per-process memory instead of a statement per save. It cannot go stale in a way that
// lets anyone in: an attempt's student and exam are never updated, and a reset deletes the row (the
// handler's own statements then find nothing and answer 404). Kept 3 hours (longer than any exam's
// sitting), at most 50,000 attempts, the oldest forgotten first.
const keepMs = 3 * 60 * 60_000;
const maxOwners = 50_000;
const owners = new Map<string, { at: number; owner: AttemptOwner }>();

/** Remembers a new attempt's identity (the start that wrote it), so its first save reads nothing more. */
export function rememberAttemptOwner(collegeId: string, owner: AttemptOwner): void {
  const key = `${collegeId}/${owner.id}`;
  owners.delete(key);
  owners.set(key, {
    at: Date.now(),
    owner: { id: owner.id, ujianId: owner.ujianId, mahasiswaId: owner.mahasiswaId },
  });
  while (owners.size > maxOwners) owners.delete(owners.keys().next().value!);
}

/** An attempt's identity from memory, or read once (undefined when the college has no such attempt). */
export async function readAttemptOwner(
  db: Db,
  collegeId: string,
  id: string,
): Promise<AttemptOwner | undefined> {
  const hit = owners.get(`${collegeId}/${id}`);
  if (hit && Date.now() - hit.at < keepMs) return hit.owner;
  const owner = await findAttemptOwner(db, collegeId, id);
  if (owner) rememberAttemptOwner(collegeId, owner);
  return owner;
}
