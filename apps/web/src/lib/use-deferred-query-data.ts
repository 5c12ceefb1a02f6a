import { useDeferredValue } from 'react';

/**
 * A query's data for a list of cards, rendered in a transition once it comes rather than in one blocking
 * task (TanStack Query re-renders synchronously; docs/web.md "Rendering an answer"), and whether the list
 * is still loading: no data yet and no error.
 */
export function useDeferredQueryData<T>(query: { data: T | undefined; isError: boolean }): {
  data: T | undefined;
  isLoading: boolean;
} {
  const data = useDeferredValue(query.data);
  return { data, isLoading: data === undefined && !query.isError };
}
