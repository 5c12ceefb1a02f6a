import { describe, expect, it } from 'vitest';
import { studentLevel } from './student.rules.ts';

describe('studentLevel', () => {
  it('counts years of study from the intake year', () => {
    expect(studentLevel(2026, 20261)).toBe(1);
    expect(studentLevel(2026, 20262)).toBe(1);
    expect(studentLevel(2024, 20261)).toBe(3);
  });

  it('is never below 1, even for a period before the intake', () => {
    expect(studentLevel(2027, 20261)).toBe(1);
  });
});
