import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A delivered mail, parsed, with who the envelope named and who signed in to send it. */
export interface DeliveredMail {
  mail: ParsedMail;
  to: string[];
  user: string | undefined;
}

/**
 * A real SMTP server on a free loopback port (smtp-server), keeping what it receives: the tests read the
 * mail the LMS sent as a mail client would. With `auth`, it requires those credentials (over plain SMTP,
 * as the tests speak no TLS).
 */
export async function startSmtpSink(auth?: { user: string; password: string }) {
  const delivered: DeliveredMail[] = [];
  const waiting: Array<() => void> = [];
  const server = new SMTPServer({
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(session, _s, callback) {
      if (auth && session.username === auth.user && session.password === auth.password) {
        return callback(null, { user: session.username });
      }
      return callback(new Error('Kredensial SMTP salah'));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          delivered.push({
            mail,
            to: session.envelope.rcptTo.map((r) => r.address),
            user: session.user as string | undefined,
          });
          waiting.splice(0).forEach((wake) => wake());
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    delivered,
    /** The app's `smtp` configuration that delivers here. */
    smtp: {
      host: '127.0.0.1',
      port,
      security: 'none' as const,
      user: auth?.user,
      password: auth?.password,
      from: 'LMS Kampus <lms@kampus.example>',
    },
    /** Waits until `count` mails have arrived in all (or fails after `timeoutMs`). */
    async waitFor(count: number, timeoutMs = 10_000): Promise<DeliveredMail[]> {
      const deadline = Date.now() + timeoutMs;
      while (delivered.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${delivered.length}`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return delivered;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
