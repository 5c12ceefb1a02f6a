import { queryOptions } from '@tanstack/react-query';
import type {
  NotificationList,
  NotificationPreference,
  NotificationPreferencesInput,
} from '@lms/contract/notification.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { setUnreadCount } from './unread-count-store.ts';

export const notificationKey = ['notifications'] as const;

/**
 * GET /v2/lms/notifikasi: the newest page, with the unread count. Keyed by the count the stream last
 * told, so an open list fetches again when a notification arrives.
 */
export function notificationListQuery(unread: number | null) {
  return queryOptions({
    queryKey: [...notificationKey, 'list', unread],
    queryFn: async () => {
      const response = await apiClient.get<NotificationList>('/v2/lms/notifikasi', {
        params: { per_page: 20 },
      });
      setUnreadCount(response.data.meta.belum_dibaca);
      return response.data;
    },
  });
}

/** PUT /v2/lms/notifikasi/{id}/dibaca. */
export async function markNotificationRead(id: string): Promise<void> {
  const response = await apiClient.put<{ data: { belum_dibaca: number } }>(
    `/v2/lms/notifikasi/${encodeURIComponent(id)}/dibaca`,
  );
  setUnreadCount(response.data.data.belum_dibaca);
}

/** PUT /v2/lms/notifikasi/dibaca-semua. */
export async function markAllNotificationsRead(): Promise<void> {
  const response = await apiClient.put<{ data: { belum_dibaca: number } }>('/v2/lms/notifikasi/dibaca-semua');
  setUnreadCount(response.data.data.belum_dibaca);
}

export function notificationPreferencesQuery() {
  return queryOptions({
    queryKey: [...notificationKey, 'preferences'],
    queryFn: async () =>
      (await apiClient.get<{ data: NotificationPreference[] }>('/v2/lms/notifikasi/preferensi')).data.data,
  });
}

/** PUT /v2/lms/notifikasi/preferensi: the choices changed; answers all of them. */
export async function saveNotificationPreferences(input: NotificationPreferencesInput) {
  return (await apiClient.put<{ data: NotificationPreference[] }>('/v2/lms/notifikasi/preferensi', input))
    .data.data;
}
