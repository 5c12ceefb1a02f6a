import { bytesPerMb } from '@lms/contract/format.rules';

/** The filters of the log, as they sit in the query string and travel to the API (spec 1 §7 names). */
export const activityLogFilterKeys = [
  'periode',
  'jenis',
  'role',
  'search',
  'id_prodi',
  'id_kelas',
  'id_pertemuan',
  'mode',
  'type',
  'status',
  'is_valid',
  'kind',
  'size_gte',
  'nidn',
  'nim',
  'waktu_mulai',
  'waktu_selesai',
] as const;
export type ActivityLogFilterKey = (typeof activityLogFilterKeys)[number];
export type ActivityLogFilters = Partial<Record<ActivityLogFilterKey, string>>;

/**
 * The filters applied in the address bar. Without any `periode` key nothing was chosen yet, which
 * means the current period (spec 1 §5: reset restores the current period); `periode=` means all.
 */
export function readActivityLogFilters(
  params: URLSearchParams,
  currentPeriod: number | undefined,
): ActivityLogFilters {
  const values: ActivityLogFilters = {};
  for (const key of activityLogFilterKeys) {
    const value = params.get(key);
    if (value) values[key] = value;
  }
  if (!params.has('periode') && currentPeriod) values.periode = String(currentPeriod);
  return values;
}

/** The address-bar query of applied filters: every filter, the tab, and page and size when not default. */
export function writeActivityLogFilters(
  filters: ActivityLogFilters,
  options: { tab?: string | null; page?: number; perPage?: number; defaultPerPage: number },
): URLSearchParams {
  const next = new URLSearchParams();
  if (options.tab) next.set('tab', options.tab);
  for (const key of activityLogFilterKeys) if (filters[key]) next.set(key, filters[key]);
  // An explicit "all periods" stays all periods.
  if (!filters.periode) next.set('periode', '');
  if (options.page && options.page > 1) next.set('page', String(options.page));
  if (options.perPage && options.perPage !== options.defaultPerPage) {
    next.set('per_page', String(options.perPage));
  }
  return next;
}

/** The `size_gte` filter (bytes) shown in MB; undefined when unset. */
export function sizeFilterToMb(bytes: string | undefined): number | undefined {
  const value = Number(bytes);
  return bytes && Number.isFinite(value) ? value / bytesPerMb : undefined;
}

/** A size in MB as the `size_gte` filter takes it: whole bytes (1 MB = 1,000,000 bytes, spec 1 §9). */
export function sizeFilterFromMb(mb: number | null | undefined): string | undefined {
  return mb === null || mb === undefined || !(mb >= 0) ? undefined : String(Math.round(mb * bytesPerMb));
}
