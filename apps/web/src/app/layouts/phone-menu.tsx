import { useEffect, useRef } from 'react';
import { CloseOutlined } from '@ant-design/icons';
import { Sidebar } from './sidebar.tsx';

/**
 * The side menu on phones: a full-screen native dialog (focus kept inside, Escape and the back gesture
 * close it, the page beneath inert) rather than antd's Modal, whose code every page's first load paid
 * for a menu most visitors never open.
 */
export function PhoneMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog ref={dialog} className="phone-menu" aria-label="Menu" onClose={onClose}>
      <button type="button" className="phone-menu-close" aria-label="Tutup menu" onClick={onClose}>
        <CloseOutlined />
      </button>
      <Sidebar onNavigate={onClose} />
    </dialog>
  );
}
