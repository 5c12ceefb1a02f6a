import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { discoverProvider, OidcAddressError, oidcAddressMessages } from './oidc-discovery.ts';

// What DNS answers for the provider's name, call by call (the check before each request asks it).
const dnsAnswers = vi.hoisted(() => ({ next: [] as string[][] }));
vi.mock('node:dns/promises', () => ({
  lookup: vi.fn(async () => (dnsAnswers.next.shift() ?? []).map((address) => ({ address, family: 4 }))),
}));

// The provider's name is under .test, which no real resolver answers: a request reaching the server
// went to the address the check accepted, never through a second DNS lookup.
const host = 'idp.kampus.test';
let server: Server;
let issuer: string;
const requests: { host?: string; localAddress?: string; path?: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push({
      host: request.headers.host,
      localAddress: request.socket.localAddress,
      path: request.url,
    });
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://${host}:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  requests.length = 0;
  dnsAnswers.next = [];
});

const settings = () => ({ issuer, clientId: 'lms', clientSecret: null });

describe('the provider address check', () => {
  it('connects to the address it checked (a private one the installation allows)', async () => {
    dnsAnswers.next = [['127.0.0.1'], ['127.0.0.1']];
    const config = await discoverProvider(settings(), ['127.0.0.0/8']);
    expect(config.serverMetadata().issuer).toBe(issuer);
    expect(requests).toEqual([
      { host: new URL(issuer).host, localAddress: '127.0.0.1', path: '/.well-known/openid-configuration' },
    ]);
  });

  it('refuses a name that resolves to a private address the installation does not allow', async () => {
    dnsAnswers.next = [['10.20.30.40']];
    await expect(discoverProvider(settings(), ['127.0.0.0/8'])).rejects.toThrow(
      new OidcAddressError(oidcAddressMessages.addressNotAllowed),
    );
    expect(requests).toEqual([]);
  });

  it('refuses a name that answers an allowed address first and the metadata address next (rebinding)', async () => {
    dnsAnswers.next = [['127.0.0.1'], ['169.254.169.254']];
    await expect(discoverProvider(settings(), ['127.0.0.0/8'])).rejects.toThrow(
      new OidcAddressError(oidcAddressMessages.addressNotAllowed),
    );
    expect(requests).toEqual([]);
  });
});
