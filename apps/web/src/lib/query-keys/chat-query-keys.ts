/**
 * Query keys of chat (GET /v2/chat/group/{id}/thread/{threadId}, GET /v2/chat/unread). A message arriving
 * on a thread's live stream invalidates that thread and the counters.
 */
export const chatKeys = {
  all: ['chat'] as const,
  thread: (groupId: string, threadId: string) => [...chatKeys.all, 'thread', groupId, threadId] as const,
  unread: () => [...chatKeys.all, 'unread'] as const,
};
