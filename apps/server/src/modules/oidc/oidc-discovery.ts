import * as client from 'openid-client';
import { isOutboundAddressAllowed, resolveOutboundHost } from '../../platform/outbound-address.ts';
import { fetchPinned } from '../../platform/pinned-fetch.ts';

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

/** Where a provider URL may be connected to: the addresses checked, and whether they are private. */
export interface CheckedProviderUrl {
  addresses: string[];
  isPrivate: boolean;
}

/**
 * Checks where a URL of the provider points: every address its host resolves to must be public or
 * inside OIDC_PRIVATE_NETWORKS, and plain http is allowed only inside those networks (a campus test
 * provider); answers those addresses, the only ones a connection for this URL may use.
 */
export async function checkProviderUrl(
  url: URL,
  privateNetworks: readonly string[],
): Promise<CheckedProviderUrl> {
  const resolved = await resolveOutboundHost(url.hostname, privateNetworks);
  if ('refused' in resolved) {
    throw new OidcAddressError(
      resolved.refused === 'not_found' ? oidcAddressMessages.notFound : oidcAddressMessages.addressNotAllowed,
    );
  }
  const { addresses } = resolved;
  // Allowed above: every address is public or in the networks; private means none is public.
  const isPrivate = addresses.every((address) => !isOutboundAddressAllowed(address, []));
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isPrivate)) {
    throw new OidcAddressError(oidcAddressMessages.notHttps);
  }
  return { addresses, isPrivate };
}

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
}

/**
 * The provider's configuration from its discovery document (openid-client). Every request the client
 * makes for it (discovery, token, keys, userinfo) passes `checkProviderUrl` first and then connects to
 * an address that check accepted (`fetchPinned`), so neither the settings, the discovery document nor a
 * DNS answer changing after the check can send the server to an address it should not call.
 */
export async function discoverProvider(
  settings: ProviderSettings,
  privateNetworks: readonly string[],
): Promise<client.Configuration> {
  const issuer = new URL(settings.issuer);
  const { isPrivate } = await checkProviderUrl(issuer, privateNetworks);
  const guardedFetch: client.CustomFetch = async (url, options) => {
    const { addresses } = await checkProviderUrl(new URL(url), privateNetworks);
    const timeout = AbortSignal.timeout(10_000);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    return fetchPinned(url, { ...options, signal }, addresses);
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
    // openid-client passes on what the custom fetch threw as the cause of its own error.
    const refusal = error instanceof OidcAddressError ? error : (error as { cause?: unknown }).cause;
    if (refusal instanceof OidcAddressError) throw refusal;
    throw new OidcAddressError(oidcAddressMessages.unreachable);
  }
}
