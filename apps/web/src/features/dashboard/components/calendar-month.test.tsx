import { fireEvent, render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import '../../../lib/date.ts';
import { CalendarMonth, monthGridDays } from './calendar-month.tsx';

describe('monthGridDays', () => {
  it('gives six whole weeks from the Minggu on or before the first of the month', () => {
    // 1 November 2026 is a Sunday; 1 December 2026 a Tuesday.
    const november = monthGridDays(dayjs('2026-11-18'));
    expect(november).toHaveLength(42);
    expect(november[0]!.format('YYYY-MM-DD')).toBe('2026-11-01');
    const december = monthGridDays(dayjs('2026-12-05'));
    expect(december[0]!.format('YYYY-MM-DD')).toBe('2026-11-29');
    expect(december[0]!.day()).toBe(0);
    expect(december.at(-1)!.format('YYYY-MM-DD')).toBe('2027-01-09');
  });
});

describe('CalendarMonth', () => {
  it('names the days Minggu to Sabtu, marks selected, today and days with events, and moves by arrow keys', () => {
    const onSelect = vi.fn();
    render(
      <CalendarMonth
        selected={dayjs('2026-11-18')}
        today={dayjs('2026-11-20')}
        eventCount={(key) => (key === '2026-11-18' ? 2 : 0)}
        onSelect={onSelect}
      />,
    );
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((th) => th.getAttribute('abbr'))).toEqual([
      'Minggu',
      'Senin',
      'Selasa',
      'Rabu',
      'Kamis',
      'Jumat',
      'Sabtu',
    ]);
    const selected = screen.getByRole('button', { name: '18 November 2026, 2 agenda' });
    expect(selected).toHaveAttribute('aria-pressed', 'true');
    expect(selected).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: '20 November 2026' })).toHaveAttribute('aria-current', 'date');
    expect(screen.getByRole('button', { name: '1 Desember 2026' })).toHaveClass('is-outside');

    fireEvent.keyDown(selected, { key: 'ArrowDown' });
    expect(onSelect.mock.calls[0]![0].format('YYYY-MM-DD')).toBe('2026-11-25');
    fireEvent.click(screen.getByRole('button', { name: '3 November 2026' }));
    expect(onSelect.mock.calls[1]![0].format('YYYY-MM-DD')).toBe('2026-11-03');
  });
});
