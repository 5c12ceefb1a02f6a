import { Button, Modal } from 'antd';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { ChatThreadPanel } from './chat-thread-panel.tsx';

/** The thread of a group's conversation (one per group). */
export const groupConversationThreadId = 'percakapan';

/** The Percakapan modal of spec 2 §2: a group's live conversation, 950 px (90% on phones), Tutup. */
export function ChatModal({
  open,
  groupId,
  title = 'Percakapan',
  onClose,
}: {
  open: boolean;
  groupId: string;
  title?: string;
  onClose: () => void;
}) {
  const isPhone = useIsPhone();
  return (
    <Modal
      open={open}
      title={title}
      width={modalWidth('chat', isPhone)}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>Tutup</Button>}
    >
      {open ? <ChatThreadPanel groupId={groupId} threadId={groupConversationThreadId} /> : null}
    </Modal>
  );
}
