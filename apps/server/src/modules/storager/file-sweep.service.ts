import type { Db } from '../../db/database.ts';
import type { FileStore, StoredFile } from '../../platform/file-storage.ts';
import { deleteUploadRecords, findReferencedKeys } from './file-references.repository.ts';

/**
 * How old an unreferenced file must be before the sweep removes it. A file is stored before the row that
 * names it is written: a form's upload is put, then its row inserted; a BAP is rendered, then recorded;
 * an option image waits in the question editor until the question is saved. A day is far beyond any of
 * these, so a file on its way to its row is never taken.
 */
export const fileSweepGraceMs = 24 * 3_600_000;

/**
 * Files whose references are asked in one statement. The text columns are read whole for every batch,
 * so batches are large; a thousand keys is still a small statement.
 */
const sweepBatchSize = 1_000;

export interface FileSweepResult {
  /** Files listed in the store. */
  checked: number;
  /** Files this run removed (a file another run removed first is not counted). */
  deleted: number;
  /** Their bytes. */
  bytesFreed: number;
}

/** The key whose references keep a file: its own, or for a file made from another, that one's. */
function owningKey(file: StoredFile): string {
  return file.derivedFrom ?? file.key;
}

/**
 * Removes stored files that no row names any more (see fileReferenceSources) and that are older than
 * fileSweepGraceMs at `now`. Pages through the store and asks about references a batch at a time, so
 * neither the store nor the references are held in memory whole. Safe beside uploads (the grace) and
 * beside another run (a removal is counted by the run that made it); re-runnable after a crash.
 */
export async function sweepUnreferencedFiles(
  db: Db,
  store: FileStore,
  now: Date = new Date(),
): Promise<FileSweepResult> {
  const result: FileSweepResult = { checked: 0, deleted: 0, bytesFreed: 0 };
  const cutoff = now.getTime() - fileSweepGraceMs;
  let batch: StoredFile[] = [];
  for await (const file of store.list()) {
    result.checked++;
    // An unreadable date keeps the file (NaN is never at or before the cutoff).
    if (!(Date.parse(file.createdAt) <= cutoff)) continue;
    batch.push(file);
    if (batch.length >= sweepBatchSize) {
      await sweepBatch(db, store, batch, result);
      batch = [];
    }
  }
  await sweepBatch(db, store, batch, result);
  return result;
}

async function sweepBatch(
  db: Db,
  store: FileStore,
  files: StoredFile[],
  result: FileSweepResult,
): Promise<void> {
  if (files.length === 0) return;
  const referenced = await findReferencedKeys(db, [...new Set(files.map(owningKey))]);
  const removedByCollege = new Map<string, string[]>();
  for (const file of files) {
    if (referenced.has(owningKey(file))) continue;
    if (!(await store.delete(file.key))) continue;
    result.deleted++;
    result.bytesFreed += file.size;
    const removed = removedByCollege.get(file.collegeId) ?? [];
    removed.push(file.key);
    removedByCollege.set(file.collegeId, removed);
  }
  for (const [collegeId, keys] of removedByCollege) await deleteUploadRecords(db, collegeId, keys);
}
