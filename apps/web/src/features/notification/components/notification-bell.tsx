import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { BellOutlined } from '@ant-design/icons';
import { unreadBadgeText } from '@lms/contract/notification.rules';
import { useUnreadCount } from '../api/unread-count-store.ts';
import './notification-bell.css';

// The list is loaded when the bell is first opened: the header is on every page's first screen.
const NotificationPanel = lazy(async () => ({
  default: (await import('./notification-panel.tsx')).NotificationPanel,
}));

/**
 * The header's bell: the unread count from the events stream the header keeps open (no request of its
 * own), and the list in a panel under it (a sheet across the screen on a phone).
 */
export function NotificationBell() {
  const unread = useUnreadCount();
  const [open, setOpen] = useState(false);
  const area = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!area.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const count = unread ?? 0;
  const label = count > 0 ? `Notifikasi, ${count} belum dibaca` : 'Notifikasi';
  return (
    <div className="notification-bell-area" ref={area}>
      <button
        ref={trigger}
        type="button"
        className="notification-bell"
        aria-label={label}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen((value) => !value)}
      >
        <BellOutlined />
        {count > 0 ? (
          <span className="notification-badge" data-testid="notification-badge" aria-hidden>
            {unreadBadgeText(count)}
          </span>
        ) : null}
      </button>
      {open ? (
        <div className="notification-panel" role="dialog" aria-label="Notifikasi">
          <Suspense fallback={<p className="notification-panel-note">Memuat…</p>}>
            <NotificationPanel onClose={() => setOpen(false)} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
