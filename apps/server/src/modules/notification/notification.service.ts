import {
  defaultNotificationChoice,
  notificationChannels,
  notificationKinds,
  notificationMessages,
  type NotificationKind,
} from '@lms/contract/notification.rules';
import type {
  NotificationList,
  NotificationListQuery,
  NotificationPreference,
  NotificationPreferencesInput,
} from '@lms/contract/notification.schema';
import { buildPageMeta } from '@lms/contract/api-envelope.schema';
import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import { inTransaction, type Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError } from '../../platform/app-error.ts';
import { findAllColleges } from '../../platform/college.repository.ts';
import { publishWithin, streamKey } from '../../platform/event-hub.ts';
import {
  claimDueEvents,
  countUnread,
  fanOutEvent,
  findNotificationPage,
  findPreferences,
  insertNotificationEvent,
  markAllNotificationsRead,
  markEventDone,
  markNotificationRead,
  updatePendingEventTime,
  upsertPreferences,
} from './notification.repository.ts';
import { presentNotification } from './notification.presenter.ts';

/** The event a user's open `sistem` streams hear when their unread count changes. */
export const unreadEventName = 'notifikasi';

/** The stream of one user's notification events (a part of the `sistem` stream the header keeps open). */
export function notificationStreamKey(collegeId: string, userId: string): string {
  return streamKey(collegeId, 'notifikasi', userId);
}

/**
 * Who of a class hears of an event: its students (new content), its lecturers, or both; `pengguna`: the
 * users the event names (still only members of its class, or active users of the college).
 */
export type NotificationAudience = 'mahasiswa' | 'dosen' | 'semua' | 'pengguna';

export interface NotificationEventInput {
  collegeId: string;
  kind: NotificationKind;
  title: string;
  /** The web app's path of the thing. */
  link: string;
  resource: { kind: string; id: string };
  /** Nobody hears of it before (a material's show time, a scheduled announcement). */
  visibleFrom?: Date;
  /** The user whose action it was, who is not told. */
  actorUserId?: string | null;
}

const wakers = new Set<() => void>();

