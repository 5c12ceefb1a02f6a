import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeferredQueryData } from './use-deferred-query-data.ts';

describe('useDeferredQueryData', () => {
  it('is loading until the data or an error comes, and then gives the data', () => {
    type Query = { data: string[] | undefined; isError: boolean };
    const pending: Query = { data: undefined, isError: false };
    const { result, rerender } = renderHook((query: Query) => useDeferredQueryData(query), {
      initialProps: pending,
    });
    expect(result.current).toEqual({ data: undefined, isLoading: true });
    rerender({ data: undefined, isError: true });
    expect(result.current).toEqual({ data: undefined, isLoading: false });
    rerender({ data: ['Materi 1'], isError: false });
    expect(result.current).toEqual({ data: ['Materi 1'], isLoading: false });
  });
});
