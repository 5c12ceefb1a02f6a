import { describe, expect, it } from 'vitest';
import { activeFilterCount, readClassListParams, writeClassListParams } from './class-list-search-params.ts';

describe('class list query in the address bar', () => {
  it('defaults to page 1, 5 per page and the current period', () => {
    expect(readClassListParams(new URLSearchParams(''), 20261)).toEqual({
      page: 1,
      per_page: 5,
      periode: 20261,
      search: undefined,
      id_mata_kuliah: undefined,
      id_prodi_mata_kuliah: undefined,
      id_prodi_kelas: undefined,
      status: undefined,
    });
  });

  it('reads filters and ignores unknown sizes and statuses', () => {
    const params = readClassListParams(
      new URLSearchParams(
        'page=3&per_page=15&periode=20252&search=basis&status=berlangsung&id_prodi_kelas=demo-if',
      ),
      20261,
    );
    expect(params).toMatchObject({
      page: 3,
      per_page: 15,
      periode: 20252,
      search: 'basis',
      status: 'berlangsung',
    });
    expect(params.id_prodi_kelas).toBe('demo-if');
    const odd = readClassListParams(new URLSearchParams('per_page=7&status=aneh&page=-2'), 20261);
    expect(odd).toMatchObject({ page: 1, per_page: 5, status: undefined });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    const params = readClassListParams(
      new URLSearchParams('periode=20261&page=2&per_page=10&search=data'),
      20261,
    );
    const written = writeClassListParams(params);
    expect(written.toString()).toBe('periode=20261&search=data&page=2&per_page=10');
    expect(readClassListParams(written, 20261)).toEqual(params);
    expect(writeClassListParams({ page: 1, per_page: 5, periode: 20261 }).toString()).toBe('periode=20261');
  });

  it('counts the side-filter fields that are set', () => {
    expect(activeFilterCount({ page: 1, per_page: 5, periode: 20261 }, 20261)).toBe(0);
    expect(
      activeFilterCount(
        { page: 1, per_page: 5, periode: 20252, status: 'selesai', id_mata_kuliah: 'IF2102' },
        20261,
      ),
    ).toBe(3);
  });
});
