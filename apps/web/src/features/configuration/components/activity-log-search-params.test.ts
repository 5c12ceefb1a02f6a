import { describe, expect, it } from 'vitest';
import {
  readActivityLogFilters,
  sizeFilterFromMb,
  sizeFilterToMb,
  writeActivityLogFilters,
} from './activity-log-search-params.ts';

describe('activity log filters in the address bar', () => {
  it('means the current period until a period is chosen, and all periods for periode=', () => {
    expect(readActivityLogFilters(new URLSearchParams('tab=log'), 20261)).toEqual({ periode: '20261' });
    expect(readActivityLogFilters(new URLSearchParams('tab=log&periode='), 20261)).toEqual({});
  });

  it('writes every filter, the tab and a page past the first, and reads them back', () => {
    const filters = {
      periode: '20261',
      mode: 'online',
      type: 'uts',
      status: 'selesai',
      is_valid: 'false',
      kind: 'materi',
      size_gte: '2500000',
      nim: '2021001',
    };
    const query = writeActivityLogFilters(filters, { tab: 'log', page: 2, perPage: 10, defaultPerPage: 10 });
    expect(query.toString()).toBe(
      'tab=log&periode=20261&mode=online&type=uts&status=selesai&is_valid=false&kind=materi&size_gte=2500000&nim=2021001&page=2',
    );
    expect(readActivityLogFilters(query, 20252)).toEqual(filters);
  });

  it('keeps "all periods" explicit and drops empty filters', () => {
    const query = writeActivityLogFilters({ mode: '' }, { page: 1, perPage: 20, defaultPerPage: 10 });
    expect(query.toString()).toBe('periode=&per_page=20');
  });

  it('converts the size between MB and bytes (1 MB = 1,000,000 bytes)', () => {
    expect(sizeFilterFromMb(2.5)).toBe('2500000');
    expect(sizeFilterFromMb(0)).toBe('0');
    expect(sizeFilterFromMb(null)).toBeUndefined();
    expect(sizeFilterToMb('2500000')).toBe(2.5);
    expect(sizeFilterToMb(undefined)).toBeUndefined();
  });
});
