import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
// @ts-expect-error -- oidc-provider ships no type declarations
import Provider from 'oidc-provider';

/** A person the test provider knows: the `nim` claim, and a verified email. */
export interface TestOidcAccount {
  nim?: string;
  email?: string;
  name?: string;
}

export interface TestOidcProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  /**
   * Accounts by the login typed at the provider (any other login is a person with no claims but `sub`),
   * or the account of any login (the e2e run's provider: the login is the person's NIM).
   */
  accounts: Record<string, TestOidcAccount> | ((login: string) => TestOidcAccount | undefined);
  port?: number;
}

/**
 * A real OpenID provider (oidc-provider) on a loopback port, as the campus provider of the server tests
 * and of the e2e run (e2e/oidc-provider.ts): its own sign-in form (devInteractions: any password),
 * consent given by the client being the campus's own, PKCE required, the `nim` claim with the openid
 * scope, a sign-out page that signs out at once.
 */
export async function startTestOidcProvider(options: TestOidcProviderOptions) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub', 'nim'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    features: {
      devInteractions: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx: { body: string }, form: string) {
          ctx.body = `<!DOCTYPE html><html><body>${form}<script>
            const f = document.forms[0]; const yes = document.createElement('input');
            yes.type = 'hidden'; yes.name = 'logout'; yes.value = 'yes'; f.appendChild(yes); f.submit();
          </script></body></html>`;
        },
      },
    },
    pkce: { required: () => true },
    // The campus's own client needs no consent screen: its grant is made on the spot.
    async loadExistingGrant(ctx: {
      oidc: {
        client: { clientId: string };
        session: { accountId: string };
        provider: { Grant: new (init: object) => TestGrant };
      };
    }) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
    findAccount(_ctx: unknown, id: string) {
      const account = typeof options.accounts === 'function' ? options.accounts(id) : options.accounts[id];
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          ...(account?.nim ? { nim: account.nim } : {}),
          ...(account?.email ? { email: account.email, email_verified: true } : {}),
          ...(account?.name ? { name: account.name } : {}),
        }),
      };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface TestGrant {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}

/**
 * A browser at the provider: follows its redirects with its cookies, signs in with the login given at
 * its form, and stops at the first address outside the provider (the LMS's callback).
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const origin = new URL(authorizationUrl).origin;
  const send = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
    return response;
  };
  let url = authorizationUrl;
  let signedIn = false;
  for (let step = 0; step < 10; step++) {
    const response = await send(url);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return next;
      url = next.toString();
      continue;
    }
    const html = await response.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (signedIn || !action) throw new Error(`the provider stopped at ${url}: ${html.slice(0, 300)}`);
    const submitted = await send(new URL(action, url).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'rahasia' }).toString(),
    });
    signedIn = true;
    url = new URL(submitted.headers.get('location')!, url).toString();
  }
  throw new Error('the provider redirected too often');
}
