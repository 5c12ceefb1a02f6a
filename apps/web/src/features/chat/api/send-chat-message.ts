import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@lms/contract/chat.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { chatKeys } from '../../../lib/query-keys/chat-query-keys.ts';

/** POST …/thread/{threadId}/pesan: sends a message; the thread is read again. */
export function useSendChatMessage(groupId: string, threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (isi: string) => {
      const response = await apiClient.post<{ data: ChatMessage }>(
        `/v2/chat/group/${encodeURIComponent(groupId)}/thread/${encodeURIComponent(threadId)}/pesan`,
        { isi },
      );
      return response.data.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.thread(groupId, threadId) }),
  });
}
