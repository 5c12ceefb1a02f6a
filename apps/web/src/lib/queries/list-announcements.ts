import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AnnouncementListResponse } from '@lms/contract/announcement.schema';
import { apiClient } from '../api-client.ts';

export interface AnnouncementListParams {
  page: number;
  per_page: number;
  search?: string;
  /** terbit (default), terjadwal or semua (operators with read on pengumuman). */
  status?: 'terbit' | 'terjadwal' | 'semua';
}

/** GET /v2/lms/pengumuman: a page of announcements, newest first (the dashboard card and /pengumuman). */
export async function listAnnouncements(params: AnnouncementListParams): Promise<AnnouncementListResponse> {
  const response = await apiClient.get<AnnouncementListResponse>('/v2/lms/pengumuman', { params });
  return response.data;
}

/** Every announcement query starts with this key; changes invalidate it. */
export const announcementsKey = ['announcements'] as const;

/** Query options of one page; the previous page stays on screen while the next loads. */
export function announcementsQuery(params: AnnouncementListParams) {
  return queryOptions({
    queryKey: [...announcementsKey, 'list', params],
    queryFn: () => listAnnouncements(params),
    placeholderData: keepPreviousData,
  });
}
