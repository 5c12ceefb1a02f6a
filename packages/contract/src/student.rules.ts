import { parsePeriodCode } from './period.rules.ts';

/**
 * A student's level (tingkat): the year of study in the given period, counted from the intake year
 * (angkatan). A student of intake 2026 is in tingkat 1 throughout 2026/2027; never below 1.
 */
export function studentLevel(angkatan: number, periodCode: number): number {
  return Math.max(1, parsePeriodCode(periodCode).year - angkatan + 1);
}
