import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Pagination, rowNumber } from './pagination.tsx';

function pageButtons() {
  return screen.getAllByRole('button', { name: /^Halaman \d+$/ }).map((b) => b.textContent);
}

describe('Pagination', () => {
  it('shows at most three page buttons around the current page', () => {
    const { rerender } = render(<Pagination page={1} pageSize={10} totalItems={100} onChange={() => {}} />);
    expect(pageButtons()).toEqual(['1', '2']);
    rerender(<Pagination page={5} pageSize={10} totalItems={100} onChange={() => {}} />);
    expect(pageButtons()).toEqual(['4', '5', '6']);
    expect(screen.getByRole('button', { name: 'Halaman 5' })).toHaveAttribute('aria-current', 'page');
    rerender(<Pagination page={10} pageSize={10} totalItems={100} onChange={() => {}} />);
    expect(pageButtons()).toEqual(['8', '9', '10']);
    expect(screen.getByRole('button', { name: 'Halaman berikutnya' })).toBeDisabled();
    expect(screen.getByText('dari 10')).toBeInTheDocument();
  });

  it('moves with the buttons and arrows', () => {
    const onChange = vi.fn();
    render(<Pagination page={5} pageSize={10} totalItems={100} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Halaman 6' }));
    expect(onChange).toHaveBeenLastCalledWith(6, 10);
    fireEvent.click(screen.getByRole('button', { name: 'Halaman sebelumnya' }));
    expect(onChange).toHaveBeenLastCalledWith(4, 10);
  });

  it('offers 5, 10, 20 and 50 per page and goes back to page 1 on a new size', () => {
    const onChange = vi.fn();
    render(<Pagination page={3} pageSize={10} totalItems={100} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Jumlah data per halaman' });
    expect(select).toHaveValue('10');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5 per halaman', '10 per halaman', '20 per halaman', '50 per halaman']);
    fireEvent.change(select, { target: { value: '20' } });
    expect(onChange).toHaveBeenLastCalledWith(1, 20);
  });

  it('jumps to a typed page 500 ms after the last keystroke, within range', () => {
    vi.useFakeTimers();
    try {
      const onChange = vi.fn();
      render(<Pagination page={1} pageSize={10} totalItems={95} onChange={onChange} />);
      const input = screen.getByRole('textbox', { name: 'Ke halaman' });
      fireEvent.change(input, { target: { value: '7' } });
      act(() => vi.advanceTimersByTime(499));
      expect(onChange).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(1));
      expect(onChange).toHaveBeenCalledWith(7, 10);
      fireEvent.change(input, { target: { value: '42' } });
      act(() => vi.advanceTimersByTime(500));
      expect(onChange).toHaveBeenLastCalledWith(10, 10);
    } finally {
      vi.useRealTimers();
    }
  });

  it('numbers rows across pages', () => {
    expect(rowNumber(2, 20, 0)).toBe(21);
  });
});
