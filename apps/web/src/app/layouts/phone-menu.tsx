import { CloseOutlined } from '@ant-design/icons';
import { useModalDialog } from '../../components/use-modal-dialog.ts';
import { Sidebar } from './sidebar.tsx';

/**
 * The side menu on phones: a full-screen native dialog (focus kept inside, Escape and the back gesture
 * close it, the page beneath inert) rather than antd's Modal, whose code every page's first load paid
 * for a menu most visitors never open.
 */
export function PhoneMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useModalDialog(open);
  return (
    <dialog ref={dialog} className="phone-menu" aria-label="Menu" onClose={onClose}>
      <button type="button" className="phone-menu-close" aria-label="Tutup menu" onClick={onClose}>
        <CloseOutlined />
      </button>
      <Sidebar onNavigate={onClose} />
    </dialog>
  );
}
