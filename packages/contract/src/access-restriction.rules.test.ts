import { describe, expect, it } from 'vitest';
import { accessRequirementLabel, attendancePercent } from './access-restriction.rules.ts';

describe('access restriction rules', () => {
  it('computes attendance with one decimal, 100 when nothing was held', () => {
    expect(attendancePercent(0, 0)).toBe(100);
    expect(attendancePercent(2, 3)).toBe(66.7);
    expect(attendancePercent(5, 4)).toBe(100);
    expect(attendancePercent(0, 6)).toBe(0);
  });

  it('labels requirements', () => {
    expect(accessRequirementLabel('tunggakan_biaya')).toBe('Pembayaran biaya kuliah');
    expect(accessRequirementLabel('syarat_baru')).toBe('syarat baru');
  });
});
