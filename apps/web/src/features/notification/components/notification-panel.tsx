import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notificationKindLabels, notificationMessages, timeAgoText } from '@lms/contract/notification.rules';
import type { Notification } from '@lms/contract/notification.schema';
import { serverNow } from '../../../lib/server-clock.ts';
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationKey,
  notificationListQuery,
} from '../api/notifications.ts';
import { useUnreadCount } from '../api/unread-count-store.ts';

/** The bell's list: newest first, unread ones marked; a click marks it read and goes to the thing. */
export function NotificationPanel({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const unread = useUnreadCount();
  // Fetched again whenever the count changes while the panel is open: a new one shows at once.
  const list = useQuery(notificationListQuery(unread));
  const now = new Date(serverNow());
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKey });

  const open = async (item: Notification) => {
    onClose();
    if (!item.dibaca_pada) void markNotificationRead(item.id).then(refresh, () => undefined);
    await navigate(item.tautan);
  };

  const items = list.data?.data ?? [];
  return (
    <div className="notification-list-box">
      <div className="notification-panel-head">
        <h2>Notifikasi</h2>
        <button
          type="button"
          className="notification-mark-all"
          disabled={!unread && !items.some((n) => !n.dibaca_pada)}
          onClick={() => void markAllNotificationsRead().then(refresh)}
        >
          {notificationMessages.markAll}
        </button>
      </div>
      {list.isPending ? (
        <p className="notification-panel-note">Memuat…</p>
      ) : list.isError ? (
        <p className="notification-panel-note">Notifikasi tidak dapat dimuat. Coba lagi nanti.</p>
      ) : items.length === 0 ? (
        <p className="notification-panel-note">{notificationMessages.empty}</p>
      ) : (
        <ul className="notification-list">
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className={item.dibaca_pada ? 'notification-item' : 'notification-item is-unread'}
                onClick={() => void open(item)}
              >
                <span className="notification-dot" aria-hidden />
                <span className="notification-text">
                  <span className="notification-title">{item.judul}</span>
                  <span className="notification-time">
                    {notificationKindLabels[item.jenis]} · {timeAgoText(new Date(item.dibuat_pada), now)}
                    {item.dibaca_pada ? '' : ' · Belum dibaca'}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
