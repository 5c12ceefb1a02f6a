import { useSyncExternalStore } from 'react';

/**
 * The signed-in user's unread notification count, as the header's `sistem` event stream tells it
 * (`notifikasi`, on connect and on every change): the badge costs no request of its own.
 */
let unread: number | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setUnreadCount(count: number): void {
  if (count === unread) return;
  unread = count;
  for (const listener of listeners) listener();
}

/** Reads the `notifikasi` event's data (`{ belum_dibaca }`). */
export function setUnreadFromEvent(data: unknown): void {
  const count = (data as { belum_dibaca?: unknown } | null)?.belum_dibaca;
  if (typeof count === 'number' && Number.isFinite(count)) setUnreadCount(Math.max(0, count));
}

/** The count, or null until the stream has told it. */
export function useUnreadCount(): number | null {
  return useSyncExternalStore(subscribe, () => unread);
}
