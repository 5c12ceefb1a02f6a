import { escapeUTF8 } from 'entities';
import { passwordResetLinkMinutes } from '@lms/contract/password-reset.schema';

/** The reset mail in Indonesian: plain text and a simple HTML part with the same words and link. */
export function composePasswordResetEmail(input: {
  collegeName: string;
  userName: string;
  username: string;
  link: string;
}): { subject: string; text: string; html: string } {
  const subject = `Atur ulang kata sandi LMS ${input.collegeName}`;
  const lines = [
    `Halo ${input.userName},`,
    '',
    `Kami menerima permintaan untuk mengatur ulang kata sandi akun LMS ${input.collegeName} dengan username ${input.username}.`,
    'Buka tautan berikut untuk membuat kata sandi baru:',
    '',
    input.link,
    '',
    `Tautan ini berlaku ${passwordResetLinkMinutes} menit dan hanya dapat dipakai sekali. Setelah kata sandi diganti, semua sesi masuk akun ini diakhiri.`,
    'Jika Anda tidak meminta ini, abaikan email ini; kata sandi Anda tidak berubah.',
  ];
  const e = escapeUTF8;
  const html = [
    `<p>Halo ${e(input.userName)},</p>`,
    `<p>Kami menerima permintaan untuk mengatur ulang kata sandi akun LMS ${e(input.collegeName)} dengan username <b>${e(input.username)}</b>.</p>`,
    `<p><a href="${e(input.link)}">Atur ulang kata sandi</a></p>`,
    `<p>Atau salin tautan ini ke browser: ${e(input.link)}</p>`,
    `<p>Tautan ini berlaku ${passwordResetLinkMinutes} menit dan hanya dapat dipakai sekali. Setelah kata sandi diganti, semua sesi masuk akun ini diakhiri.</p>`,
    '<p>Jika Anda tidak meminta ini, abaikan email ini; kata sandi Anda tidak berubah.</p>',
  ].join('\n');
  return { subject, text: lines.join('\n'), html };
}
