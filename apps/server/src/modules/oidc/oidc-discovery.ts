import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import * as client from 'openid-client';
import { isOutboundAddressAllowed } from '../../platform/outbound-address.ts';

/** A college's provider address the installation does not let the server call. */
export class OidcAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OidcAddressError';
  }
}

export const oidcAddressMessages = {
  addressNotAllowed:
    'URL penerbit mengarah ke jaringan yang tidak diizinkan server (loopback, privat, link-local atau ' +
    'metadata). Minta pengelola server menambahkannya ke OIDC_PRIVATE_NETWORKS.',
  notFound: 'Host URL penerbit tidak ditemukan.',
  notHttps: 'URL penerbit harus memakai https://.',
  unreachable: 'Penyedia OpenID tidak dapat dihubungi atau tidak memberikan konfigurasi yang valid.',
} as const;

/**
 * Checks where a URL of the provider points: every address its host resolves to must be public or
 * inside OIDC_PRIVATE_NETWORKS, and plain http is allowed only inside those networks (a campus test
 * provider); answers whether it is such a private address.
 */
export async function checkProviderUrl(url: URL, privateNetworks: readonly string[]): Promise<boolean> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true })).map((answer) => answer.address);
    } catch {
      throw new OidcAddressError(oidcAddressMessages.notFound);
    }
  }
  if (addresses.length === 0) throw new OidcAddressError(oidcAddressMessages.notFound);
  if (addresses.some((address) => !isOutboundAddressAllowed(address, privateNetworks))) {
    throw new OidcAddressError(oidcAddressMessages.addressNotAllowed);
  }
  // Allowed above: every address is public or in the networks; private means none is public.
  const isPrivate = addresses.every((address) => !isOutboundAddressAllowed(address, []));
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isPrivate)) {
    throw new OidcAddressError(oidcAddressMessages.notHttps);
  }
  return isPrivate;
}

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
}

/**
 * The provider's configuration from its discovery document (openid-client). Every request the client
 * makes for it (discovery, token, keys, userinfo) passes `checkProviderUrl` first, so neither the
 * settings nor the discovery document can send the server to an address it should not call.
 */
export async function discoverProvider(
  settings: ProviderSettings,
  privateNetworks: readonly string[],
): Promise<client.Configuration> {
  const issuer = new URL(settings.issuer);
  const isPrivate = await checkProviderUrl(issuer, privateNetworks);
  const guardedFetch: client.CustomFetch = async (url, options) => {
    await checkProviderUrl(new URL(url), privateNetworks);
    return fetch(url, { ...options, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
  };
  try {
    const config = await client.discovery(
      issuer,
      settings.clientId,
      undefined,
      settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None(),
      {
        [client.customFetch]: guardedFetch,
        ...(isPrivate ? { execute: [client.allowInsecureRequests] } : {}),
      },
    );
    config[client.customFetch] = guardedFetch;
    return config;
  } catch (error) {
    if (error instanceof OidcAddressError) throw error;
    throw new OidcAddressError(oidcAddressMessages.unreachable);
  }
}
