import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { LocalFileStore } from './file-storage.ts';
import type { S3FileStore } from './s3-file-store.ts';

export interface FileMoveResult {
  /** Files written to the bucket by this run. */
  copied: number;
  /** Files the bucket held already with the same size and SHA-256 (an earlier run's). */
  skipped: number;
  /** Bytes written by this run. */
  bytes: number;
}

/**
 * Copies every file of the local store into the bucket under its own key with its metadata (college,
 * name, date, private, derivedFrom), so that rows naming a key find it there. Re-runnable: a file the
 * bucket holds with the same size and checksum is skipped, anything else is written again. The local
 * files stay: removing them is the operator's step once the server runs on the bucket.
 */
export async function moveFilesToBucket(
  source: LocalFileStore,
  target: S3FileStore,
  log: (message: string) => void,
): Promise<FileMoveResult> {
  const result: FileMoveResult = { copied: 0, skipped: 0, bytes: 0 };
  for await (const file of source.list()) {
    const sha256 = await hashStoredFile(source, file.key);
    // Deleted since it was listed.
    if (!sha256) continue;
    const there = await target.head(file.key);
    if (there && there.size === file.size && there.sha256 === sha256) {
      result.skipped++;
      continue;
    }
    const found = await source.get(file.key);
    if (!found) continue;
    await target.putCopy(found.file, found.stream, sha256);
    result.copied++;
    result.bytes += found.file.size;
    if ((result.copied + result.skipped) % 500 === 0) {
      log(`files: ${result.copied} copied, ${result.skipped} already there`);
    }
  }
  return result;
}

/** The SHA-256 of a stored file's bytes (hex), read as a stream; undefined when it is gone. */
async function hashStoredFile(store: LocalFileStore, key: string): Promise<string | undefined> {
  const found = await store.get(key);
  if (!found) return undefined;
  const hash = createHash('sha256');
  await pipeline(found.stream as Readable, hash);
  return hash.digest('hex');
}
