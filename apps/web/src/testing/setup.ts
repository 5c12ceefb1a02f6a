import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// jsdom has no matchMedia; antd's responsive pieces and useIsPhone ask it. Desktop unless a test says so.
if (typeof window !== 'undefined' && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// jsdom lacks ResizeObserver, which antd's Select and Modal use.
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: ResizeObserverStub,
  });
}

afterEach(() => cleanup());

// Unmounting the last test's tree leaves React a passive-effects task in its scheduler (setImmediate);
// when a busy machine runs it only after the file's jsdom is gone, it fails the run with "window is not
// defined" (seen once in CI). Let it run while the window still exists.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 50)));
