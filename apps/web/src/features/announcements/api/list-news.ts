import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { News, NewsListResponse } from '@lms/contract/announcement.schema';
import { apiClient } from '../../../lib/api-client.ts';

export const newsKey = ['news'] as const;

export interface NewsListParams {
  page: number;
  per_page: number;
  search?: string;
  status?: 'terbit' | 'terjadwal' | 'semua';
}

/** GET /v2/lms/berita. */
export async function listNews(params: NewsListParams): Promise<NewsListResponse> {
  const response = await apiClient.get<NewsListResponse>('/v2/lms/berita', { params });
  return response.data;
}

export function newsListQuery(params: NewsListParams) {
  return queryOptions({
    queryKey: [...newsKey, 'list', params],
    queryFn: () => listNews(params),
    placeholderData: keepPreviousData,
  });
}

/** GET /v2/lms/berita/{id}. */
export async function getNews(id: string): Promise<News> {
  const response = await apiClient.get<{ data: News }>(`/v2/lms/berita/${encodeURIComponent(id)}`);
  return response.data.data;
}

export function newsQuery(id: string) {
  return queryOptions({ queryKey: [...newsKey, 'detail', id], queryFn: () => getNews(id) });
}