/** Registers the in-process trigger of the fan-out (notification.job.ts); answers its removal. */
export function onNotificationRecorded(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/**
 * Records the event through the caller's handle (its transaction, when it has one): the content and its
 * announcement commit together or not at all. The fan-out job turns it into notifications; this only
 * asks for an early run, which a crash may lose but the job's schedule does not.
 */
export async function recordNotificationEvent(
  db: Db,
  input: NotificationEventInput & {
    kelasId: string | null;
    audience: NotificationAudience;
    userIds?: string[];
  },
): Promise<void> {
  await insertNotificationEvent(db, {
    collegeId: input.collegeId,
    kind: input.kind,
    kelasId: input.kelasId,
    audience: input.audience,
    userIds: input.userIds ?? null,
    title: input.title.slice(0, 300),
    link: input.link,
    resourceKind: input.resource.kind,
    resourceId: input.resource.id,
    actorUserId: input.actorUserId ?? null,
    ...(input.visibleFrom ? { visibleFrom: input.visibleFrom } : {}),
  });
  for (const wake of wakers) wake();
}

/**
 * An item's show time moved before anyone was told: its pending event moves with it, so nobody hears of
 * it early (a link to what they cannot open) or late. Once sent, nothing changes; an item never announced
 * (made before notifications) is not announced by an edit.
 */
export async function rescheduleNotificationEvent(
  db: Db,
  input: {
    collegeId: string;
    kind: NotificationKind;
    resource: { kind: string; id: string };
    visibleFrom: Date;
  },
): Promise<void> {
  await updatePendingEventTime(
    db,
    {
      collegeId: input.collegeId,
      kind: input.kind,
      resourceKind: input.resource.kind,
      resourceId: input.resource.id,
    },
    input.visibleFrom,
  );
}

/** How many events one transaction of the fan-out claims. */
const eventBatch = 20;

/**
 * Makes the notifications of every due event: per event one statement (fanOutEvent) and its done mark,
 * in the claim's transaction, so a crash leaves the event to the next run and a second run finds it
 * done; the unique (event, user) key keeps even overlapping runs from doubling one. Answers how many
 * notifications it made.
 */
export async function fanOutDueEvents(db: Db, now: () => Date = () => new Date()): Promise<number> {
  let made = 0;
  for (const college of await findAllColleges(db)) {
    const collegeId = college.id;
    const withoutFeeHeld = readCollegeSettings(college).pembatasan_akses.tunggakan_biaya.aktif;
    for (;;) {
      const claimed = await inTransaction(db, async (tx) => {
        const events = await claimDueEvents(tx, collegeId, now(), eventBatch);
        for (const event of events) {
          made += await fanOutEvent(tx, event, {
            channel: 'in_app',
            inAppDefault: defaultNotificationChoice(event.kind as NotificationKind, 'in_app'),
            keyPrefix: notificationStreamKey(collegeId, ''),
            eventName: unreadEventName,
            withoutFeeHeld,
          });
          await markEventDone(tx, collegeId, event.id, now());
        }
        return events.length;
      });
      if (claimed < eventBatch) break;
    }
  }
  return made;
}

/** GET /v2/lms/notifikasi: the caller's own, newest first, with their unread count. */
export async function listMyNotifications(
  db: Db,
  actor: Actor,
  query: NotificationListQuery,
): Promise<NotificationList> {
  const { rows, total } = await findNotificationPage(db, actor.collegeId, actor.userId, {
    page: query.page,
    perPage: query.per_page,
  });
  const unread = await countUnread(db, actor.collegeId, actor.userId);
  return {
    data: rows.map(presentNotification),
    meta: { ...buildPageMeta(query, total), belum_dibaca: unread },
  };
}

/** The caller's unread count (sent on the `sistem` stream when it opens). */
export function countMyUnread(db: Db, actor: { collegeId: string; userId: string }): Promise<number> {
  return countUnread(db, actor.collegeId, actor.userId);
}

/** Tells the user's other open pages the new count, within the change's transaction. */
async function announceUnread(tx: Db, actor: Actor): Promise<number> {
  const unread = await countUnread(tx, actor.collegeId, actor.userId);
  await publishWithin(tx, notificationStreamKey(actor.collegeId, actor.userId), unreadEventName, {
    belum_dibaca: unread,
  });
  return unread;
}

/** PUT /v2/lms/notifikasi/{id}/dibaca: only the owner's; another's is 404, as if it did not exist. */
export async function markMyNotificationRead(
  db: Db,
  actor: Actor,
  id: string,
): Promise<{ belum_dibaca: number }> {
  return inTransaction(db, async (tx) => {
    if (!(await markNotificationRead(tx, actor.collegeId, actor.userId, id, new Date())))
      throw new AppError(404, 'notifikasi_not_found', notificationMessages.notFound);
    return { belum_dibaca: await announceUnread(tx, actor) };
  });
}

/** PUT /v2/lms/notifikasi/dibaca-semua. */
export async function markAllMyNotificationsRead(db: Db, actor: Actor): Promise<{ belum_dibaca: number }> {
  return inTransaction(db, async (tx) => {
    await markAllNotificationsRead(tx, actor.collegeId, actor.userId, new Date());
    return { belum_dibaca: await announceUnread(tx, actor) };
  });
}

/** GET /v2/lms/notifikasi/preferensi: every kind on every channel, stored choice or the default. */
export async function getMyPreferences(db: Db, actor: Actor): Promise<NotificationPreference[]> {
  const stored = await findPreferences(db, actor.collegeId, actor.userId);
  return notificationKinds.flatMap((jenis) =>
    notificationChannels.map((kanal) => ({
      jenis,
      kanal,
      aktif:
        stored.find((s) => s.kind === jenis && s.channel === kanal)?.enabled ??
        defaultNotificationChoice(jenis, kanal),
    })),
  );
}

/** PUT /v2/lms/notifikasi/preferensi: stores the given choices (the last one of a pair wins). */
export async function setMyPreferences(
  db: Db,
  actor: Actor,
  input: NotificationPreferencesInput,
): Promise<NotificationPreference[]> {
  const choices = new Map(input.preferensi.map((p) => [`${p.jenis}/${p.kanal}`, p]));
  await upsertPreferences(
    db,
    actor.collegeId,
    actor.userId,
    [...choices.values()].map((p) => ({ kind: p.jenis, channel: p.kanal, enabled: p.aktif })),
    new Date(),
  );
  return getMyPreferences(db, actor);
}
