import { useEffect, useRef } from 'react';

/**
 * A ref for a native `<dialog>` shown as a modal while `open` is true (the browser keeps the focus inside
 * and makes the page behind inert) and closed when it turns false.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
