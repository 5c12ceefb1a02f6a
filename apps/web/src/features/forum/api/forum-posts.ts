import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Forum, ForumPost } from '@lms/contract/forum.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { forumKeys } from '../../../lib/query-keys/forum-query-keys.ts';

/** GET /v2/lms/forum/{id}/post: the discussion in order. */
export async function listForumPosts(forumId: string): Promise<ForumPost[]> {
  const response = await apiClient.get<{ data: ForumPost[] }>(`/v2/lms/forum/${forumId}/post`);
  return response.data.data;
}

/** The discussion; new posts arrive through the live stream (useForumEvents), not by polling. */
export function useForumPosts(forumId: string, enabled: boolean) {
  return useQuery({ queryKey: forumKeys.posts(forumId), queryFn: () => listForumPosts(forumId), enabled });
}

/** PUT /v2/lms/forum/{id}/join: records that the discussion was opened. */
export async function joinForum(forumId: string): Promise<Forum> {
  const response = await apiClient.put<{ data: Forum }>(`/v2/lms/forum/${forumId}/join`);
  return response.data.data;
}

/** Posts, replies, edits and deletions; each refreshes the discussion and the forum's counts. */
export function useForumPostActions(forumId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: forumKeys.posts(forumId) }),
      queryClient.invalidateQueries({ queryKey: forumKeys.detail(forumId) }),
    ]);
  return {
    create: useMutation({
      mutationFn: async ({
        files = [],
        onProgress,
        ...input
      }: {
        isi: string;
        parent_id?: string;
        files?: File[];
        /** Upload progress 0–100 while files are sent. */
        onProgress?: (percent: number) => void;
      }) => {
        // With files the post goes as multipart (files under `lampiran`); without, as JSON.
        let body: FormData | typeof input = input;
        if (files.length > 0) {
          const form = new FormData();
          form.append('isi', input.isi);
          if (input.parent_id) form.append('parent_id', input.parent_id);
          for (const file of files) form.append('lampiran', file);
          body = form;
        }
        const response = await apiClient.post<{ data: ForumPost }>(`/v2/lms/forum/${forumId}/post`, body, {
          onUploadProgress: (event) => {
            if (event.total) onProgress?.((event.loaded / event.total) * 100);
          },
        });
        return response.data.data;
      },
      onSuccess,
    }),
    edit: useMutation({
      mutationFn: async ({ id, isi }: { id: string; isi: string }) =>
        (await apiClient.put<{ data: ForumPost }>(`/v2/lms/forum/post/${id}`, { isi })).data.data,
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: async (id: string) => {
        await apiClient.delete(`/v2/lms/forum/post/${id}`);
      },
      onSuccess,
    }),
  };
}
