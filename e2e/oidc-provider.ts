import { createServer } from 'node:http';
// @ts-expect-error -- oidc-provider ships no type declarations
import Provider from 'oidc-provider';

/**
 * The e2e run's campus OpenID provider (oidc-provider), started by Playwright beside the LMS
 * (playwright.config.ts) on E2E_OIDC_PORT. One client (E2E_OIDC_CLIENT_ID/SECRET), the LMS of the run
 * (E2E_LMS_URL, college E2E_OIDC_COLLEGE, `demo` by default); its own sign-in form (devInteractions: any password), where the login typed is the person's
 * NIM (the `nim` claim); the campus's own client needs no consent; sign-out confirms itself.
 */
const port = Number(process.env.E2E_OIDC_PORT);
const lmsUrl = process.env.E2E_LMS_URL!;
const college = process.env.E2E_OIDC_COLLEGE ?? 'demo';

interface Grant {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}

const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [
    {
      client_id: process.env.E2E_OIDC_CLIENT_ID!,
      client_secret: process.env.E2E_OIDC_CLIENT_SECRET!,
      redirect_uris: [`${lmsUrl}/v2/oidc/callback/${college}`],
      post_logout_redirect_uris: [`${lmsUrl}/login`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  claims: { openid: ['sub', 'nim'], profile: ['name'] },
  cookies: { keys: ['e2e-oidc-provider-cookie-key'] },
  pkce: { required: () => true },
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
  async loadExistingGrant(ctx: {
    oidc: {
      client: { clientId: string };
      session: { accountId: string };
      provider: { Grant: new (init: object) => Grant };
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
    return { accountId: id, claims: () => ({ sub: id, nim: id }) };
  },
});

createServer(provider.callback()).listen(port, '127.0.0.1');
