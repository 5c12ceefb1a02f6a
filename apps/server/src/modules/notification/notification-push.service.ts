import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { defaultNotificationChoice, notificationKinds } from '@lms/contract/notification.rules';
import {
  isPushServiceHost,
  pushDevicesPerUserMax,
  pushMessages,
  type PushSubscriptionInput,
} from '@lms/contract/notification-push.schema';
import type { AppConfig } from '../../config.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, badRequest } from '../../platform/app-error.ts';
import { resolveOutboundHost } from '../../platform/outbound-address.ts';
import { fetchPinned } from '../../platform/pinned-fetch.ts';
import {
  claimPendingDeliveries,
  deletePushSubscription,
  deletePushSubscriptionById,
  findCollegesNamed,
  findPushSubscriptionsOf,
  markDelivered,
  markUndeliverable,
  upsertPushSubscription,
  type PushSubscriptionRow,
} from './notification-delivery.repository.ts';

export type PushPlatform = Pick<AppConfig, 'vapid' | 'pushExtraOrigins'>;

/** Push older than this is not sent any more (a job down for a while; rows from before push existed). */
const pushMaxAgeMs = 3_600_000;
/** How long a push service keeps a message for a device that is offline (seconds). */
const pushTtlSeconds = 24 * 3600;
const pushBatch = 200;
/** Kinds whose push asks the device to wake now: a missed exam costs a grade. */
const urgentKinds = new Set(['ujian', 'pengingat_ujian', 'ujian_berubah']);
const pushDefaultKinds = notificationKinds.filter((kind) => defaultNotificationChoice(kind, 'push'));
/** Every address: an origin the installation named in PUSH_EXTRA_ORIGINS is its own choice. */
const anyNetwork = ['0.0.0.0/0', '::/0'];

const pushNotConfigured = () => new AppError(503, 'push_belum_diatur', pushMessages.notConfigured);

/**
 * Whether the server may send to this endpoint: https on one of the known push services' hosts, or an
 * origin of PUSH_EXTRA_ORIGINS. Answers the networks its addresses may be in, or undefined when refused.
 */
export function pushEndpointNetworks(endpoint: string, platform: PushPlatform): string[] | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return undefined;
  }
  if (url.username || url.password) return undefined;
  if (platform.pushExtraOrigins.includes(url.origin)) return anyNetwork;
  if (
    url.protocol === 'https:' &&
    (url.port === '' || url.port === '443') &&
    isPushServiceHost(url.hostname)
  ) {
    return [];
  }
  return undefined;
}

/** GET …/push/kunci: what the browser subscribes with; null while push is off. */
export function getPushPublicKey(platform: PushPlatform): { kunci_publik: string | null } {
  return { kunci_publik: platform.vapid?.publicKey ?? null };
}

/** POST …/push/langganan: stores this device for the caller (at most `pushDevicesPerUserMax`). */
export async function subscribeMyDevice(
  db: Db,
  actor: Actor,
  platform: PushPlatform,
  input: PushSubscriptionInput,
  userAgent: string | undefined,
): Promise<{ perangkat: number }> {
  if (!platform.vapid) throw pushNotConfigured();
  if (!pushEndpointNetworks(input.endpoint, platform)) {
    throw badRequest('validation_failed', pushMessages.endpointNotAllowed, {
      fields: [{ field: 'endpoint', message: pushMessages.endpointNotAllowed }],
    });
  }
  const devices = await inTransaction(db, (tx) =>
    upsertPushSubscription(
      tx,
      {
        collegeId: actor.collegeId,
        userId: actor.userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        userAgent: userAgent?.slice(0, 300) ?? null,
      },
      pushDevicesPerUserMax,
    ),
  );
  return { perangkat: devices };
}

/** DELETE …/push/langganan: removes this device of the caller's; another's endpoint changes nothing. */
export async function unsubscribeMyDevice(
  db: Db,
  actor: Actor,
  endpoint: string,
): Promise<{ dihapus: boolean }> {
  return { dihapus: await deletePushSubscription(db, actor.collegeId, actor.userId, endpoint) };
}

