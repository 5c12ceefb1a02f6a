import { useEffect, useRef, useState } from 'react';
import { DeleteOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Spin, Tag } from 'antd';
import { chatMessages as texts } from '@lms/contract/chat.rules';
import { isBlankRichText, plainTextToRichText } from '@lms/contract/rich-text.rules';
import type { ChatMessage } from '@lms/contract/chat.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { RichText } from '../../../components/rich-text.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useDeleteChatMessage } from '../api/delete-chat-message.ts';
import { useChatThread } from '../api/get-chat-thread.ts';
import { useResetChatUnread } from '../api/reset-chat-unread.ts';
import { useSendChatMessage } from '../api/send-chat-message.ts';
import { useChatThreadEvents } from '../api/use-chat-thread-events.ts';
import './chat-thread-panel.css';
import { useToasts } from '../../../components/toasts.tsx';

function MessageItem({ message, onDelete }: { message: ChatMessage; onDelete: () => void }) {
  const timeZone = useTimeZone();
  return (
    <li className={`chat-message${message.milik_saya ? ' chat-message-own' : ''}`}>
      <div className="chat-message-head">
        <strong>{message.pengirim.nama}</strong>
        <Tag color={message.pengirim.role === 'Dosen' ? 'blue' : 'green'}>{message.pengirim.role}</Tag>
        <span className="chat-message-time">{formatDateTime(message.waktu_kirim, timeZone)}</span>
        {message.milik_saya && !message.dihapus ? (
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            aria-label="Hapus pesan"
            onClick={onDelete}
          />
        ) : null}
      </div>
      {message.dihapus ? (
        <em className="chat-message-deleted">{message.isi}</em>
      ) : (
        <RichText html={message.isi} />
      )}
    </li>
  );
}

/**
 * One thread: its messages (live), a box to write in and Kirim. Opening it, and every message that
 * arrives while it is open, marks the thread read.
 */
export function ChatThreadPanel({
  groupId,
  threadId,
  emptyText = 'Belum ada pesan.',
}: {
  groupId: string;
  threadId: string;
  emptyText?: string;
}) {
  const thread = useChatThread(groupId, threadId);
  const send = useSendChatMessage(groupId, threadId);
  const remove = useDeleteChatMessage(groupId, threadId);
  const reset = useResetChatUnread(groupId, threadId);
  const [text, setText] = useState('');
  const [deleting, setDeleting] = useState<string | null>(null);
  const { notification } = useToasts();
  const list = useRef<HTMLOListElement>(null);
  const markRead = reset.mutate;
  useChatThreadEvents(groupId, threadId, () => markRead());
  useEffect(() => markRead(), [markRead, groupId, threadId]);
  const count = thread.data?.pesan.length ?? 0;
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [count]);

  const submit = async () => {
    const html = plainTextToRichText(text);
    if (isBlankRichText(html)) {
      notification.error({ title: texts.emptyMessage, placement: 'bottom' });
      return;
    }
    try {
      await send.mutateAsync(html);
      setText('');
    } catch (error) {
      notification.error({ title: (error as Error).message, placement: 'bottom' });
    }
  };

  if (thread.isPending) return <Spin aria-label="Memuat percakapan" />;
  if (thread.isError) return <Alert type="error" showIcon title={thread.error.message} />;
  const { pesan, akses } = thread.data;
  return (
    <section className="chat-thread" aria-label="Percakapan">
      {pesan.length === 0 ? (
        <p className="chat-empty">{emptyText}</p>
      ) : (
        <ol className="chat-messages" ref={list} aria-live="polite">
          {pesan.map((m) => (
            <MessageItem key={m.id} message={m} onDelete={() => setDeleting(m.id)} />
          ))}
        </ol>
      )}
      {akses.kirim ? (
        <div className="chat-composer">
          <Input.TextArea
            aria-label="Tulis pesan"
            placeholder="Tulis pesan…"
            autoSize={{ minRows: 1, maxRows: 5 }}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onPressEnter={(e) => {
              // Enter sends; Shift+Enter starts a new line.
              if (e.shiftKey) return;
              e.preventDefault();
              void submit();
            }}
          />
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={send.isPending}
            onClick={() => void submit()}
          >
            Kirim
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        danger
        title="Hapus pesan?"
        confirmText="Hapus"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(deleting!);
          } catch (error) {
            notification.error({ title: (error as Error).message, placement: 'bottom' });
          }
          setDeleting(null);
        }}
      >
        Pesan akan diganti dengan tulisan &quot;{texts.messageDeleted}&quot;.
      </ConfirmDialog>
    </section>
  );
}
