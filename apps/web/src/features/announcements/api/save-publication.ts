import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Announcement, AnnouncementInput, News, NewsInput } from '@lms/contract/announcement.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { announcementsKey } from '../../../lib/queries/list-announcements.ts';
import { newsKey } from './list-news.ts';

/** Announcements (pengumuman) and news (berita) share one form and these calls. */
export type PublicationKind = 'pengumuman' | 'berita';

export type PublicationInput = AnnouncementInput & Partial<Pick<NewsInput, 'ringkasan' | 'gambar_url'>>;

const basePath: Record<PublicationKind, string> = {
  pengumuman: '/v2/lms/pengumuman',
  berita: '/v2/lms/berita',
};

/** POST (no id) or PUT (id) /v2/lms/{pengumuman|berita}. */
export async function savePublication(
  kind: PublicationKind,
  id: string | undefined,
  input: PublicationInput,
): Promise<Announcement | News> {
  const url = id ? `${basePath[kind]}/${encodeURIComponent(id)}` : basePath[kind];
  const response = id
    ? await apiClient.put<{ data: Announcement | News }>(url, input)
    : await apiClient.post<{ data: Announcement | News }>(url, input);
  return response.data.data;
}

/** DELETE /v2/lms/{pengumuman|berita}/{id}. */
export async function deletePublication(kind: PublicationKind, id: string): Promise<void> {
  await apiClient.delete(`${basePath[kind]}/${encodeURIComponent(id)}`);
}

function keyOf(kind: PublicationKind) {
  return kind === 'pengumuman' ? announcementsKey : newsKey;
}

/** Saves an announcement or news article; the lists and details are fetched again. */
export function useSavePublication(kind: PublicationKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: PublicationInput }) => savePublication(kind, id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: keyOf(kind) }),
  });
}

/** Deletes an announcement or news article. */
export function useDeletePublication(kind: PublicationKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deletePublication(kind, id),
    onSuccess: () => client.invalidateQueries({ queryKey: keyOf(kind) }),
  });
}
