import { useState, type ReactNode } from 'react';
import { Modal } from 'antd';
import { modalWidth } from '../lib/layout-constants.ts';
import { useIsPhone } from '../lib/use-is-phone.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** The question or explanation under the title. */
  children?: ReactNode;
  /** 'Ya' by default. */
  confirmText?: string;
  /** 'Batal' by default. */
  cancelText?: string;
  /** A deletion: red confirm button and the delete popup width (500 px). */
  danger?: boolean;
  /** Shows a spinner on the confirm button; also set while a returned promise runs. */
  loading?: boolean;
  /** May return a promise; the dialog shows progress until it settles. */
  onConfirm(): unknown;
  onCancel(): void;
}

/** The confirm dialog itself (antd Modal), loaded when a ConfirmDialog first opens. */
export function ConfirmDialogModal({
  open,
  title,
  children,
  confirmText = 'Ya',
  cancelText = 'Batal',
  danger = false,
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const isPhone = useIsPhone();
  const [running, setRunning] = useState(false);
  const busy = loading || running;

  const confirm = async () => {
    const result = onConfirm();
    if (result instanceof Promise) {
      setRunning(true);
      try {
        await result;
      } catch {
        // The caller shows its own error; the dialog only stops its spinner.
      } finally {
        setRunning(false);
      }
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={modalWidth(danger ? 'delete' : 'confirm', isPhone)}
      centered
      okText={confirmText}
      cancelText={cancelText}
      okButtonProps={{ danger, loading: busy }}
      cancelButtonProps={{ disabled: busy }}
      mask={{ closable: !busy }}
      closable={!busy}
      onOk={confirm}
      onCancel={() => {
        if (!busy) onCancel();
      }}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}
