import { useQuery } from '@tanstack/react-query';
import type { ForumAttachment } from '@lms/contract/forum.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { downloadFromApi } from '../../../lib/download-file.ts';
import { forumKeys } from '../../../lib/query-keys/forum-query-keys.ts';

/**
 * GET /v2/lms/forum/{id}/lampiran/{lampiranId}: a post's file. It answers only to members of the class
 * with their bearer token, so it is fetched through the API client and shown from a blob address rather
 * than linked directly.
 */
export async function getForumAttachment(attachment: ForumAttachment): Promise<Blob> {
  const response = await apiClient.get<Blob>(attachment.url, { responseType: 'blob' });
  return response.data;
}

/** An image attachment as an address for `<img>`, released when the post leaves the page. */
export function useForumAttachmentImage(attachment: ForumAttachment) {
  return useQuery({
    queryKey: forumKeys.attachment(attachment.id),
    queryFn: async () => URL.createObjectURL(await getForumAttachment(attachment)),
    // A file never changes; its blob address lives as long as the cache keeps it.
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
}

/** Saves an attachment under its own name (the server sends it as a download). */
export function downloadForumAttachment(attachment: ForumAttachment): Promise<string> {
  return downloadFromApi(attachment.url, { download: '1' }, attachment.nama);
}
