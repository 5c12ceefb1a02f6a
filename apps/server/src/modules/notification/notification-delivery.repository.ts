import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { colleges } from '../../db/schema/college.schema.ts';
import { notifications } from '../../db/schema/notification.schema.ts';
import { pushSubscriptions } from '../../db/schema/push-subscription.schema.ts';
import { users } from '../../db/schema/identity.schema.ts';

/** A notification claimed for the email digest or for push, with what deciding needs of its user. */
export interface ClaimedDelivery {
  id: string;
  userId: string;
  kind: string;
  title: string;
  link: string;
  createdAt: Date;
  readAt: Date | null;
  email: string | null;
  userName: string;
  userActive: boolean;
  /** The user's choice for the kind on the channel, or the contract's default. */
  wanted: boolean;
}

type Channel = 'email' | 'push';

const pendingColumn = { email: sql.raw('emailed_at'), push: sql.raw('pushed_at') } as const;

/**
 * Claims up to `limit` of a college's notifications the channel has not dealt with, created between
 * `notBefore` and `settledBefore`, each with its user's address and choice, in one statement. Locked
 * until the transaction ends and skipped by another instance's run meanwhile (`skip locked`). For
 * email, a user with a pending notification newer than `settledBefore` is left for a later run, so a
 * burst of events becomes one mail. Ordered by user, so a batch holds a user's notifications together.
 */
export async function claimPendingDeliveries(
  db: Db,
  collegeId: string,
  channel: Channel,
  window: { notBefore: Date; settledBefore: Date; defaultOnKinds: readonly string[] },
  limit: number,
): Promise<ClaimedDelivery[]> {
  const pending = pendingColumn[channel];
  const defaultOn = window.defaultOnKinds.length
    ? sql`c.kind in (${sql.join(
        window.defaultOnKinds.map((kind) => sql`${kind}`),
        sql`, `,
      )})`
    : sql`false`;
  const settledUsersOnly =
    channel === 'email'
      ? sql`and not exists (select 1 from notifications m
              where m.college_id = n.college_id and m.user_id = n.user_id
                and m.emailed_at is null and m.created_at > ${window.settledBefore.toISOString()}::timestamptz)`
      : sql``;
  const result = await db.execute(sql`
with claimed as (
  select n.id, n.user_id, n.kind, n.title, n.link, n.created_at, n.read_at
  from notifications n
  where n.college_id = ${collegeId} and n.${pending} is null
    and n.created_at <= ${window.settledBefore.toISOString()}::timestamptz
    ${settledUsersOnly}
  order by n.user_id, n.created_at
  limit ${limit}
  for update of n skip locked
)
select c.id, c.user_id as "userId", c.kind, c.title, c.link, c.created_at as "createdAt",
       c.read_at as "readAt", u.email, u.nama as "userName", u.is_active as "userActive",
       c.created_at >= ${window.notBefore.toISOString()}::timestamptz and coalesce(
         (select p.enabled from notification_preferences p
           where p.college_id = ${collegeId} and p.user_id = c.user_id
             and p.kind = c.kind and p.channel = ${channel}),
         ${defaultOn}
       ) as wanted
from claimed c
join users u on u.college_id = ${collegeId} and u.id = c.user_id
order by c.user_id, c.created_at`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    id: r.id as string,
    userId: r.userId as string,
    kind: r.kind as string,
    title: r.title as string,
    link: r.link as string,
    createdAt: new Date(r.createdAt as string),
    readAt: r.readAt ? new Date(r.readAt as string) : null,
    email: (r.email as string | null) ?? null,
    userName: r.userName as string,
    userActive: r.userActive as boolean,
    wanted: r.wanted as boolean,
  }));
}

export async function findCollegesNamed(db: Db): Promise<{ id: string; nama: string }[]> {
  return db.select({ id: colleges.id, nama: colleges.nama }).from(colleges);
}

/** Marks the claimed notifications dealt with on the channel (sent, or not to be sent). */
export async function markDelivered(
  db: Db,
  collegeId: string,
  channel: Channel,
  ids: readonly string[],
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set(channel === 'email' ? { emailedAt: now } : { pushedAt: now })
    .where(and(eq(notifications.collegeId, collegeId), inArray(notifications.id, [...ids])));
}

/**
 * Marks dealt with on the channel, in one statement, a college's settled pending notifications it could
 * not deliver: for push those of users without a device, for email those of inactive users and users
 * without an address; every one while the channel is off (no VAPID keys, no way to send mail). Most
 * students have no push device, so an announcement to thousands costs one statement instead of a claim
 * and a mark per batch. Rows a user could get are not touched (another instance may hold them).
 */
export async function markUndeliverable(
  db: Db,
  collegeId: string,
  channel: Channel,
  window: { settledBefore: Date; now: Date; channelOn: boolean },
): Promise<void> {
  const unreachable =
    channel === 'push'
      ? sql`not exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.collegeId} = ${collegeId} and ${pushSubscriptions.userId} = ${notifications.userId})`
      : sql`exists (select 1 from ${users} where ${users.collegeId} = ${collegeId} and ${users.id} = ${notifications.userId} and (not ${users.isActive} or coalesce(trim(${users.email}), '') = ''))`;
  await db
    .update(notifications)
    .set(channel === 'email' ? { emailedAt: window.now } : { pushedAt: window.now })
    .where(
      and(
        eq(notifications.collegeId, collegeId),
        isNull(channel === 'email' ? notifications.emailedAt : notifications.pushedAt),
        lte(notifications.createdAt, window.settledBefore),
        window.channelOn ? unreachable : undefined,
      ),
    );
}

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** The devices of these users, in one statement. */
export async function findPushSubscriptionsOf(
  db: Db,
  collegeId: string,
  userIds: readonly string[],
): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.collegeId, collegeId), inArray(pushSubscriptions.userId, [...userIds])));
}

/**
 * Stores a device's subscription for the user; the same endpoint subscribed before (a refresh, or another
 * account on the same browser) is replaced. Then drops the user's oldest devices beyond `maxDevices`.
 * Answers how many devices the user has.
 */
export async function upsertPushSubscription(
  db: Db,
  row: {
    collegeId: string;
    userId: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    userAgent: string | null;
  },
  maxDevices: number,
): Promise<number> {
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        collegeId: row.collegeId,
        userId: row.userId,
        p256dh: row.p256dh,
        auth: row.auth,
        userAgent: row.userAgent,
        createdAt: sql`now()`,
      },
    });
  const mine = and(eq(pushSubscriptions.collegeId, row.collegeId), eq(pushSubscriptions.userId, row.userId));
  const devices = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(mine)
    .orderBy(desc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  const extra = devices.slice(maxDevices).map((d) => d.id);
  if (extra.length > 0) {
    await db.delete(pushSubscriptions).where(and(mine, inArray(pushSubscriptions.id, extra)));
  }
  return Math.min(devices.length, maxDevices);
}

/** Removes one of the user's devices; false when the user has no such subscription. */
export async function deletePushSubscription(
  db: Db,
  collegeId: string,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.collegeId, collegeId),
        eq(pushSubscriptions.userId, userId),
        eq(pushSubscriptions.endpoint, endpoint),
      ),
    )
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** Removes a subscription the push service said is gone (404/410). */
export async function deletePushSubscriptionById(db: Db, collegeId: string, id: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.collegeId, collegeId), eq(pushSubscriptions.id, id)));
}
