/** Names of the term digit of a period code (spec 1 §4). */
export const termNames: Record<number, string> = {
  1: 'Ganjil',
  2: 'Genap',
  3: 'SP Ganjil',
  4: 'SP Genap',
};

/** Splits a period code such as 20261 into its start year and term digit. */
export function parsePeriodCode(code: number): { year: number; term: number } {
  return { year: Math.floor(code / 10), term: code % 10 };
}

/** Label of a period code: `2026/2027 Ganjil`. */
export function formatPeriodLabel(code: number): string {
  const { year, term } = parsePeriodCode(code);
  return `${year}/${year + 1} ${termNames[term] ?? (term % 2 === 0 ? 'Genap' : 'Ganjil')}`;
}

/**
 * The regular period after `code`: Ganjil → Genap of the same year, Genap (or a short term) → the
 * next year's Ganjil (20261 → 20262, 20262 → 20271).
 */
export function nextPeriodCode(code: number): number {
  const { year, term } = parsePeriodCode(code);
  return term === 1 ? year * 10 + 2 : (year + 1) * 10 + 1;
}

/** Semester option value: 10*(year-1)+semester (spec 1 §3). */
export function semesterOptionValue(year: number, semester: number): number {
  return 10 * (year - 1) + semester;
}
