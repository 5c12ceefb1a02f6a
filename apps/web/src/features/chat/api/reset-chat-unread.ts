import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatThreadKey } from '@lms/contract/chat.rules';
import type { ChatUnread } from '@lms/contract/chat.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { chatKeys } from '../../../lib/query-keys/chat-query-keys.ts';

/** PUT /v2/chat/unread with `reset`: the thread has been read. */
export function useResetChatUnread(groupId: string, threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const response = await apiClient.put<{ data: ChatUnread }>('/v2/chat/unread', {
        id: chatThreadKey(groupId, threadId),
        aksi: 'reset',
      });
      return response.data.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.unread() }),
  });
}
