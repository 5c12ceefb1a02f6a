import { canReadArea, canWriteArea } from '@lms/contract/permission.rules';
import type { PublicationAccess } from '@lms/contract/announcement.schema';
import { forbidden } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/actor.ts';

/**
 * Announcements and news (area `pengumuman`): everyone signed in reads published items; operators in
 * their own session with read also see scheduled ones; with write they create, edit and delete. An
 * operator acting for a student sees what the student sees.
 */
export function publicationAccess(actor: Actor): PublicationAccess {
  const operator = actor.role === 'operator' && !actor.actorUserId;
  return {
    lihat_terjadwal: operator && canReadArea(actor.permissions, 'pengumuman'),
    ubah: operator && canWriteArea(actor.permissions, 'pengumuman'),
  };
}

/** Whether an item is shown to the actor: published, or scheduled for those who see scheduled items. */
export function isPublicationVisible(tanggalPublish: Date, access: PublicationAccess, now: Date): boolean {
  return access.lihat_terjadwal || tanggalPublish.getTime() <= now.getTime();
}

/** Throws 403 unless the actor may change announcements and news. */
export function assertCanWritePublications(actor: Actor): void {
  if (!publicationAccess(actor).ubah) throw forbidden();
}

/** Throws 403 when the actor asks for scheduled items without read on pengumuman. */
export function assertCanSeeScheduled(actor: Actor, status: 'terbit' | 'terjadwal' | 'semua'): void {
  if (status !== 'terbit' && !publicationAccess(actor).lihat_terjadwal) throw forbidden();
}
