import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';

/** NOTIFY on a channel through the given handle (a transaction delivers it when it commits). */
export async function notifyWithin(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * Whether the handle is a transaction: what is written through it is not visible to others until it
 * commits, and nothing tells us when that is.
 */
export function isTransaction(db: Db): boolean {
  return db instanceof PgTransaction;
}
