import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CheckCircleFilled, CloseCircleFilled, CloseOutlined } from '@ant-design/icons';
import './toasts.css';

/** Short messages: one line with an icon, gone after 3 s, at most three at once. */
export interface MessageApi {
  success: (text: string) => void;
  error: (text: string) => void;
}

/** A notification as the screens raise it (the part of antd's arguments they use). */
export interface NotificationArgs {
  title: string;
  description?: string;
  /** Seconds until it closes itself, 4.5 when left out; 0 or null keeps it until its close button. */
  duration?: number | null;
  /**
   * Ignored: the stack's place is toasts.css's (bottom on phones, top centre from 768 px); the screens
   * written for antd still say so.
   */
  placement?: 'bottom';
}

/** Notifications: a bold title, an optional description and a close button. */
export interface NotificationApi {
  success: (args: NotificationArgs) => void;
  error: (args: NotificationArgs) => void;
}

/** The two kinds of toast a screen shows: short messages and notifications. */
export interface Toasts {
  message: MessageApi;
  notification: NotificationApi;
}

type Tone = 'success' | 'error';

interface Toast {
  id: number;
  kind: 'message' | 'notification';
  tone: Tone;
  title: string;
  description?: string;
  /** Milliseconds until it closes itself; 0 keeps it until its close button. */
  closeAfter: number;
}

// antd's defaults, which the screens were written against.
const messageSeconds = 3;
const notificationSeconds = 4.5;
const maxMessages = 3;

// One list for the whole page, outside React, so a toast raised from a promise callback lands in the
// stack like any other.
let current: readonly Toast[] = [];
let lastId = 0;
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getToasts(): readonly Toast[] {
  return current;
}

function add(toast: Omit<Toast, 'id'>): void {
  const next = [...current, { ...toast, id: ++lastId }];
  const messages = next.filter((t) => t.kind === 'message');
  const dropped = new Set(messages.slice(0, Math.max(0, messages.length - maxMessages)));
  publish(next.filter((t) => !dropped.has(t)));
}

function close(id: number): void {
  // A timer can outlive its page (a unit test's jsdom is torn down while a toast is still up); React
  // would then render into a window that no longer exists.
  if (typeof document === 'undefined') return;
  if (current.some((t) => t.id === id)) publish(current.filter((t) => t.id !== id));
}

function toastsVia(show: (toast: Omit<Toast, 'id'>) => void): Toasts {
  const message = (tone: Tone) => (text: string) =>
    show({ kind: 'message', tone, title: text, closeAfter: messageSeconds * 1000 });
  const notification =
    (tone: Tone) =>
    ({ title, description, duration }: NotificationArgs) =>
      show({
        kind: 'notification',
        tone,
        title,
        description,
        // As antd: left out is the default, while null (like 0) means "until closed".
        closeAfter: (duration === undefined ? notificationSeconds : (duration ?? 0)) * 1000,
      });
  return {
    message: { success: message('success'), error: message('error') },
    notification: { success: notification('success'), error: notification('error') },
  };
}

/** The page's toasts: drawn by the ToastProvider's stack. */
const toasts = toastsVia(add);

/** Keeps a toast up for its time, holding the clock while the pointer or focus is on it (as antd). */
function useAutoClose({ id, closeAfter }: Toast) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const left = useRef(closeAfter);
  const held = hovered || focused;
  useEffect(() => {
    if (left.current <= 0 || held) return;
    const start = Date.now();
    const timer = setTimeout(() => close(id), left.current);
    return () => {
      clearTimeout(timer);
      // At least 1 ms: 0 would mean "until closed".
      left.current = Math.max(1, left.current - (Date.now() - start));
    };
  }, [id, held]);
  return {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: () => setFocused(false),
  };
}

function ToastCard({ toast }: { toast: Toast }) {
  const hold = useAutoClose(toast);
  const icon =
    toast.tone === 'success' ? (
      <CheckCircleFilled className="toast-icon" aria-hidden />
    ) : (
      <CloseCircleFilled className="toast-icon" aria-hidden />
    );
  if (toast.kind === 'message') {
    return (
      <div className={`toast toast-message toast-${toast.tone}`} {...hold}>
        {icon}
        <span className="toast-text">{toast.title}</span>
      </div>
    );
  }
  return (
    <div className={`toast toast-notification toast-${toast.tone}`} {...hold}>
      {icon}
      <div className="toast-body">
        <div className="toast-title">{toast.title}</div>
        {toast.description ? <div className="toast-description">{toast.description}</div> : null}
      </div>
      <button type="button" className="toast-close" aria-label="Tutup" onClick={() => close(toast.id)}>
        <CloseOutlined aria-hidden />
      </button>
    </div>
  );
}

/**
 * The stack (bottom on phones, top centre from 768 px: toasts.css), newest nearest the edge. The live regions are always there, empty
 * until a toast comes: screen readers announce only changes to a region they already know.
 */
function ToastStack() {
  const shown = useSyncExternalStore(subscribe, getToasts, getToasts);
  const cards = (tone: Tone) =>
    shown.filter((t) => t.tone === tone).map((t) => <ToastCard key={t.id} toast={t} />);
  return (
    <div className="toast-stack">
      {/* Not atomic: only the new toast is read, not the ones already up. */}
      <div className="toast-region" role="status" aria-live="polite" aria-atomic="false">
        {cards('success')}
      </div>
      <div className="toast-region" role="alert" aria-atomic="false">
        {cards('error')}
      </div>
    </div>
  );
}

/**
 * Toasts for every screen below: messages and notifications (spec 2 §8, spec 3 §8; placed by toasts.css), at
 * most three messages at once. Plain React instead of antd's message and notification, which brought
 * their code and CSS-in-JS into every first load; needs no antd context.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  // A toast outlives no provider: the next tree (a unit test's) starts with an empty stack.
  useEffect(() => () => publish([]), []);
  return (
    <>
      {children}
      {/* In <body> as antd's were, so no transformed or clipped ancestor moves or hides the stack. */}
      {createPortal(<ToastStack />, document.body)}
    </>
  );
}

/**
 * The toasts of the screen: `const { message, notification } = useToasts()`. One stack for the page,
 * drawn by the ToastProvider; a hook so that screens need not know it is a module-level store.
 */
export function useToasts(): Toasts {
  return toasts;
}
