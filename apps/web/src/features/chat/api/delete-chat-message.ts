import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { chatKeys } from '../../../lib/query-keys/chat-query-keys.ts';

/** DELETE …/thread/{threadId}/pesan/{id}: the author deletes their message. */
export function useDeleteChatMessage(groupId: string, threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (messageId: string) => {
      await apiClient.delete(
        `/v2/chat/group/${encodeURIComponent(groupId)}/thread/${encodeURIComponent(threadId)}/pesan/${messageId}`,
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.thread(groupId, threadId) }),
  });
}
