import { escapeUTF8 } from 'entities';

/** The time of a notification in the mail: Indonesian words, the college's usual zone (WIB). */
const timeFormat = new Intl.DateTimeFormat('id-ID', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Jakarta',
});

/**
 * One digest mail in Indonesian: "3 pemberitahuan baru di <college>", then each title with its time and
 * an absolute link to the app; plain text and a simple HTML part with the same words.
 */
export function composeNotificationDigestEmail(input: {
  collegeName: string;
  userName: string;
  items: { title: string; at: Date; link: string }[];
  settingsLink: string;
}): { subject: string; text: string; html: string } {
  const subject = `${input.items.length} pemberitahuan baru di ${input.collegeName}`;
  const when = (at: Date) => `${timeFormat.format(at)} WIB`;
  const lines = [
    `Halo ${input.userName},`,
    '',
    `Ada ${input.items.length} pemberitahuan baru untuk Anda di LMS ${input.collegeName}:`,
    '',
    ...input.items.flatMap((item) => [`- ${item.title} (${when(item.at)})`, `  ${item.link}`]),
    '',
    `Atur email pemberitahuan di ${input.settingsLink}`,
  ];
  const e = escapeUTF8;
  const html = [
    `<p>Halo ${e(input.userName)},</p>`,
    `<p>Ada ${input.items.length} pemberitahuan baru untuk Anda di LMS ${e(input.collegeName)}:</p>`,
    '<ul>',
    ...input.items.map(
      (item) =>
        `<li><a href="${e(item.link)}">${e(item.title)}</a> <small>(${e(when(item.at))})</small></li>`,
    ),
    '</ul>',
    `<p><a href="${e(input.settingsLink)}">Atur email pemberitahuan</a></p>`,
  ].join('\n');
  return { subject, text: lines.join('\n'), html };
}
