import { setUnreadFromEvent } from '../../features/notification/api/unread-count-store.ts';
import { setServerTimeFromEvent } from '../../lib/server-clock.ts';
import { useAuthorizedEventSource } from '../../lib/use-authorized-event-source.ts';

/** Reads the `time` event's data: an ISO 8601 string (possibly JSON-quoted) or epoch ms. */
export function parseTimeEvent(data: unknown): number | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      // Plain text: the ISO string itself.
    }
  }
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    value = record.time ?? record.waktu ?? record.now;
  }
  const epoch = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(epoch) ? epoch : null;
}

const serverTimeHandlers = {
  time: (data: unknown) => {
    const epoch = parseTimeEvent(data);
    if (epoch !== null) setServerTimeFromEvent(epoch);
  },
  // The user's unread notifications, on connect and on change: the bell's badge needs no request.
  notifikasi: setUnreadFromEvent,
};

/** Keeps the header clock and the bell's count in step with `GET /v2/lms/events?stream=sistem`. */
export function useServerTimeEvents(): void {
  useAuthorizedEventSource('/v2/lms/events', { stream: 'sistem' }, serverTimeHandlers);
}
