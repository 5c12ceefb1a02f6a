import { describe, expect, it } from 'vitest';
import { frozenSecondsLeft } from './exam-run.rules.ts';

describe('frozenSecondsLeft', () => {
  const pause = { dijeda: true, dijeda_pada: '2026-11-24T08:30:00.000Z', penyangga_detik: 24 * 3600 };

  it('is the time that was left at the pause, the held-ahead buffer taken off', () => {
    // 20 minutes were left at 08:30; the pause held the deadline a day ahead.
    const held = new Date(Date.parse('2026-11-24T08:50:00.000Z') + 24 * 3_600_000).toISOString();
    expect(frozenSecondsLeft(held, pause)).toBe(20 * 60);
  });

  it('is null when the exam is not paused, and never negative', () => {
    expect(frozenSecondsLeft('2026-11-24T09:00:00.000Z', { ...pause, dijeda: false })).toBeNull();
    expect(frozenSecondsLeft('2026-11-24T08:00:00.000Z', pause)).toBe(0);
  });
});
