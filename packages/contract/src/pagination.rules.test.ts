import { describe, expect, it } from 'vitest';
import {
  clampPage,
  pageCount,
  pageSizeLabel,
  pageSizeOptions,
  rowNumber,
  visiblePages,
} from './pagination.rules.ts';

describe('pagination rules', () => {
  it('offers 5, 10, 20 and 50 per page', () => {
    expect(pageSizeOptions.map(pageSizeLabel)).toEqual([
      '5 per halaman',
      '10 per halaman',
      '20 per halaman',
      '50 per halaman',
    ]);
  });
  it('numbers rows as (page-1)*size+index+1', () => {
    expect(rowNumber(1, 10, 0)).toBe(1);
    expect(rowNumber(3, 10, 4)).toBe(25);
    expect(rowNumber(2, 5, 4)).toBe(10);
  });
  it('counts pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
  it('shows at most 3 page buttons, up to 2 before and 1 after the current page', () => {
    expect(visiblePages(1, 1)).toEqual([1]);
    expect(visiblePages(1, 10)).toEqual([1, 2]);
    expect(visiblePages(2, 10)).toEqual([1, 2, 3]);
    expect(visiblePages(3, 10)).toEqual([2, 3, 4]);
    expect(visiblePages(5, 10)).toEqual([4, 5, 6]);
    expect(visiblePages(9, 10)).toEqual([8, 9, 10]);
    expect(visiblePages(10, 10)).toEqual([8, 9, 10]);
    expect(visiblePages(2, 2)).toEqual([1, 2]);
    expect(visiblePages(40, 3)).toEqual([1, 2, 3]);
  });
  it('brings a typed page into range', () => {
    expect(clampPage('4', 10)).toBe(4);
    expect(clampPage('0', 10)).toBe(1);
    expect(clampPage('99', 10)).toBe(10);
    expect(clampPage('', 10)).toBeNull();
    expect(clampPage('x', 10)).toBeNull();
  });
});
