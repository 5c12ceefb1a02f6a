import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/*
 * Essay answer files chosen while the upload could not reach the server: kept in IndexedDB (Files are
 * stored whole) until the server has them, so a lost connection, a closed tab or a reload does not lose
 * what the student chose. Where IndexedDB is missing, nothing is kept and the page offers "Coba lagi".
 */

let store: UseStore | null | undefined;

function fileStore(): UseStore | null {
  if (store === undefined) {
    try {
      store = typeof indexedDB === 'undefined' ? null : createStore('lms-ujian-berkas', 'berkas');
    } catch {
      store = null;
    }
  }
  return store;
}

const keyOf = (attemptId: string, soalId: string) => `${attemptId}:${soalId}`;

/** Keeps the chosen files of an answer on the device until `dropPendingFiles`; false when it cannot. */
export async function keepPendingFiles(attemptId: string, soalId: string, files: File[]): Promise<boolean> {
  const idb = fileStore();
  if (!idb) return false;
  try {
    await set(keyOf(attemptId, soalId), files, idb);
    return true;
  } catch {
    return false;
  }
}

/** The files of an answer still waiting for the server, if any. */
export async function readPendingFiles(attemptId: string, soalId: string): Promise<File[] | undefined> {
  const idb = fileStore();
  if (!idb) return undefined;
  try {
    const files = await get<File[]>(keyOf(attemptId, soalId), idb);
    return files?.length ? files : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets an answer's waiting files (the server has them, or refused them for good). */
export async function dropPendingFiles(attemptId: string, soalId: string): Promise<void> {
  const idb = fileStore();
  if (!idb) return;
  try {
    await del(keyOf(attemptId, soalId), idb);
  } catch {
    // Nothing to undo: a leftover entry is sent again and answered by the server.
  }
}
