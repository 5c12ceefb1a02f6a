import { useEffect } from 'react';
import { getCollegeId } from '../../lib/college.ts';
import { setServerTimeFromEvent } from '../../lib/server-clock.ts';
import { getValidAccessToken } from '../../lib/session/access-token.ts';
import { subscribeTokens } from '../../lib/session/token-store.ts';

/** Reads the `time` event's data: an ISO 8601 string (possibly JSON-quoted) or epoch ms. */
export function parseTimeEvent(data: string): number | null {
  let value: unknown = data;
  try {
    value = JSON.parse(data);
  } catch {
    // Plain text: the ISO string itself.
  }
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    value = record.time ?? record.waktu ?? record.now;
  }
  const epoch = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(epoch) ? epoch : null;
}

/**
 * Keeps the header clock in step with `GET /v2/lms/events?stream=sistem`. EventSource cannot send
 * headers, so the token and college go in the query; a refreshed token reopens the stream.
 */
export function useServerTimeEvents(): void {
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let closed = false;
    const open = async () => {
      source?.close();
      const token = await getValidAccessToken();
      if (closed || !token) return;
      const params = new URLSearchParams({ stream: 'sistem', access_token: token });
      const collegeId = getCollegeId();
      if (collegeId) params.set('college-id', collegeId);
      source = new EventSource(`/v2/lms/events?${params.toString()}`);
      source.addEventListener('time', (event) => {
        const epoch = parseTimeEvent((event as MessageEvent<string>).data);
        if (epoch !== null) setServerTimeFromEvent(epoch);
      });
    };
    void open();
    const unsubscribe = subscribeTokens((tokens, reason) => {
      if (!tokens) source?.close();
      else if (reason !== 'sign-in') void open();
    });
    return () => {
      closed = true;
      unsubscribe();
      source?.close();
    };
  }, []);
}
