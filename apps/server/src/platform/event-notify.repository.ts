import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/** NOTIFY on a channel through the given handle (a transaction delivers it when it commits). */
export async function notifyWithin(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
