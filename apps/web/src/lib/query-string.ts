import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

type Scalar = string | number | boolean | Date | dayjs.Dayjs;
/** Values a query string can carry; null and undefined are dropped. */
export type QueryValue = Scalar | null | undefined | readonly (Scalar | null | undefined)[];

function formatScalar(value: Scalar): string {
  if (value instanceof Date || dayjs.isDayjs(value)) {
    // Times travel in UTC with a literal Z (spec 1 §7).
    return dayjs(value).utc().format('YYYY-MM-DDTHH:mm:ss[Z]');
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
