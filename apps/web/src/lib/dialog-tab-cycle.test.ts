import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepTabInDialogs } from './dialog-tab-cycle.ts';

let stop: () => void;
beforeEach(() => {
  // jsdom lays nothing out: every element counts as shown.
  vi.spyOn(Element.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
  document.body.innerHTML = `
    <button id="outside">Di luar</button>
    <div role="dialog" aria-modal="true" tabindex="-1">
      <button id="close">Tutup</button>
      <input id="name" />
      <button id="save">Simpan</button>
    </div>`;
  stop = keepTabInDialogs(document);
});
afterEach(() => {
  stop();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

function tab(shiftKey = false) {
  const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true });
  (document.activeElement ?? document.body).dispatchEvent(event);
  return event;
}

describe('keepTabInDialogs', () => {
  it("goes from the dialog's last control to its first, and back with Shift+Tab", () => {
    document.getElementById('save')!.focus();
    expect(tab().defaultPrevented).toBe(true);
    expect(document.activeElement?.id).toBe('close');
    expect(tab(true).defaultPrevented).toBe(true);
    expect(document.activeElement?.id).toBe('save');
  });

  it('leaves Tab between inner controls to the browser', () => {
    document.getElementById('close')!.focus();
    expect(tab().defaultPrevented).toBe(false);
  });

  it('brings focus back from the focused dialog itself or from outside', () => {
    (document.querySelector('[role="dialog"]') as HTMLElement).focus();
    tab(true);
    expect(document.activeElement?.id).toBe('save');
    document.getElementById('outside')!.focus();
    tab();
    expect(document.activeElement?.id).toBe('close');
  });
});
