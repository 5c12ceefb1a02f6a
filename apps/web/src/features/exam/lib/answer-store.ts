import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { AnswerValue } from '@lms/contract/exam.rules';

/** One question's answer on this device: the value, its sequence number, and whether the server has it. */
export interface LocalAnswer {
  jawaban: AnswerValue;
  urutan: number;
  tersimpan: boolean;
}

export type LocalAnswers = Record<string, LocalAnswer>;

/** The localStorage key of earlier versions (read once, then moved to IndexedDB). */
const legacyKey = (attemptId: string) => `lms.ujian.jawaban.${attemptId}`;

let store: UseStore | null | undefined;

/** The IndexedDB store of exam answers, or null where IndexedDB is missing (then localStorage is used). */
function answerStore(): UseStore | null {
  if (store === undefined) {
    try {
      store = typeof indexedDB === 'undefined' ? null : createStore('lms-ujian', 'jawaban');
    } catch {
      store = null;
    }
  }
  return store;
}

function readLegacy(attemptId: string): LocalAnswers {
  try {
    return JSON.parse(localStorage.getItem(legacyKey(attemptId)) ?? '{}') as LocalAnswers;
  } catch {
    return {};
  }
}

/** Keeps, per question, the answer with the higher sequence number. */
function newerOf(a: LocalAnswers, b: LocalAnswers): LocalAnswers {
  const merged = { ...a };
  for (const [id, answer] of Object.entries(b)) {
    const current = merged[id];
    if (!current || answer.urutan > current.urutan) merged[id] = answer;
  }
  return merged;
}

/**
 * The answers of an attempt kept on this device (IndexedDB: no 5 MB limit, not blocking the page),
 * merged with a copy an earlier version left in localStorage.
 */
export async function loadLocalAnswers(attemptId: string): Promise<LocalAnswers> {
  const legacy = readLegacy(attemptId);
  const idb = answerStore();
  if (!idb) return legacy;
  try {
    return newerOf((await get<LocalAnswers>(attemptId, idb)) ?? {}, legacy);
  } catch {
    return legacy;
  }
}

/**
 * Saves the attempt's answers on the device. Writes are chained, so a slower earlier write never lands
 * after a newer one; without IndexedDB (or when it fails) localStorage takes the copy.
 */
export function createAnswerWriter(attemptId: string) {
  let chain: Promise<void> = Promise.resolve();
  return {
    write(answers: LocalAnswers): Promise<void> {
      const idb = answerStore();
      chain = chain.then(async () => {
        try {
          if (!idb) throw new Error('no IndexedDB');
          await set(attemptId, answers, idb);
          localStorage.removeItem(legacyKey(attemptId));
        } catch {
          try {
            localStorage.setItem(legacyKey(attemptId), JSON.stringify(answers));
          } catch {
            // Storage full or blocked: the answers still go to the server.
          }
        }
      });
      return chain;
    },
    /** Resolves when every write so far has landed. */
    settled: () => chain,
  };
}

/** Forgets an attempt's device copy (after it is submitted and everything reached the server). */
export async function forgetLocalAnswers(attemptId: string): Promise<void> {
  localStorage.removeItem(legacyKey(attemptId));
  const idb = answerStore();
  if (idb) await del(attemptId, idb).catch(() => undefined);
}
