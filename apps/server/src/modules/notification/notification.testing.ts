import { expect, vi } from 'vitest';
import type { Database } from '../../db/database.ts';
import { fanOutDueEvents } from './notification.service.ts';

/**
 * Makes the due notifications and waits until no due event is pending: the process's own run (250 ms
 * after an event) may hold some locked, which this run then skips (PostgreSQL), until it commits. Tests
 * that count rows or read a list after a write call it first.
 */
export async function settleNotifications(database: Database): Promise<void> {
  await fanOutDueEvents(database.db);
  await vi.waitFor(
    async () => {
      const [row] = await database.query<{ pending: number }>(
        'select count(*)::int as pending from notification_events where done_at is null and visible_from <= now()',
      );
      expect(row?.pending).toBe(0);
    },
    { timeout: 15_000, interval: 50 },
  );
}
