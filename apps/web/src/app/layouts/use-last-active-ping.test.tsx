import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastActivePingMs } from '@lms/contract/visitor.rules';
import { firstLastActivePingMs, useLastActivePing } from './use-last-active-ping.ts';

const api = vi.hoisted(() => ({ put: vi.fn(() => Promise.resolve({})) }));
vi.mock('../../lib/api-client.ts', () => ({ apiClient: api }));

describe('useLastActivePing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    api.put.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('pings after the first screen has had its answers, then every 300000 ms', () => {
    const { unmount } = renderHook(() => useLastActivePing());
    expect(api.put).not.toHaveBeenCalled();
    vi.advanceTimersByTime(firstLastActivePingMs);
    expect(api.put).toHaveBeenCalledTimes(1);
    expect(api.put).toHaveBeenCalledWith('/v2/lms/visitor/last_active');
    vi.advanceTimersByTime(lastActivePingMs);
    expect(api.put).toHaveBeenCalledTimes(2);
    unmount();
    vi.advanceTimersByTime(lastActivePingMs * 2);
    expect(api.put).toHaveBeenCalledTimes(2);
  });

  it('sends nothing when the shell closes within the first seconds', () => {
    const { unmount } = renderHook(() => useLastActivePing());
    unmount();
    vi.advanceTimersByTime(firstLastActivePingMs + lastActivePingMs);
    expect(api.put).not.toHaveBeenCalled();
  });
});
