import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { SearchSelect, type SearchSelectOption } from './search-select.tsx';

const people: SearchSelectOption[] = [
  { value: '2301', label: '2301 - Ani' },
  { value: '2302', label: '2302 - Budi' },
];

/** A fake server: a whole value finds its item; part of a label filters; nothing lists everyone but 2302. */
function fakeOptions(calls: string[]) {
  return (search: string) => {
    calls.push(search);
    const data = search
      ? people.filter((p) => p.value === search || p.label.toLowerCase().includes(search.toLowerCase()))
      : people.slice(0, 1);
    return { data, isFetching: false };
  };
}

describe('SearchSelect', () => {
  it('shows a value read from a URL by its label, found by searching the value once', () => {
    const calls: string[] = [];
    render(
      <SearchSelect
        ariaLabel="Peserta"
        placeholder="Semua Peserta"
        value="2302"
        onChange={vi.fn()}
        useOptions={fakeOptions(calls)}
      />,
    );
    expect(calls[0]).toBe('2302');
    expect(screen.getByText('2302 - Budi')).toBeInTheDocument();
    // Once known, the label stays while the first page (without it) is listed.
    expect(calls.at(-1)).toBe('');
  });

  it('shows the placeholder and asks for the first page without a value', () => {
    vi.useFakeTimers();
    try {
      const calls: string[] = [];
      render(
        <SearchSelect
          ariaLabel="Dosen"
          placeholder="Semua Dosen"
          value={undefined}
          onChange={vi.fn()}
          useOptions={fakeOptions(calls)}
        />,
      );
      act(() => vi.advanceTimersByTime(600));
      expect(screen.getByText('Semua Dosen')).toBeInTheDocument();
      expect(new Set(calls)).toEqual(new Set(['']));
    } finally {
      vi.useRealTimers();
    }
  });
});
