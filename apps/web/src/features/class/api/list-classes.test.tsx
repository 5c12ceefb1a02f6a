import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useClasses, type ClassListParams } from './list-classes.ts';

const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ apiClient: api }));

describe('the class list query', () => {
  it('cancels an earlier pending list request when the filters change (spec 2 §7)', async () => {
    const signals: AbortSignal[] = [];
    // The first answer never comes; the second does.
    api.get.mockImplementation((_url: string, config: { signal: AbortSignal }) => {
      signals.push(config.signal);
      return signals.length === 1
        ? new Promise(() => {})
        : Promise.resolve({
            data: { data: [], meta: { page: 1, per_page: 5, total_items: 0, total_pages: 0 } },
          });
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result, rerender } = renderHook((params: ClassListParams) => useClasses(params), {
      wrapper,
      initialProps: { page: 1, per_page: 5, periode: 20261 } as ClassListParams,
    });
    await waitFor(() => expect(signals).toHaveLength(1));
    expect(signals[0]!.aborted).toBe(false);

    rerender({ page: 1, per_page: 5, periode: 20261, search: 'Basis', status: 'berlangsung' });
    await waitFor(() => expect(signals).toHaveLength(2));
    expect(api.get.mock.calls[1]![1]).toMatchObject({ params: { search: 'Basis', status: 'berlangsung' } });
    await waitFor(() => expect(signals[0]!.aborted).toBe(true));
    expect(signals[1]!.aborted).toBe(false);
    await waitFor(() => expect(result.current.data?.meta.total_items).toBe(0));
  });
});
