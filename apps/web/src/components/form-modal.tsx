import type { ReactNode } from 'react';
import { Modal, type FormInstance } from 'antd';
import { modalWidth } from '../lib/layout-constants.ts';
import { useIsPhone } from '../lib/use-is-phone.ts';

/**
 * A dialog around an antd form: Simpan submits the form (and spins while `saving`), Batal closes. By
 * default the form is rendered while closed too (`forceRender`), so that `form` is connected before the
 * dialog opens.
 */
export function FormModal({
  open,
  title,
  form,
  saving,
  okText = 'Simpan',
  centered = false,
  forceRender = true,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  form: FormInstance;
  saving: boolean;
  okText?: string;
  centered?: boolean;
  forceRender?: boolean;
  onClose(): void;
  children: ReactNode;
}) {
  const isPhone = useIsPhone();
  return (
    <Modal
      open={open}
      title={title}
      width={modalWidth('default', isPhone)}
      centered={centered}
      okText={okText}
      cancelText="Batal"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender={forceRender}
    >
      {children}
    </Modal>
  );
}
