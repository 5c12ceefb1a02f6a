import { describe, expect, it } from 'vitest';
import {
  dateInTimeZone,
  isCalendarDate,
  isOldEnough,
  isValidNik,
  isValidPhone,
  latestBirthDate,
  minimumParentAge,
  minimumStudentAge,
} from './student-biodata.rules.ts';

describe('student biodata rules (spec 1)', () => {
  it('accepts a phone that starts with 0, has at least 10 characters and no double slash', () => {
    expect(isValidPhone('0812345678')).toBe(true);
    expect(isValidPhone('022/7654321')).toBe(true);
    expect(isValidPhone('0812-3456-789')).toBe(true);
    expect(isValidPhone('812345678901')).toBe(false);
    expect(isValidPhone('081234567')).toBe(false);
    expect(isValidPhone('022//7654321')).toBe(false);
    expect(isValidPhone('0812abc45678')).toBe(false);
  });

  it('accepts a NIK of at least 16 digits', () => {
    expect(isValidNik('3273012345678901')).toBe(true);
    expect(isValidNik('327301234567890')).toBe(false);
    expect(isValidNik('32730123456789AB')).toBe(false);
  });

  it('knows real calendar dates', () => {
    expect(isCalendarDate('2004-02-29')).toBe(true);
    expect(isCalendarDate('2005-02-29')).toBe(false);
    expect(isCalendarDate('2005-13-01')).toBe(false);
    expect(isCalendarDate('1/2/2005')).toBe(false);
  });

  it('derives the latest birth date from the minimum age', () => {
    expect(latestBirthDate('2026-11-29', minimumStudentAge)).toBe('2011-11-29');
    expect(latestBirthDate('2026-11-29', minimumParentAge)).toBe('1996-11-29');
    expect(latestBirthDate('2028-02-29', minimumStudentAge)).toBe('2013-02-28');
  });

  it('is old enough on the birthday, not the day before', () => {
    expect(isOldEnough('2011-11-29', '2026-11-29', minimumStudentAge)).toBe(true);
    expect(isOldEnough('2011-11-30', '2026-11-29', minimumStudentAge)).toBe(false);
    expect(isOldEnough('1996-11-29', '2026-11-29', minimumParentAge)).toBe(true);
    expect(isOldEnough('1997-01-01', '2026-11-29', minimumParentAge)).toBe(false);
  });
});

describe('dateInTimeZone', () => {
  it('answers the calendar date of the time zone', () => {
    const lateUtc = new Date('2026-11-29T20:00:00Z');
    expect(dateInTimeZone(lateUtc, 'Asia/Jakarta')).toBe('2026-11-30');
    expect(dateInTimeZone(lateUtc, 'UTC')).toBe('2026-11-29');
  });
});
