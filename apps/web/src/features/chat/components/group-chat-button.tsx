import { useState } from 'react';
import { MessageOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { commentGroupId } from '@lms/contract/chat.rules';
import { useChatUnreadCount } from '../api/get-chat-unread.ts';
import { ChatModal, groupConversationThreadId } from './chat-modal.tsx';

/** A task group card's chat button: opens the group's Percakapan, with its unread count. */
export function GroupChatButton({ taskGroupId, name }: { taskGroupId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const groupId = commentGroupId('', taskGroupId);
  const unread = useChatUnreadCount(groupId, groupConversationThreadId);
  return (
    <>
      <Badge count={unread} size="small">
        <Button
          size="small"
          icon={<MessageOutlined />}
          aria-label={`Percakapan ${name}`}
          onClick={() => setOpen(true)}
        />
      </Badge>
      <ChatModal open={open} groupId={groupId} title={`Percakapan ${name}`} onClose={() => setOpen(false)} />
    </>
  );
}
