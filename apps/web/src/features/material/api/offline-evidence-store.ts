import type { OfflineRecordKind } from '@lms/contract/material-offline.rules';

/**
 * What a student did offline with kept materials (issue 44 §4), kept in IndexedDB until it is sent: one
 * row per opening of a reader or a player, its seconds growing while it stays open. The device's clock
 * dates it only for the record; the server credits by its own.
 */
export interface OfflineEvidence {
  /** Set by IndexedDB on the first write. */
  key?: number;
  /** The signed-in student: another account on the same phone never sends it. */
  userId: string;
  materialId: string;
  jenis: OfflineRecordKind;
  detik: number;
  dibuka_pada: string;
}

const databaseName = 'lms-offline-evidence';
const storeName = 'catatan';

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(databaseName, 1);
    open.onupgradeneeded = () =>
      open.result.createObjectStore(storeName, { keyPath: 'key', autoIncrement: true });
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error ?? new Error('IndexedDB tidak tersedia'));
  });
}

async function withStore<T>(
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T> | void,
): Promise<T | undefined> {
  const database = await openDatabase();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const transaction = database.transaction(storeName, mode);
      const request = run(transaction.objectStore(storeName));
      transaction.oncomplete = () => resolve(request ? request.result : undefined);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB gagal'));
    });
  } finally {
    database.close();
  }
}

/** Stores a row (new, or its latest seconds); answers its key. */
export async function saveOfflineEvidence(evidence: OfflineEvidence): Promise<number> {
  const key = await withStore('readwrite', (store) => store.put(evidence));
  return key as number;
}

/** The rows not yet sent. */
export async function listOfflineEvidence(): Promise<OfflineEvidence[]> {
  if (typeof indexedDB === 'undefined') return [];
  return ((await withStore('readonly', (store) => store.getAll())) ?? []) as OfflineEvidence[];
}

/** Forgets rows once sent (or refused for good). */
export async function deleteOfflineEvidence(keys: number[]): Promise<void> {
  if (keys.length === 0) return;
  await withStore('readwrite', (store) => {
    for (const key of keys) store.delete(key);
  });
}
