import type { Db } from '../db/database.ts';
import { findActorUser, findActorUsers, type ActorKey, type ActorUserRow } from './actor.repository.ts';

interface Waiter extends ActorKey {
  resolve(row: ActorUserRow | undefined): void;
  reject(error: unknown): void;
}

/** Most callers one statement reads (its parameter stays small). */
const batchMax = 200;

/**
 * Callers' rows asked for within one turn of the event loop, read in one statement per college. Under
 * load many requests of different users arrive together (a storm's saves each outlive the actor cache's
 * seconds, so nearly every one asks), and their reads then cost one round trip and one statement
 * instead of one each; the busier the server, the larger the batch. A caller alone keeps the prepared
 * single-row read. Nothing is remembered here: ActorCache decides what may be reused.
 */
export class ActorRowBatch {
  private waiting = new Map<string, Waiter[]>();
  private scheduled = false;

  constructor(private readonly db: Db) {}

  read(collegeId: string, key: ActorKey): Promise<ActorUserRow | undefined> {
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(collegeId);
      const waiter = { ...key, resolve, reject };
      if (list) list.push(waiter);
      else this.waiting.set(collegeId, [waiter]);
      if (!this.scheduled) {
        this.scheduled = true;
        // After the requests that arrived in this turn have asked (the check phase follows I/O).
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    const batches = this.waiting;
    this.waiting = new Map();
    this.scheduled = false;
    for (const [collegeId, waiters] of batches) {
      for (let start = 0; start < waiters.length; start += batchMax) {
        void this.readTogether(collegeId, waiters.slice(start, start + batchMax));
      }
    }
  }

  private async readTogether(collegeId: string, waiters: Waiter[]): Promise<void> {
    try {
      if (waiters.length === 1) {
        const [one] = waiters as [Waiter];
        one.resolve(await findActorUser(this.db, collegeId, one.userId, one));
        return;
      }
      const rows = await findActorUsers(this.db, collegeId, waiters);
      waiters.forEach((waiter, i) => waiter.resolve(rows[i]));
    } catch (error) {
      for (const waiter of waiters) waiter.reject(error);
    }
  }
}
