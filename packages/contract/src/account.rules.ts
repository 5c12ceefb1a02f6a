/** Phone pattern of spec 1 §5: starts with 0, at least 10 characters, no double slash. */
export function isValidPhone(value: string): boolean {
  return /^0[0-9+\-\s()/]{9,}$/.test(value) && !value.includes('//');
}
