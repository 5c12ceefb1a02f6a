import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DateRange } from './date-range.tsx';

function renderWithQuery(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('DateRange', () => {
  it('shows one date when the range stays within a day, in the college zone', () => {
    renderWithQuery(<DateRange start="2026-09-01T01:00:00Z" end="2026-09-01T03:30:00Z" />);
    expect(screen.getByText('01 Sep 2026, 08:00 - 10:30 WIB')).toBeInTheDocument();
  });

  it('shows both dates across days, and the given zone', () => {
    renderWithQuery(
      <DateRange start="2026-09-01T01:00:00Z" end="2026-09-02T03:30:00Z" timeZone="Asia/Jayapura" />,
    );
    expect(screen.getByText('01 Sep 2026, 10:00 - 02 Sep 2026, 12:30 WIT')).toBeInTheDocument();
  });

  it('shows - when empty', () => {
    renderWithQuery(<DateRange start={null} end="0001-01-01T00:00:00Z" />);
    expect(screen.getByText('-')).toBeInTheDocument();
  });
});
