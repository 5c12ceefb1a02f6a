import { describe, expect, it } from 'vitest';
import { isChunkLoadError, shouldReloadForChunkError } from './chunk-reload.ts';

describe('chunk-load reload', () => {
  it('recognises failed dynamic imports', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Network Error'))).toBe(false);
  });

  it('reloads at most once per 60 seconds', () => {
    expect(shouldReloadForChunkError(null, 1_000_000)).toBe(true);
    expect(shouldReloadForChunkError(1_000_000, 1_030_000)).toBe(false);
    expect(shouldReloadForChunkError(1_000_000, 1_060_000)).toBe(true);
  });
});
