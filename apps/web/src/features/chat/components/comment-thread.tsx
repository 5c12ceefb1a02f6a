import { Badge, Card } from 'antd';
import { commentGroupId, commentThreadId, type CommentType } from '@lms/contract/chat.rules';
import { useChatUnreadCount } from '../api/get-chat-unread.ts';
import { ChatThreadPanel } from './chat-thread-panel.tsx';

/**
 * The comments of a task or an exam (spec 1 §9): one student's thread with the class's lecturers, or a
 * task group's with `taskGroupId`. The task and exam pages compose it (features never import each other).
 */
export function CommentThread({
  type,
  contentId,
  studentId,
  taskGroupId,
  title = 'Komentar',
}: {
  type: CommentType;
  contentId: string;
  /** The student the thread is about (the signed-in student, or the one a lecturer is grading). */
  studentId?: string | null;
  taskGroupId?: string | null;
  title?: string;
}) {
  const groupId = commentGroupId(contentId, taskGroupId);
  const threadId = commentThreadId({ type, groupId, contentId, studentId: taskGroupId ? null : studentId });
  const unread = useChatUnreadCount(groupId, threadId);
  return (
    <Card
      size="small"
      title={
        <span>
          {title} <Badge count={unread} title={`${unread} pesan belum dibaca`} />
        </span>
      }
    >
      <ChatThreadPanel groupId={groupId} threadId={threadId} emptyText="Belum ada komentar." />
    </Card>
  );
}
