import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';

/** The folder the run's SMTP server (smtp-sink.ts) writes mail into. */
export const mailDir = () => process.env.E2E_MAIL_DIR!;

/**
 * The newest mail to `address` whose subject matches `subject` that arrived after `since` (ms), waiting
 * for it up to 30 s. The subject matters: notification digests reach the same addresses during a run.
 */
export async function waitForMail(address: string, since: number, subject: RegExp): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect(async () => {
    const names = readdirSync(mailDir())
      .filter((name) => Number(name.split('-')[0]) >= since)
      .sort()
      .reverse();
    for (const name of names) {
      const raw = readFileSync(path.join(mailDir(), name));
      if (!raw.toString('utf8', 0, 500).toLowerCase().includes(`x-envelope-to: ${address.toLowerCase()}`))
        continue;
      const mail = await simpleParser(raw);
      if (!subject.test(mail.subject ?? '')) continue;
      found = mail;
      return;
    }
    throw new Error(`no mail to ${address} yet`);
  }).toPass({ timeout: 30_000 });
  return found!;
}
