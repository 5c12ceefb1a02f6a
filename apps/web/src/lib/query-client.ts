import { QueryClient, timeoutManager } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';
import { createCoalescedTimeouts } from './coalesced-timeouts.ts';

// Before the client exists, so that every query timer comes from the one provider.
timeoutManager.setTimeoutProvider(createCoalescedTimeouts());

/** The one query cache; route middleware reads it too. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors will not change on a retry; network failures and 5xx get two more tries.
      retry: (failureCount, error) =>
        failureCount < 2 &&
        !(error instanceof ApiError && error.statusCode !== undefined && error.statusCode < 500),
    },
  },
});
