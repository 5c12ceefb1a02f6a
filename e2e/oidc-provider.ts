import { startTestOidcProvider } from '../apps/server/src/testing/oidc-test-provider.ts';

/**
 * The e2e run's campus OpenID provider, started by Playwright beside the LMS (playwright.config.ts) on
 * E2E_OIDC_PORT: the server tests' provider with one client (E2E_OIDC_CLIENT_ID/SECRET), the LMS of the
 * run (E2E_LMS_URL, college E2E_OIDC_COLLEGE, `demo` by default), and any login typed at its sign-in form
 * (any password) a person whose NIM it is (the `nim` claim).
 */
const lmsUrl = process.env.E2E_LMS_URL!;
const college = process.env.E2E_OIDC_COLLEGE ?? 'demo';

await startTestOidcProvider({
  port: Number(process.env.E2E_OIDC_PORT),
  clientId: process.env.E2E_OIDC_CLIENT_ID!,
  clientSecret: process.env.E2E_OIDC_CLIENT_SECRET!,
  redirectUris: [`${lmsUrl}/v2/oidc/callback/${college}`],
  postLogoutRedirectUris: [`${lmsUrl}/login`],
  accounts: (login) => ({ nim: login }),
});
