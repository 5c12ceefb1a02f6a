import type { EmailSettings, EmailSettingsInput, SmtpSecurity } from '@lms/contract/email-settings.schema';
import { errorMessages } from '@lms/contract/error-messages';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { isOperatorWriting } from '../../platform/actor.ts';
import { AppError, badRequest, forbidden } from '../../platform/app-error.ts';
import { listChanges, recordChanges, type ActivityCaller } from '../activity-log/activity-log.api.ts';
import { findEmailSettings, upsertEmailSettings, type EmailSettingsRow } from './email.repository.ts';
import { resolveSmtpAddress, sendThroughSmtp, SmtpAddressError, type SmtpTarget } from './email-transport.ts';

/** What the email area needs of the configuration. */
export type EmailPlatform = Pick<AppConfig, 'smtp' | 'smtpPrivateNetworks'>;

const defaultSettings = { host: null, port: 587, keamanan: 'starttls', username: null } as const;

/** GET /v2/lms/pengaturan/email: the college's SMTP settings; the password only as whether one is stored. */
export async function getEmailSettings(db: Db, collegeId: string, platform: EmailPlatform) {
  return presentEmailSettings(await findEmailSettings(db, collegeId), platform);
}

function presentEmailSettings(row: EmailSettingsRow | undefined, platform: EmailPlatform): EmailSettings {
  return {
    host: row?.host ?? defaultSettings.host,
    port: row?.port ?? defaultSettings.port,
    keamanan: (row?.security as SmtpSecurity | undefined) ?? defaultSettings.keamanan,
    username: row?.username ?? defaultSettings.username,
    pengirim_email: row?.senderEmail ?? null,
    pengirim_nama: row?.senderName ?? '',
    password_tersimpan: !!row?.password,
    smtp_server_tersedia: !!platform.smtp,
  };
}

const emailFields = {
  host: 'Host SMTP',
  port: 'Port SMTP',
  keamanan: 'Keamanan SMTP',
  username: 'Username SMTP',
  password: { label: 'Password SMTP', rahasia: true },
  pengirim_email: 'Email pengirim',
  pengirim_nama: 'Nama pengirim',
} as const;

/**
 * PUT /v2/lms/pengaturan/email (operators with write on konfigurasi). A host must resolve to addresses
 * the installation allows (public ones; loopback and private only within SMTP_PRIVATE_NETWORKS), checked
 * again on every send. The password is write-only: absent or empty keeps the stored one, `hapus_password`
 * removes it. The activity log records what changed, the password only as '(diubah)'.
 */
export async function saveEmailSettings(
  db: Db,
  caller: ActivityCaller,
  platform: EmailPlatform,
  input: EmailSettingsInput,
): Promise<EmailSettings> {
  const { actor } = caller;
  if (!isOperatorWriting(actor, 'konfigurasi')) throw forbidden();
  const before = await findEmailSettings(db, actor.collegeId);
  if (input.host && input.host !== before?.host) {
    try {
      await resolveSmtpAddress(input.host, platform.smtpPrivateNetworks);
    } catch (error) {
      if (!(error instanceof SmtpAddressError)) throw error;
      throw badRequest('validation_failed', `${errorMessages.validation_failed} host: ${error.message}`, {
        fields: [{ field: 'host', message: error.message }],
      });
    }
  }
  const password = input.hapus_password ? null : input.password || undefined;
  await upsertEmailSettings(db, actor.collegeId, {
    host: input.host,
    port: input.port,
    security: input.keamanan,
    username: input.username,
    senderEmail: input.pengirim_email,
    senderName: input.pengirim_nama,
    ...(password !== undefined ? { password } : {}),
  });
  const after = await findEmailSettings(db, actor.collegeId);
  const view = presentEmailSettings(after, platform);
  const oldView = presentEmailSettings(before, platform);
  await recordChanges(
    db,
    caller,
    'ubah_konfigurasi',
    'Mengubah pengaturan email',
    listChanges(
      { ...oldView, password: before?.password ?? null },
      { ...view, password: after?.password ?? null },
      emailFields,
    ),
  );
  return view;
}

/** Mail cannot go out: the college has no host and the installation no SMTP_HOST. */
export const emailNotConfigured = () => new AppError(503, 'email_belum_diatur');

/** Where the college's mail goes: its own server when it set a host, else the installation's, else none. */
export async function findSmtpTarget(
  db: Db,
  collegeId: string,
  platform: EmailPlatform,
): Promise<SmtpTarget | undefined> {
  const row = await findEmailSettings(db, collegeId);
  if (row?.host) {
    return {
      host: row.host,
      port: row.port,
      security: row.security === 'tanpa' ? 'none' : (row.security as 'tls' | 'starttls'),
      user: row.username,
      password: row.password,
      from: { name: row.senderName, address: row.senderEmail ?? '' },
      collegeSet: true,
    };
  }
  if (!platform.smtp) return undefined;
  const { smtp } = platform;
  return { ...smtp, user: smtp.user ?? null, password: smtp.password ?? null, collegeSet: false };
}

/** Sends one mail of the college through the target `findSmtpTarget` chose. */
export function sendCollegeEmail(
  target: SmtpTarget,
  platform: EmailPlatform,
  mail: { to: string; subject: string; text: string; html: string },
): Promise<void> {
  return sendThroughSmtp(target, platform.smtpPrivateNetworks, mail);
}
