import { z } from 'zod';
import { dataOf } from './api-envelope.schema.ts';

/** Devices (browsers, installed apps) one user may receive push on; subscribing one more drops the oldest. */
export const pushDevicesPerUserMax = 10;

/**
 * Push services the server sends to: FCM (Chrome, Edge, Android), Mozilla (Firefox), Apple (Safari) and
 * Windows (WNS). `*.x` is any subdomain of x. An installation may add origins (PUSH_EXTRA_ORIGINS).
 */
export const pushServiceHosts = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
] as const;

/** Whether an endpoint's host name is one of `pushServiceHosts`. */
export function isPushServiceHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return pushServiceHosts.some((allowed) =>
    allowed.startsWith('*.')
      ? host.endsWith(allowed.slice(1)) && host.length > allowed.length - 1
      : host === allowed,
  );
}

export const pushMessages = {
  unsupported: 'Browser ini tidak mendukung notifikasi push.',
  notConfigured: 'Notifikasi push belum disiapkan oleh kampus.',
  enable: 'Aktifkan notifikasi push di perangkat ini',
  disable: 'Matikan di perangkat ini',
  enabled: 'Notifikasi push aktif di perangkat ini.',
  denied: 'Izin notifikasi ditolak di browser ini. Izinkan notifikasi di pengaturan browser, lalu coba lagi.',
  endpointNotAllowed: 'Alamat layanan push tidak dikenal.',
  failed: 'Notifikasi push gagal diatur. Coba lagi.',
} as const;

const base64url = (bytes: number, label: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${label} tidak valid.`)
    .refine(
      (value) => Math.floor((value.replace(/=+$/, '').length * 3) / 4) === bytes,
      `${label} tidak valid.`,
    );

/** The browser's PushSubscription.toJSON(): an https endpoint and the P-256 key and auth secret. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, message: 'Alamat layanan push tidak valid.' })
    .max(1000, 'Alamat layanan push terlalu panjang.'),
  keys: z.object({
    /** An uncompressed P-256 point: 65 bytes. */
    p256dh: base64url(65, 'Kunci p256dh').max(100),
    /** 16 bytes. */
    auth: base64url(16, 'Kunci auth').max(32),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

export const pushUnsubscribeInputSchema = z.object({
  endpoint: z.string().min(1).max(1000),
});
export type PushUnsubscribeInput = z.infer<typeof pushUnsubscribeInputSchema>;

/** GET …/push/kunci: the server's VAPID public key, or null when push is not set up. */
export const pushPublicKeyResponseSchema = dataOf(z.object({ kunci_publik: z.string().nullable() }));
export type PushPublicKey = z.infer<typeof pushPublicKeyResponseSchema>['data'];

export const pushSubscribedResponseSchema = dataOf(z.object({ perangkat: z.number().int() }));
