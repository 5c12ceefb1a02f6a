import { describe, expect, it } from 'vitest';
import { isValidPhone } from './account.rules.ts';

describe('isValidPhone', () => {
  it('follows spec 1 §5', () => {
    expect(isValidPhone('081234567890')).toBe(true);
    expect(isValidPhone('0812-3456-78')).toBe(true);
    expect(isValidPhone('81234567890')).toBe(false);
    expect(isValidPhone('0812345')).toBe(false);
    expect(isValidPhone('0812//345678')).toBe(false);
  });
});
