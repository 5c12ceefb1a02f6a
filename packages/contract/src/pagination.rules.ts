/** Paging rules of spec 1 §9 §2, shared by every paged list. */

/** Page sizes the selector offers ('{n} per halaman'). */
export const pageSizeOptions = [5, 10, 20, 50] as const;

/** Default page size of lists; the dashboard uses 5. */
export const defaultPageSize = 10;
export const dashboardPageSize = 5;

/** The page input and the search box wait this long after the last keystroke. */
export const pageInputDebounceMs = 500;

/** Label of a page size in the selector. */
export function pageSizeLabel(size: number): string {
  return `${size} per halaman`;
}

/** Row number of the `index`-th row (from 0) of a page: (page-1)*size+index+1. */
export function rowNumber(page: number, pageSize: number, index: number): number {
  return (page - 1) * pageSize + index + 1;
}

/** Number of pages for a total (at least 1). */
export function pageCount(totalItems: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, totalItems) / Math.max(1, pageSize)));
}

/** How many page buttons are shown at most, and the range around the current page. */
export const maxPageButtons = 3;
export const pageRangeBefore = 2;
export const pageRangeAfter = 1;

/**
 * The page buttons to show: pages from current-2 to current+1 that exist, at most 3; when all four
 * exist, the one farthest before is dropped. Page 1 of 10 → [1, 2]; 5 of 10 → [4, 5, 6]; 10 of 10 →
 * [8, 9, 10]. Other pages are reached with the arrows or the page input.
 */
export function visiblePages(current: number, totalPages: number): number[] {
  const last = Math.max(1, totalPages);
  const page = Math.min(Math.max(1, current), last);
  const pages: number[] = [];
  for (let p = Math.max(1, page - pageRangeBefore); p <= Math.min(last, page + pageRangeAfter); p += 1) {
    pages.push(p);
  }
  return pages.slice(-maxPageButtons);
}

/** A typed page number brought into range; null when it is not a number. */
export function clampPage(value: string | number, totalPages: number): number | null {
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(n) || String(value).trim() === '') return null;
  return Math.min(Math.max(1, Math.trunc(n)), Math.max(1, totalPages));
}
