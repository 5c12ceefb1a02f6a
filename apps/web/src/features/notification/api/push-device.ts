import type { PushPublicKey } from '@lms/contract/notification-push.schema';
import { apiClient } from '../../../lib/api-client.ts';

/** Whether this browser can take Web Push at all (service worker, PushManager, Notification). */
export function isPushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** GET /v2/lms/notifikasi/push/kunci: the server's VAPID public key; null while push is not set up. */
export async function fetchPushPublicKey(): Promise<string | null> {
  return (await apiClient.get<{ data: PushPublicKey }>('/v2/lms/notifikasi/push/kunci')).data.data
    .kunci_publik;
}

/** The app's service worker registration; undefined without one (development, an unsupported browser). */
async function findRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration();
}

/** This device's current subscription, if push is on here. */
export async function findDeviceSubscription(): Promise<PushSubscription | null> {
  return (await findRegistration())?.pushManager.getSubscription() ?? null;
}

/** The key as PushManager takes it: bytes, not base64url text. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * Turns push on for this device: asks the user's permission, subscribes the service worker with the
 * server's key, and gives the subscription to the server. Answers 'denied' when the user said no.
 */
export async function enableDevicePush(publicKey: string): Promise<'on' | 'denied' | 'unsupported'> {
  const registration = await findRegistration();
  if (!registration) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  await apiClient.post('/v2/lms/notifikasi/push/langganan', subscription.toJSON());
  return 'on';
}

/** Turns push off for this device: the server forgets it first, then the browser unsubscribes. */
export async function disableDevicePush(): Promise<void> {
  const subscription = await findDeviceSubscription();
  if (!subscription) return;
  await apiClient.delete(
    `/v2/lms/notifikasi/push/langganan?endpoint=${encodeURIComponent(subscription.endpoint)}`,
  );
  await subscription.unsubscribe();
}
