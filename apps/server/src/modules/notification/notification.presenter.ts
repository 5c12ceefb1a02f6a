import type { Notification } from '@lms/contract/notification.schema';
import type { NotificationKind } from '@lms/contract/notification.rules';
import type { NotificationRow } from './notification.repository.ts';

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    jenis: row.kind as NotificationKind,
    judul: row.title,
    tautan: row.link,
    // A variant of one thing (a reminder's lead time, an exam's change) is `{id}@…`: the thing is the id.
    sumber: { jenis: row.resourceKind, id: row.resourceId.split('@')[0]! },
    dibuat_pada: row.createdAt.toISOString(),
    dibaca_pada: row.readAt?.toISOString() ?? null,
  };
}
