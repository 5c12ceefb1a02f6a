/**
 * Query keys of classes (GET /v2/lms/kelas_kuliah…). Every class query takes its key here and every
 * invalidation names a prefix from here, so a change can reach every list that shows a class.
 */
export const classKeys = {
  all: ['classes'] as const,
  /** Every list of classes: the class list page, the dashboard's highlights. */
  lists: () => [...classKeys.all, 'list'] as const,
  list: (params: object) => [...classKeys.lists(), params] as const,
  /** The dashboard's classes of a period. */
  highlights: (periode: number | undefined) => [...classKeys.lists(), 'highlights', periode ?? null] as const,
  /** Classes matching a search, as options of a select (the activity-log filter). */
  options: (periode: string | undefined, search: string) =>
    [...classKeys.lists(), 'options', periode ?? '', search] as const,
  details: () => [...classKeys.all, 'detail'] as const,
  detail: (id: string) => [...classKeys.details(), id] as const,
  participants: (id: string, search: string) => [...classKeys.all, 'participants', id, search] as const,
};
