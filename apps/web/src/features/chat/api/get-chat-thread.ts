import { useQuery } from '@tanstack/react-query';
import type { ChatThread } from '@lms/contract/chat.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { chatKeys } from '../../../lib/query-keys/chat-query-keys.ts';

/** GET /v2/chat/group/{groupId}/thread/{threadId}: the latest messages, oldest first. */
export async function getChatThread(groupId: string, threadId: string): Promise<ChatThread> {
  const response = await apiClient.get<{ data: ChatThread }>(
    `/v2/chat/group/${encodeURIComponent(groupId)}/thread/${encodeURIComponent(threadId)}`,
  );
  return response.data.data;
}

/** A thread; new messages arrive through its live stream (useChatThreadEvents), not by polling. */
export function useChatThread(groupId: string, threadId: string) {
  return useQuery({
    queryKey: chatKeys.thread(groupId, threadId),
    queryFn: () => getChatThread(groupId, threadId),
  });
}
