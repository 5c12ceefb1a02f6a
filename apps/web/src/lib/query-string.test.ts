import { describe, expect, it } from 'vitest';
import { serializeParams } from './query-string.ts';

describe('serializeParams (spec 1 §7)', () => {
  it('repeats array keys and drops nulls', () => {
    expect(serializeParams({ page: 1, role: ['dosen', null, 'operator'], mode: null, kind: undefined })).toBe(
      'page=1&role=dosen&role=operator',
    );
  });

  it('formats dates as YYYY-MM-DDTHH:mm:ssZ in UTC', () => {
    const query = serializeParams({ from: new Date('2026-08-31T17:00:00+07:00'), is_valid: false });
    expect(decodeURIComponent(query)).toBe('from=2026-08-31T10:00:00Z&is_valid=false');
  });

  it('encodes reserved characters', () => {
    expect(serializeParams({ search: 'a&b c' })).toBe('search=a%26b+c');
  });
});