/**
 * Sends each new notification whose kind has push on for its user to the user's devices, per college:
 * claimed (skip locked) and marked `pushed_at` in one transaction, sent or not, so nothing is pushed
 * twice. A device the push service calls gone (404/410) is removed. Push off (no VAPID keys): marked
 * only. Answers how many messages the push services accepted.
 */
export async function sendPendingPushes(
  db: Db,
  platform: PushPlatform,
  log: Pick<FastifyBaseLogger, 'warn'>,
  now: () => Date = () => new Date(),
): Promise<number> {
  let accepted = 0;
  for (const { id: collegeId } of await findCollegesNamed(db)) {
    const runAt = now();
    await markUndeliverable(db, collegeId, 'push', {
      settledBefore: runAt,
      now: runAt,
      channelOn: platform.vapid !== undefined,
    });
    for (;;) {
      const claimed = await inTransaction(db, async (tx) => {
        const at = now();
        const rows = await claimPendingDeliveries(
          tx,
          collegeId,
          'push',
          {
            notBefore: new Date(at.getTime() - pushMaxAgeMs),
            settledBefore: at,
            defaultOnKinds: pushDefaultKinds,
          },
          pushBatch,
        );
        const wanted = platform.vapid
          ? rows.filter((row) => row.wanted && !row.readAt && row.userActive)
          : [];
        const devices = await findPushSubscriptionsOf(tx, collegeId, [
          ...new Set(wanted.map((r) => r.userId)),
        ]);
        const gone = new Set<string>();
        for (const row of wanted) {
          const payload = JSON.stringify({
            judul: row.title.slice(0, 200),
            tautan: row.link,
            jenis: row.kind,
          });
          const mine = devices.filter((d) => d.userId === row.userId && !gone.has(d.id));
          const results = await Promise.all(
            mine.map((device) =>
              pushToDevice(device, payload, urgentKinds.has(row.kind) ? 'high' : 'normal', platform).catch(
                (error: unknown) => {
                  log.warn({ err: error, subscriptionId: device.id }, 'push: the message could not be sent');
                  return 0;
                },
              ),
            ),
          );
          results.forEach((status, i) => {
            if (status === 404 || status === 410) gone.add(mine[i]!.id);
            else if (status >= 200 && status < 300) accepted++;
          });
        }
        for (const id of gone) await deletePushSubscriptionById(tx, collegeId, id);
        await markDelivered(
          tx,
          collegeId,
          'push',
          rows.map((row) => row.id),
          at,
        );
        return rows.length;
      });
      if (claimed < pushBatch) break;
    }
  }
  return accepted;
}

/**
 * One encrypted message (aes128gcm, VAPID-signed) to one device, through a connection pinned to the
 * addresses checked for its endpoint; answers the push service's status (0 when refused unsent).
 */
async function pushToDevice(
  device: PushSubscriptionRow,
  payload: string,
  urgency: 'high' | 'normal',
  platform: PushPlatform,
): Promise<number> {
  const networks = pushEndpointNetworks(device.endpoint, platform);
  if (!networks || !platform.vapid) return 0;
  const resolved = await resolveOutboundHost(new URL(device.endpoint).hostname, networks);
  if ('refused' in resolved) throw new Error(`push endpoint host refused: ${resolved.refused}`);
  const details = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    payload,
    {
      vapidDetails: platform.vapid,
      TTL: pushTtlSeconds,
      urgency,
      contentEncoding: 'aes128gcm',
    },
  );
  const headers = Object.fromEntries(
    Object.entries(details.headers as unknown as Record<string, string | number>).map(([k, v]) => [
      k,
      String(v),
    ]),
  );
  const answer = await fetchPinned(
    details.endpoint,
    { method: 'POST', headers, body: new Uint8Array(details.body), signal: AbortSignal.timeout(10_000) },
    resolved.addresses,
  );
  return answer.status;
}
