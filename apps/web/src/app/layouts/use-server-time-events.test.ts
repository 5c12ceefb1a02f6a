import { describe, expect, it } from 'vitest';
import { parseTimeEvent } from './use-server-time-events.ts';

describe('parseTimeEvent', () => {
  const epoch = Date.parse('2026-11-29T13:00:00.000Z');

  it('reads an ISO string, plain or as the stream parsed it from JSON', () => {
    expect(parseTimeEvent('2026-11-29T13:00:00.000Z')).toBe(epoch);
    expect(parseTimeEvent('"2026-11-29T13:00:00.000Z"')).toBe(epoch);
  });

  it('reads epoch milliseconds and an object naming the time', () => {
    expect(parseTimeEvent(epoch)).toBe(epoch);
    expect(parseTimeEvent({ time: '2026-11-29T13:00:00.000Z' })).toBe(epoch);
    expect(parseTimeEvent({ waktu: epoch })).toBe(epoch);
  });

  it('answers null for what is not a time', () => {
    expect(parseTimeEvent('bukan waktu')).toBeNull();
    expect(parseTimeEvent(null)).toBeNull();
  });
});
