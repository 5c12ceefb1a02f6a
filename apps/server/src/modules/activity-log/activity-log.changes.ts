import { removedChangeText, secretChangeText, type ActivityChange } from '@lms/contract/activity-log.rules';
import { formatLocalTime } from './activity-log.presenter.ts';

/** How one audited field is named and shown in the log. */
export interface ChangeField {
  /** The Indonesian label ('Kapasitas'). */
  label: string;
  /** A secret (password, client secret, key): the log says only that it changed, never the values. */
  rahasia?: boolean;
  /**
   * A value the log does not keep (a rich-text body, a picture): it says only '(diubah)', or
   * '(dihapus)' when the value was removed.
   */
  tanpaNilai?: boolean;
  /** Turns a stored value into what the log keeps and shows (an enum's label, a name for an id). */
  tampil?: (value: unknown) => unknown;
}

/**
 * Field names that are secrets whatever the caller says: a field whose last name part matches is
 * logged as '(diubah)' even when its ChangeField forgot `rahasia` (defence in depth).
 */
const secretFieldName = /(password|kata_sandi|secret|rahasia|token|api_key|apikey|private_key)/i;

/** The audited fields of a write: a field name (a dotted path reaches into nested objects) → its label. */
export type ChangeFields = Record<string, string | ChangeField>;

function valueAt(source: unknown, path: string): unknown {
  let value = source;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Values as JSON with sorted keys, so equal objects compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v instanceof Date
        ? v.toISOString()
        : v,
  );
}

/** Credentials in an address (`https://user:pass@host`): the log keeps the host, not them. */
const addressCredentials = /^([a-z][a-z0-9+.-]*:\/\/)[^/?#@\s]+@/i;

/**
 * A value as the log keeps it: JSON-safe (dates as ISO strings, undefined as null), credentials in an
 * address replaced by '(disembunyikan)'.
 */
function stored(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(canonical(value), (_key, v: unknown) =>
    typeof v === 'string' ? v.replace(addressCredentials, '$1(disembunyikan)@') : v,
  ) as unknown;
}

/**
 * The fields of `fields` whose value differs between `before` and `after`, in the order of `fields`,
 * as an operator's write records them in `context.perubahan` (docs/api/directory-and-log-filters.md).
 * Unchanged fields are left out; `[]` means nothing changed. Secrets (`rahasia`, or a field named like
 * a password, secret, key or token) carry '(diubah)' instead of values.
 *
 * ```ts
 * listChanges({ kapasitas: 40 }, { kapasitas: 45 }, { kapasitas: 'Kapasitas' })
 * // [{ field: 'kapasitas', label: 'Kapasitas', lama: 40, baru: 45 }]
 * ```
 */
export function listChanges(before: unknown, after: unknown, fields: ChangeFields): ActivityChange[] {
  const changes: ActivityChange[] = [];
  for (const [field, spec] of Object.entries(fields)) {
    const { label, rahasia, tanpaNilai, tampil } = typeof spec === 'string' ? { label: spec } : spec;
    const lama = valueAt(before, field);
    const baru = valueAt(after, field);
    if (canonical(lama) === canonical(baru)) continue;
    if (rahasia || secretFieldName.test(field.split('.').pop() ?? '')) {
      changes.push({ field, label, lama: secretChangeText, baru: secretChangeText, rahasia: true });
    } else if (tanpaNilai) {
      const removed = lama !== null && lama !== undefined && (baru === null || baru === undefined);
      const baruText = removed ? removedChangeText : secretChangeText;
      changes.push({ field, label, lama: secretChangeText, baru: baruText, rahasia: true });
    } else {
      // Compared again as shown: a difference the log would not show (a list's order of unshown
      // parts, a field tampil leaves out) is no change.
      // (Compared before credentials are hidden: a changed password in an address is still a change.)
      const shown = (value: unknown) => (tampil ? tampil(value) : value);
      const [shownBefore, shownAfter] = [shown(lama), shown(baru)];
      if (canonical(shownBefore) === canonical(shownAfter)) continue;
      changes.push({ field, label, lama: stored(shownBefore), baru: stored(shownAfter) });
    }
  }
  return changes;
}

/**
 * A `tampil` for instants: the ISO time as '02 Mar 2026 08:00 WIB' in the college's zone, so the log
 * reads as the screens do.
 */
export function localTimeText(timeZone: string): (value: unknown) => unknown {
  return (value) => {
    if (typeof value !== 'string' && !(value instanceof Date)) return value;
    const at = new Date(value);
    return Number.isNaN(at.getTime()) ? value : formatLocalTime(at, timeZone, false);
  };
}
