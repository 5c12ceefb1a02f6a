import { describe, expect, it } from 'vitest';
import { formatPeriodLabel, nextPeriodCode, parsePeriodCode, semesterOptionValue } from './period.rules.ts';

describe('period code', () => {
  it('splits the start year and the term digit', () => {
    expect(parsePeriodCode(20261)).toEqual({ year: 2026, term: 1 });
  });
  it('labels every term', () => {
    expect(formatPeriodLabel(20261)).toBe('2026/2027 Ganjil');
    expect(formatPeriodLabel(20252)).toBe('2025/2026 Genap');
    expect(formatPeriodLabel(20263)).toBe('2026/2027 SP Ganjil');
    expect(formatPeriodLabel(20264)).toBe('2026/2027 SP Genap');
  });
  it('follows a period with the next regular one', () => {
    expect(nextPeriodCode(20261)).toBe(20262);
    expect(nextPeriodCode(20262)).toBe(20271);
    expect(nextPeriodCode(20263)).toBe(20271);
  });
  it('computes semester option values', () => {
    expect(semesterOptionValue(2026, 1)).toBe(20251);
  });
});
