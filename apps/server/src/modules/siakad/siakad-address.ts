import { lookup as dnsLookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import type { AppConfig } from '../../config.ts';
import {
  isOutboundAddressAllowed,
  pinnedLookup,
  resolveOutboundHost,
} from '../../platform/outbound-address.ts';

/** The platform's rules on where SIAKAD may be: what the environment says, never a college. */
export type SiakadPlatform = Pick<
  AppConfig,
  'publicUrl' | 'siakadUrl' | 'siakadAllowedHosts' | 'siakadPrivateNetworks'
>;

/** Why an address was refused; the message is the one users see. */
export class SiakadAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SiakadAddressError';
  }
}

export const siakadAddressMessages = {
  notUrl: 'Alamat Siakad harus URL http atau https.',
  extraParts: 'Alamat Siakad tidak boleh memuat nama pengguna, kata sandi, query (?) atau fragmen (#).',
  hostNotAllowed:
    'Host alamat Siakad tidak diizinkan oleh server. Minta pengelola server menambahkannya ke SIAKAD_ALLOWED_HOSTS.',
  addressNotAllowed:
    'Alamat Siakad mengarah ke jaringan yang tidak diizinkan server (loopback, privat, link-local atau metadata).',
} as const;

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase();

/** This server's own origin: the demo SIAKAD it serves itself (`$PUBLIC_URL/dev`). */
export function isOwnOrigin(platform: SiakadPlatform, url: URL): boolean {
  return url.origin === new URL(platform.publicUrl).origin;
}

/** Whether the host is one the platform lets colleges use (SIAKAD_ALLOWED_HOSTS). */
function hostListed(platform: SiakadPlatform, hostname: string): boolean {
  const host = bare(hostname);
  return platform.siakadAllowedHosts.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry,
  );
}

/** Whether the platform allows connecting to this address (platform/outbound-address.ts, SIAKAD_PRIVATE_NETWORKS). */
export function addressAllowed(platform: SiakadPlatform, address: string): boolean {
  return isOutboundAddressAllowed(address, platform.siakadPrivateNetworks);
}

/**
 * Parses and checks a SIAKAD address a college wants to use (saving the setting, signing on, calling):
 * http(s), no credentials, query or fragment (a trailing `?` or `#` would swallow the path the LMS
 * appends), a host the platform allows (SIAKAD_ALLOWED_HOSTS, SIAKAD_URL's origin, this server's own
 * origin), and when the host is an IP literal, an allowed address. Host
 * names are checked again on every connection (`siakadLookup`), since DNS may answer differently later.
 */
export function parseSiakadUrl(platform: SiakadPlatform, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SiakadAddressError(siakadAddressMessages.notUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SiakadAddressError(siakadAddressMessages.notUrl);
  }
  if (url.username || url.password || url.search || url.hash || /[?#]/.test(value)) {
    throw new SiakadAddressError(siakadAddressMessages.extraParts);
  }
  if (isOwnOrigin(platform, url)) return url;
  const platformSiakad = url.origin === new URL(platform.siakadUrl).origin;
  if (!platformSiakad && !hostListed(platform, url.hostname)) {
    throw new SiakadAddressError(siakadAddressMessages.hostNotAllowed);
  }
  const literal = bare(url.hostname);
  if (isIP(literal) && !addressAllowed(platform, literal)) {
    throw new SiakadAddressError(siakadAddressMessages.addressNotAllowed);
  }
  return url;
}

/**
 * A `lookup` for http.request that resolves the name and refuses the connection when any answer is an
 * address the platform does not allow, then connects to those very answers (platform/outbound-address.ts),
 * so the address checked is the address connected to (no DNS rebinding between a check and the
 * connection). Node calls it only for names, not IP literals: `parseSiakadUrl` checks those. This
 * server's own origin (the demo SIAKAD) is resolved as usual.
 */
export function siakadLookup(platform: SiakadPlatform, ownOrigin: boolean): LookupFunction {
  if (ownOrigin) return dnsLookup as LookupFunction;
  return (hostname, options, callback) => {
    void resolveOutboundHost(hostname, platform.siakadPrivateNetworks).then((resolved) => {
      if (!('refused' in resolved)) return pinnedLookup(resolved.addresses)(hostname, options, callback);
      const error =
        resolved.refused === 'not_found'
          ? Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
          : new SiakadAddressError(siakadAddressMessages.addressNotAllowed);
      return callback(error, '', 0);
    });
  };
}
