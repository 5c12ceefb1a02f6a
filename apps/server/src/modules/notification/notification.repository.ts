import { and, asc, count, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { eventsChannel } from '../../platform/event-hub.ts';
import { audienceOf, exclusionOf } from './notification-audience.repository.ts';
import {
  notificationEvents,
  notificationPreferences,
  notifications,
} from '../../db/schema/notification.schema.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationEventRow = typeof notificationEvents.$inferSelect;
export type NewNotificationEvent = typeof notificationEvents.$inferInsert;

/** Records an event to tell people of; a second one of the same kind and resource is ignored. */
export async function insertNotificationEvent(db: Db, row: NewNotificationEvent): Promise<void> {
  await db.insert(notificationEvents).values(row).onConflictDoNothing();
}

/** Moves a pending event's time (its content's show time changed); a sent one stays as it was. */
export async function updatePendingEventTime(
  db: Db,
  event: { collegeId: string; kind: string; resourceKind: string; resourceId: string },
  visibleFrom: Date,
): Promise<void> {
  await db
    .update(notificationEvents)
    .set({ visibleFrom })
    .where(
      and(
        eq(notificationEvents.collegeId, event.collegeId),
        eq(notificationEvents.kind, event.kind),
        eq(notificationEvents.resourceKind, event.resourceKind),
        eq(notificationEvents.resourceId, event.resourceId),
        isNull(notificationEvents.doneAt),
      ),
    );
}

/**
 * Claims a college's events whose time has come; locked until the transaction ends, and skipped by
 * another instance's run meanwhile.
 */
export async function claimDueEvents(db: Db, collegeId: string, now: Date, limit: number) {
  return db
    .select()
    .from(notificationEvents)
    .where(
      and(
        eq(notificationEvents.collegeId, collegeId),
        isNull(notificationEvents.doneAt),
        lte(notificationEvents.visibleFrom, now),
      ),
    )
    .orderBy(asc(notificationEvents.visibleFrom))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markEventDone(db: Db, collegeId: string, id: string, now: Date): Promise<void> {
  await db
    .update(notificationEvents)
    .set({ doneAt: now })
    .where(and(eq(notificationEvents.collegeId, collegeId), eq(notificationEvents.id, id)));
}

/**
 * One event's notifications in one statement: its audience (the class's students and/or lecturers, or
 * the college's active users), less the actor, those whose in-app choice for the kind is off and,
 * where the college restricts them, students with unpaid fees (the LMS is closed to them), each
 * once (`on conflict do nothing` on event and user). The same statement NOTIFYs each new recipient's
 * stream with their unread count: the statement's snapshot does not see the rows it inserts, so the
 * count is the earlier unread plus this one. Answers how many it made.
 */
export async function fanOutEvent(
  db: Db,
  event: NotificationEventRow,
  options: {
    inAppDefault: boolean;
    channel: string;
    keyPrefix: string;
    eventName: string;
    /** The college closes the LMS to students with unpaid fees: they hear of nothing in it either. */
    withoutFeeHeld: boolean;
  },
): Promise<number> {
  const c = event.collegeId;
  const audience = audienceOf(event);
  const feeHeld = options.withoutFeeHeld
    ? sql`and not exists (select 1 from student_fee_holds h where h.college_id = ${c} and h.user_id = r.user_id)`
    : sql``;
  const result = await db.execute(sql`
with recipients as (${audience}),
inserted as (
  insert into notifications (college_id, user_id, event_id, kind, title, link, resource_kind, resource_id, created_at)
  select ${c}, r.user_id, ${event.id}::uuid, ${event.kind}, ${event.title}, ${event.link},
         ${event.resourceKind}, ${event.resourceId}, now()
  from recipients r
  where r.user_id is distinct from ${event.actorUserId}::uuid
    and coalesce((select p.enabled from notification_preferences p
                  where p.college_id = ${c} and p.user_id = r.user_id
                    and p.kind = ${event.kind} and p.channel = ${options.channel}), ${options.inAppDefault})
    ${exclusionOf(event)}
    ${feeHeld}
  on conflict (event_id, user_id) do nothing
  returning user_id
)
select count(*)::int as made from (
  select pg_notify(${eventsChannel}, json_build_object(
    'k', ${options.keyPrefix} || i.user_id::text,
    'e', ${options.eventName}::text,
    'd', json_build_object('belum_dibaca', 1 + (
      select count(*) from notifications n
      where n.college_id = ${c} and n.user_id = i.user_id and n.read_at is null)))::text)
  from inserted i
) notified`);
  // Both drivers (PGlite, node-postgres) answer raw statements with their rows in `rows`.
  return (result as unknown as { rows: { made: number }[] }).rows[0]?.made ?? 0;
}

export async function countUnread(db: Db, collegeId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.collegeId, collegeId),
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
      ),
    );
  return row?.n ?? 0;
}

export async function findNotificationPage(
  db: Db,
  collegeId: string,
  userId: string,
  page: { page: number; perPage: number },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const mine = and(eq(notifications.collegeId, collegeId), eq(notifications.userId, userId));
  const rows = await db
    .select()
    .from(notifications)
    .where(mine)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage);
  const [total] = await db.select({ n: count() }).from(notifications).where(mine);
  return { rows, total: total?.n ?? 0 };
}

/** Marks one of the user's notifications read; false when the user has no such notification. */
export async function markNotificationRead(
  db: Db,
  collegeId: string,
  userId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(
      and(eq(notifications.collegeId, collegeId), eq(notifications.userId, userId), eq(notifications.id, id)),
    )
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllNotificationsRead(db: Db, collegeId: string, userId: string, now: Date) {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.collegeId, collegeId),
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
      ),
    );
}

export async function findPreferences(db: Db, collegeId: string, userId: string) {
  return db
    .select({
      kind: notificationPreferences.kind,
      channel: notificationPreferences.channel,
      enabled: notificationPreferences.enabled,
    })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.collegeId, collegeId), eq(notificationPreferences.userId, userId)));
}

export async function upsertPreferences(
  db: Db,
  collegeId: string,
  userId: string,
  choices: { kind: string; channel: string; enabled: boolean }[],
  now: Date,
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values(choices.map((c) => ({ collegeId, userId, ...c, updatedAt: now })))
    .onConflictDoUpdate({
      target: [
        notificationPreferences.collegeId,
        notificationPreferences.userId,
        notificationPreferences.kind,
        notificationPreferences.channel,
      ],
      set: { enabled: sql`excluded.enabled`, updatedAt: now },
    });
}
