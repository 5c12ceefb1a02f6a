import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { SearchBox } from './search-box.tsx';

describe('SearchBox', () => {
  it('searches 500 ms after the last keystroke, trimmed', () => {
    vi.useFakeTimers();
    try {
      const onSearch = vi.fn();
      render(<SearchBox value="" onSearch={onSearch} placeholder="Cari pengumuman" />);
      const input = screen.getByRole('textbox', { name: 'Cari pengumuman' });
      fireEvent.change(input, { target: { value: 'uj' } });
      act(() => vi.advanceTimersByTime(300));
      fireEvent.change(input, { target: { value: 'ujian ' } });
      act(() => vi.advanceTimersByTime(499));
      expect(onSearch).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(1));
      expect(onSearch).toHaveBeenCalledExactlyOnceWith('ujian');
    } finally {
      vi.useRealTimers();
    }
  });

  it('searches at once on Enter and follows an outside reset', () => {
    const onSearch = vi.fn();
    const { rerender } = render(<SearchBox value="lama" onSearch={onSearch} />);
    const input = screen.getByRole('textbox', { name: 'Cari' });
    fireEvent.change(input, { target: { value: 'baru' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onSearch).toHaveBeenCalledWith('baru');
    rerender(<SearchBox value="" onSearch={onSearch} />);
    expect(input).toHaveValue('');
  });

  it('offers a clear button only with text, which searches for everything at once', () => {
    const onSearch = vi.fn();
    render(<SearchBox value="ujian" onSearch={onSearch} placeholder="Cari pengumuman" />);
    const input = screen.getByRole('textbox', { name: 'Cari pengumuman' });
    fireEvent.click(screen.getByRole('button', { name: 'Hapus pencarian' }));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('');
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Hapus pencarian' })).not.toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'kuis' } });
    expect(screen.getByRole('button', { name: 'Hapus pencarian' })).toBeInTheDocument();
  });
});
