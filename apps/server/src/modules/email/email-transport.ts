import { isIP } from 'node:net';
import nodemailer from 'nodemailer';
import type { SmtpConfig } from '../../config.ts';
import { resolveOutboundHost } from '../../platform/outbound-address.ts';

/** Where a mail goes out: the college's server or the installation's, and who sends it. */
export interface SmtpTarget {
  host: string;
  port: number;
  security: SmtpConfig['security'];
  user: string | null;
  password: string | null;
  from: string | { name: string; address: string };
  /** Set by the college (checked against SMTP_PRIVATE_NETWORKS), not by the installation's environment. */
  collegeSet: boolean;
}

/** A college's SMTP host that resolves to an address the installation does not allow. */
export class SmtpAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmtpAddressError';
  }
}

export const smtpAddressMessages = {
  addressNotAllowed:
    'Host SMTP mengarah ke jaringan yang tidak diizinkan server (loopback, privat, link-local atau metadata). ' +
    'Minta pengelola server menambahkannya ke SMTP_PRIVATE_NETWORKS.',
  notFound: 'Host SMTP tidak ditemukan.',
} as const;

/**
 * The address to connect to for a college's SMTP host: the literal, or the name resolved here, every
 * answer allowed (SMTP_PRIVATE_NETWORKS for loopback and private ones). The connection then goes to that
 * very address (the name only for TLS), so DNS cannot answer differently between the check and the call.
 */
export async function resolveSmtpAddress(host: string, privateNetworks: readonly string[]): Promise<string> {
  const resolved = await resolveOutboundHost(host, privateNetworks);
  if ('refused' in resolved) {
    throw new SmtpAddressError(
      resolved.refused === 'not_found' ? smtpAddressMessages.notFound : smtpAddressMessages.addressNotAllowed,
    );
  }
  return resolved.addresses[0]!;
}

/** Sends one mail through the target (nodemailer); a college-set host passes the address guard first. */
export async function sendThroughSmtp(
  target: SmtpTarget,
  privateNetworks: readonly string[],
  mail: { to: string; subject: string; text: string; html: string },
): Promise<void> {
  const host = target.collegeSet ? await resolveSmtpAddress(target.host, privateNetworks) : target.host;
  const transport = nodemailer.createTransport({
    host,
    port: target.port,
    secure: target.security === 'tls',
    requireTLS: target.security === 'starttls',
    ignoreTLS: target.security === 'none',
    ...(target.user ? { auth: { user: target.user, pass: target.password ?? '' } } : {}),
    // The certificate is checked against the name, though the connection goes to the checked address.
    tls: { servername: isIP(target.host) ? undefined : target.host },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    await transport.sendMail({ from: target.from, ...mail });
  } finally {
    transport.close();
  }
}
