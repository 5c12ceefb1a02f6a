const tabbableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

function isShown(element: Element): boolean {
  return element.getClientRects().length > 0;
}

/** The dialog's stops in tab order; of a radio group only the one Tab lands on (the checked, or the first). */
function tabStopsOf(dialog: HTMLElement): HTMLElement[] {
  const seenGroups = new Set<string>();
  return [...dialog.querySelectorAll<HTMLElement>(tabbableSelector)].filter((element) => {
    if (!isShown(element) || element.closest('[inert]')) return false;
    if (element instanceof HTMLInputElement && element.type === 'radio' && element.name) {
      const group = dialog.querySelectorAll<HTMLInputElement>(
        `input[type="radio"][name="${CSS.escape(element.name)}"]`,
      );
      const stop = [...group].find((radio) => radio.checked) ?? group[0];
      if (stop !== element || seenGroups.has(element.name)) return false;
      seenGroups.add(element.name);
    }
    return true;
  });
}

/**
 * Tab and Shift+Tab go round the open dialog's controls (issue 45). antd's Modal keeps focus inside by
 * pulling it back once it has left: Tab on the last control first went out of the page (the browser's
 * address bar, or the document itself), one stop in each round where nothing on the page showed focus.
 * Here the round closes on the dialog's own controls. The topmost shown modal dialog counts.
 */
export function keepTabInDialogs(target: Document = document): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey)
      return;
    const dialogs = [...target.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]')].filter(
      isShown,
    );
    const dialog = dialogs.at(-1);
    if (!dialog) return;
    const stops = tabStopsOf(dialog);
    const first = stops[0];
    const last = stops.at(-1);
    if (!first || !last) return;
    const active = target.activeElement;
    const inside = active instanceof Node && dialog.contains(active);
    if (!event.shiftKey && (active === last || !inside)) {
      event.preventDefault();
      first.focus();
    } else if (event.shiftKey && (active === first || active === dialog || !inside)) {
      event.preventDefault();
      last.focus();
    }
  };
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}
