import { useQueryClient } from '@tanstack/react-query';
import { chatKeys } from '../../../lib/query-keys/chat-query-keys.ts';
import { useAuthorizedEventSource } from '../../../lib/use-authorized-event-source.ts';

/**
 * Follows `GET …/thread/{threadId}/events`: a `pesan` event (new or deleted) reads the thread again, so a
 * message arrives without reloading; `onMessage` lets the open panel mark it read.
 */
export function useChatThreadEvents(groupId: string, threadId: string, onMessage?: () => void): void {
  const queryClient = useQueryClient();
  useAuthorizedEventSource(
    `/v2/chat/group/${encodeURIComponent(groupId)}/thread/${encodeURIComponent(threadId)}/events`,
    {},
    {
      pesan: () => {
        void queryClient.invalidateQueries({ queryKey: chatKeys.thread(groupId, threadId) });
        onMessage?.();
      },
    },
  );
}
