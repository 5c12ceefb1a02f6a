import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// antd writes its CSS-in-JS rules (over 300 KB) into the page as <style data-rc-order>. jsdom's
// getComputedStyle matches every rule against each element it is asked about, and a query by role and
// name asks about every candidate: one getByRole over the Konfigurasi form took 6 s. These tests check
// behaviour, not antd's looks: its style elements stay in the document (antd finds and updates them)
// with a type that jsdom does not parse as CSS.
if (typeof window !== 'undefined') {
  const unparsed = <T extends Node>(node: T): T => {
    if (node instanceof HTMLStyleElement && node.hasAttribute('data-rc-order')) node.type = 'text/x-antd';
    return node;
  };
  const appendChild = Node.prototype.appendChild;
  const insertBefore = Node.prototype.insertBefore;
  Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
    return appendChild.call(this, unparsed(node)) as T;
  };
  Node.prototype.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
    return insertBefore.call(this, unparsed(node), child) as T;
  };
}

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

// jsdom's Blob has no text()/arrayBuffer() (browsers' have). On Node 24, fetch's Response.blob() builds
// its Blob with the global Blob, which is jsdom's here, so a test reading a downloaded file needs them.
if (typeof Blob !== 'undefined' && !Blob.prototype.text) {
  const read = <T>(blob: Blob, how: 'readAsText' | 'readAsArrayBuffer') =>
    new Promise<T>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as T);
      reader.onerror = () => reject(reader.error);
      reader[how](blob);
    });
  Blob.prototype.text = function (this: Blob) {
    return read<string>(this, 'readAsText');
  };
  Blob.prototype.arrayBuffer = function (this: Blob) {
    return read<ArrayBuffer>(this, 'readAsArrayBuffer');
  };
}

afterEach(() => cleanup());

// Unmounting the last test's tree leaves React a passive-effects task in its scheduler (setImmediate);
// when a busy machine runs it only after the file's jsdom is gone, it fails the run with "window is not
// defined" (seen once in CI). Let it run while the window still exists.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 50)));
