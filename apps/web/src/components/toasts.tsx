import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { message, notification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/** The two kinds of toast a screen shows: short messages and notifications. */
export interface Toasts {
  message: MessageInstance;
  notification: NotificationInstance;
}

// Outside a ToastProvider (a component rendered alone in a test), antd's static toasts.
const ToastContext = createContext<Toasts>({ message, notification });

/**
 * Toasts with the app's theme and locale for every screen below: notifications at the bottom (spec 2 §8,
 * spec 3 §8; messages are moved there in global.css), at most three messages at once. Instead of antd's
 * App, whose modal hook (no screen uses it) brought Modal and the form core into every first load.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [messageApi, messageHolder] = message.useMessage({ maxCount: 3 });
  const [notificationApi, notificationHolder] = notification.useNotification({ placement: 'bottom' });
  const toasts = useMemo(
    () => ({ message: messageApi, notification: notificationApi }),
    [messageApi, notificationApi],
  );
  return (
    <ToastContext.Provider value={toasts}>
      {children}
      {messageHolder}
      {notificationHolder}
    </ToastContext.Provider>
  );
}

/** The toasts of the screen: `const { message, notification } = useToasts()`. */
export function useToasts(): Toasts {
  return useContext(ToastContext);
}
