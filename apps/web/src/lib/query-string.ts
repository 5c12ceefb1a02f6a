// Only the type: sign-in and the exam page send their requests through this module without dayjs.
import type { Dayjs } from 'dayjs';

type Scalar = string | number | boolean | Date | Dayjs;
/** Values a query string can carry; null and undefined are dropped. */
export type QueryValue = Scalar | null | undefined | readonly (Scalar | null | undefined)[];

function formatScalar(value: Scalar): string {
  if (typeof value === 'object') {
    // Times travel in UTC with a literal Z and no milliseconds (spec 1 §7).
    const date = value instanceof Date ? value : value.toDate();
    return `${date.toISOString().slice(0, 19)}Z`;
  }
  return String(value);
}

/** Serialises params as spec 1 §7 says: repeated keys for arrays, UTC dates, nulls dropped. */
export function serializeParams(params: Record<string, QueryValue> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === null || value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values as (Scalar | null | undefined)[]) {
      if (item === null || item === undefined) continue;
      search.append(key, formatScalar(item));
    }
  }
  return search.toString();
}
