import { useQuery } from '@tanstack/react-query';
import { chatThreadKey } from '@lms/contract/chat.rules';
import type { ChatUnread } from '@lms/contract/chat.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { chatKeys } from '../../../lib/query-keys/chat-query-keys.ts';

/** GET /v2/chat/unread: the signed-in user's counters. */
export async function listChatUnread(): Promise<ChatUnread[]> {
  return (await apiClient.get<{ data: ChatUnread[] }>('/v2/chat/unread')).data.data;
}

/** Unread messages of one thread (0 when none). */
export function useChatUnreadCount(groupId: string, threadId: string): number {
  const key = chatThreadKey(groupId, threadId);
  const { data } = useQuery({ queryKey: chatKeys.unread(), queryFn: listChatUnread });
  return data?.find((c) => c.id === key)?.jumlah ?? 0;
}
