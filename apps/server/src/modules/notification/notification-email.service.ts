import type { FastifyBaseLogger } from 'fastify';
import { defaultNotificationChoice, notificationKinds } from '@lms/contract/notification.rules';
import { inTransaction, type Db } from '../../db/database.ts';
import type { AppConfig } from '../../config.ts';
import { findSmtpTarget, sendCollegeEmail, type EmailPlatform } from '../email/email.api.ts';
import {
  claimPendingDeliveries,
  findCollegesNamed,
  markDelivered,
  markUndeliverable,
  type ClaimedDelivery,
} from './notification-delivery.repository.ts';
import { composeNotificationDigestEmail } from './notification-digest.email.ts';

/** Older notifications are not mailed any more (a mail server down for a day; rows from before this job). */
const digestMaxAgeMs = 24 * 3_600_000;
/** Notifications one transaction claims. */
const digestBatch = 500;

const emailDefaultKinds = notificationKinds.filter((kind) => defaultNotificationChoice(kind, 'email'));

/** `emailDigestSettleMs`: a notification waits this long after the user's newest one (a burst: one mail). */
export type DigestPlatform = EmailPlatform & Pick<AppConfig, 'publicUrl' | 'emailDigestSettleMs'>;

/**
 * Mails each user one digest of their notifications not yet dealt with, per college: claimed with their
 * users' addresses and email choices in one statement per batch (skip locked: a second instance takes
 * other rows), and marked `emailed_at` in the claim's transaction, sent or not. Not mailed, only marked:
 * read in the app already, the kind's email off, no address, an inactive account, older than a day, or a
 * college with no way to send mail. A mail the server refuses leaves that user's rows for the next run
 * (until they are a day old) and ends the college's run. Answers how many mails it sent.
 */
export async function sendEmailDigests(
  db: Db,
  platform: DigestPlatform,
  log: Pick<FastifyBaseLogger, 'warn'>,
  now: () => Date = () => new Date(),
): Promise<number> {
  let mails = 0;
  for (const college of await findCollegesNamed(db)) {
    const target = await findSmtpTarget(db, college.id, platform);
    const runAt = now();
    await markUndeliverable(db, college.id, 'email', {
      settledBefore: new Date(runAt.getTime() - platform.emailDigestSettleMs),
      now: runAt,
      channelOn: target !== undefined,
    });
    for (;;) {
      const { claimed, failed } = await inTransaction(db, async (tx) => {
        const at = now();
        const rows = await claimPendingDeliveries(
          tx,
          college.id,
          'email',
          {
            notBefore: new Date(at.getTime() - digestMaxAgeMs),
            settledBefore: new Date(at.getTime() - platform.emailDigestSettleMs),
            defaultOnKinds: emailDefaultKinds,
          },
          digestBatch,
        );
        const done = new Set(rows.map((row) => row.id));
        let failedHere = false;
        if (target) {
          for (const [, items] of groupMailable(rows)) {
            const first = items[0]!;
            const mail = composeNotificationDigestEmail({
              collegeName: college.nama,
              userName: first.userName,
              items: items.map((item) => ({
                title: item.title,
                at: item.createdAt,
                link: new URL(item.link, platform.publicUrl).toString(),
              })),
              settingsLink: new URL('/profil', platform.publicUrl).toString(),
            });
            try {
              await sendCollegeEmail(target, platform, { to: first.email!, ...mail });
              mails++;
            } catch (error) {
              log.warn(
                { err: error, userId: first.userId },
                'notification digest: the mail could not be sent',
              );
              for (const item of items) done.delete(item.id);
              failedHere = true;
              break;
            }
          }
        }
        await markDelivered(tx, college.id, 'email', [...done], at);
        return { claimed: rows.length, failed: failedHere };
      });
      if (failed || claimed < digestBatch) break;
    }
  }
  return mails;
}

/** The rows to mail, per user: wanted, unread, to an active account with an address. */
function groupMailable(rows: ClaimedDelivery[]): Map<string, ClaimedDelivery[]> {
  const byUser = new Map<string, ClaimedDelivery[]>();
  for (const row of rows) {
    if (!row.wanted || row.readAt || !row.email?.trim() || !row.userActive) continue;
    const list = byUser.get(row.userId) ?? [];
    list.push(row);
    byUser.set(row.userId, list);
  }
  return byUser;
}
