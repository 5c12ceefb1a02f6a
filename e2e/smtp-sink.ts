import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * The e2e run's mail server (smtp-server), started by Playwright beside the LMS (playwright.config.ts):
 * it accepts every mail on E2E_SMTP_PORT and writes each one as it arrived (RFC 5322) into E2E_MAIL_DIR,
 * where a spec reads it as a mail client would (tests/mail-box.ts).
 */
const port = Number(process.env.E2E_SMTP_PORT);
const dir = process.env.E2E_MAIL_DIR!;
mkdirSync(dir, { recursive: true });
let received = 0;

const server = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const name = `${Date.now()}-${++received}.eml`;
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      writeFileSync(
        path.join(dir, name),
        Buffer.concat([Buffer.from(`X-Envelope-To: ${to}\r\n`), ...chunks]),
      );
      callback();
    });
  },
});
server.listen(port, '127.0.0.1');
