// What content areas call to tell people of something: one call in the transaction that publishes it.
import type { Db } from '../../db/database.ts';
import {
  recordNotificationEvent,
  rescheduleNotificationEvent,
  type NotificationAudience,
  type NotificationEventInput,
} from './notification.service.ts';

/**
 * Tells a class's members who may see the item (its students by default; `audience` for its lecturers)
 * once `visibleFrom` has passed; never the actor, nor those who turned the kind off. Announcing the same
 * kind and resource again does nothing.
 */
export function announceToClass(
  db: Db,
  input: NotificationEventInput & { classId: string; audience?: NotificationAudience },
): Promise<void> {
  const { classId, audience, ...event } = input;
  return recordNotificationEvent(db, { ...event, kelasId: classId, audience: audience ?? 'mahasiswa' });
}

/** Tells every active student and lecturer of the college (announcements), once `visibleFrom` has passed. */
export function announceToCollege(db: Db, input: NotificationEventInput): Promise<void> {
  return recordNotificationEvent(db, { ...input, kelasId: null, audience: 'semua' });
}

/** The item's show time changed: a notification not sent yet waits for the new time. */
export const rescheduleAnnouncement = rescheduleNotificationEvent;

/**
 * Tells the users named (a reply's author, a chat's other participants, the students of a paused
 * exam) who are members of the class, or active users of the college without one: still one event row.
 * Several users, or none, are one call; an empty list records nothing.
 */
export async function announceToUsers(
  db: Db,
  input: NotificationEventInput & { classId: string | null; userIds: string[] },
): Promise<void> {
  const { classId, userIds, ...event } = input;
  const named = [...new Set(userIds)];
  if (named.length === 0) return;
  await recordNotificationEvent(db, { ...event, kelasId: classId, audience: 'pengguna', userIds: named });
}
