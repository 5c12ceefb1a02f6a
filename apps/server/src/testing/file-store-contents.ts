import { createHash } from 'node:crypto';
import { readAll, type FileStore } from '../platform/file-storage.ts';

/** Every stored file's metadata and the checksum of its bytes, read through the store. */
export async function readStoreContents(store: FileStore) {
  const files: Record<string, { meta: unknown; sha256: string }> = {};
  for await (const meta of store.list()) {
    const found = await store.get(meta.key);
    files[meta.key] = {
      meta,
      sha256: createHash('sha256')
        .update(await readAll(found!.stream))
        .digest('hex'),
    };
  }
  return files;
}
