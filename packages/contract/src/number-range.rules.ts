/**
 * The field message for a number outside its range. Forms and the server refuse such a number with it
 * rather than changing what the user typed to the nearest bound (issue 45).
 */
export function rangeMessage(min: number, max: number): string {
  return `Nilai harus antara ${min} dan ${max}.`;
}

/** An antd-style rule (`type: 'number'`) refusing a number outside min..max with `rangeMessage`. */
export function rangeRule(min: number, max: number) {
  return { type: 'number' as const, min, max, message: rangeMessage(min, max) };
}
