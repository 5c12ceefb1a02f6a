import * as client from 'openid-client';
import type { OidcSignInError } from '@lms/contract/oidc.rules';
import type { Db } from '../../db/database.ts';
import type { College } from '../../platform/college.repository.ts';
import { hashPassword } from '../../platform/password-hash.ts';
import { createOpaqueToken, hashOpaqueToken, issueWebSignInCode } from '../auth/auth.api.ts';
import { discoverProvider, OidcAddressError } from './oidc-discovery.ts';
import { oidcCallbackUrl, type OidcPlatform } from './oidc-settings.service.ts';
import {
  findOidcSettings,
  findUsersByEmail,
  findUsersByNimOrNidn,
  insertOidcSignIn,
  insertStudentAccount,
  spendOidcSignIn,
  usernameTaken,
  type OidcSettingsRow,
} from './oidc.repository.ts';

/** A sign-in waits this long for the provider's answer. */
const signInTtlSeconds = 600;

/** The cookie binding a sign-in to the browser that started it (login CSRF). */
export const browserCookieName = 'lms_oidc';

/** The web app's own PKCE request, continued at the provider. */
export interface AppSignInRequest {
  redirectUri: string;
  state: string;
  codeChallenge: string;
}

/** Where the browser goes next; `browserSecret` is set as the cookie when the sign-in starts. */
export type OidcRedirect = { location: string; browserSecret?: string };

/** A sign-in that ends on the sign-in page with a message (`/login?sso_galat=…`). */
export class OidcSignInRefused extends Error {
  constructor(readonly code: OidcSignInError) {
    super(code);
    this.name = 'OidcSignInRefused';
  }
}

type ConfiguredProvider = OidcSettingsRow & { issuer: string; clientId: string };

function isConfigured(row: OidcSettingsRow | undefined): row is ConfiguredProvider {
  return !!row?.issuer && !!row.clientId;
}

/** Whether the sign-in page offers "Masuk dengan SSO Kampus". */
export async function describeSignInMethods(db: Db, collegeId: string): Promise<{ sso: boolean }> {
  return { sso: isConfigured(await findOidcSettings(db, collegeId)) };
}

// Discovery documents change rarely; one per college and settings version for five minutes.
const discoveryCache = new Map<string, { at: number; config: Promise<client.Configuration> }>();
const discoveryCacheMs = 300_000;

async function providerOf(db: Db, collegeId: string, platform: OidcPlatform) {
  const settings = await findOidcSettings(db, collegeId);
  if (!isConfigured(settings)) throw new OidcSignInRefused('sso_belum_diatur');
  const key = `${collegeId}|${settings.updatedAt.toISOString()}`;
  let cached = discoveryCache.get(key);
  if (!cached || Date.now() - cached.at > discoveryCacheMs) {
    // Earlier settings of the college are not asked for again.
    for (const old of discoveryCache.keys()) if (old.startsWith(`${collegeId}|`)) discoveryCache.delete(old);
    cached = {
      at: Date.now(),
      config: discoverProvider(
        { issuer: settings.issuer, clientId: settings.clientId, clientSecret: settings.clientSecret },
        platform.oidcPrivateNetworks,
      ),
    };
    discoveryCache.set(key, cached);
  }
  try {
    return { settings, config: await cached.config };
  } catch (error) {
    discoveryCache.delete(key);
    if (error instanceof OidcAddressError) throw new OidcSignInRefused('sso_gagal');
    throw error;
  }
}

/** The web app's redirect URI must be on this server's own origin, so this is no open redirect. */
function assertOwnOrigin(platform: OidcPlatform, uri: string): void {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new OidcSignInRefused('sso_gagal');
  }
  if (url.origin !== new URL(platform.publicUrl).origin) throw new OidcSignInRefused('sso_gagal');
}

/**
 * GET /v2/oidc/masuk: stores the sign-in (state, nonce and PKCE verifier for the provider, the web
 * app's own request, a browser binding) and answers the provider's authorization URL.
 */
export async function startOidcSignIn(
  db: Db,
  college: College,
  platform: OidcPlatform,
  app: AppSignInRequest,
): Promise<OidcRedirect> {
  assertOwnOrigin(platform, app.redirectUri);
  const { config } = await providerOf(db, college.id, platform);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const browserSecret = createOpaqueToken();
  await insertOidcSignIn(db, {
    collegeId: college.id,
    stateHash: hashOpaqueToken(state),
    browserHash: hashOpaqueToken(browserSecret),
    codeVerifier,
    nonce,
    appRedirectUri: app.redirectUri,
    appState: app.state,
    appCodeChallenge: app.codeChallenge,
    expiresAt: new Date(Date.now() + signInTtlSeconds * 1000),
  });
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: oidcCallbackUrl(platform, college.id),
    scope: 'openid profile email',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { location: url.toString(), browserSecret };
}

/**
 * GET /v2/oidc/callback: spends the sign-in of the answer's state (once, in time, from the browser
 * that started it), lets openid-client check the answer (state, issuer, PKCE, ID token signature,
 * audience and nonce), matches the person to a user of the college and answers the web app's /oauth
 * address with an LMS sign-in code, which the web app exchanges for the usual session.
 */
export async function finishOidcSignIn(
  db: Db,
  college: College,
  platform: OidcPlatform,
  callback: { url: URL; state: string | undefined; browserSecret: string | undefined },
): Promise<OidcRedirect> {
  if (!callback.state || !callback.browserSecret) throw new OidcSignInRefused('sso_gagal');
  const signIn = await spendOidcSignIn(db, college.id, hashOpaqueToken(callback.state), new Date());
  if (!signIn || signIn.browserHash !== hashOpaqueToken(callback.browserSecret)) {
    throw new OidcSignInRefused('sso_gagal');
  }
  const { settings, config } = await providerOf(db, college.id, platform);
  // The token request names the redirect URI the address is on: this server's public one.
  const answer = new URL(oidcCallbackUrl(platform, college.id));
  answer.search = callback.url.search;
  let claims: Record<string, unknown>;
  try {
    const tokens = await client.authorizationCodeGrant(config, answer, {
      pkceCodeVerifier: signIn.codeVerifier,
      expectedState: callback.state,
      expectedNonce: signIn.nonce,
      idTokenExpected: true,
    });
    claims = { ...tokens.claims() };
    // Providers put profile and custom claims in the ID token or only at userinfo (oidc-provider's
    // default); userinfo is asked for the same subject and the ID token's claims win.
    if (config.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(config, tokens.access_token, String(claims.sub));
      claims = { ...info, ...claims };
    }
  } catch {
    throw new OidcSignInRefused('sso_gagal');
  }
  const userId = await matchUser(db, college.id, settings, claims);
  const code = await issueWebSignInCode(db, {
    collegeId: college.id,
    userId,
    redirectUri: signIn.appRedirectUri,
    codeChallenge: signIn.appCodeChallenge,
  });
  const location = new URL(signIn.appRedirectUri);
  location.searchParams.set('code', code);
  location.searchParams.set('state', signIn.appState);
  return { location: location.toString() };
}

/** The claim the college matches on: the named claim, or a verified email. */
function claimOf(claims: Record<string, unknown>, settings: OidcSettingsRow): string | undefined {
  if (settings.matchBy === 'email') {
    return claims.email_verified === true && typeof claims.email === 'string' ? claims.email : undefined;
  }
  const value = claims[settings.claimName];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** The one user the claims name; an unknown person gets a student account only where allowed. */
async function matchUser(
  db: Db,
  collegeId: string,
  settings: OidcSettingsRow,
  claims: Record<string, unknown>,
): Promise<string> {
  const value = claimOf(claims, settings);
  if (!value) throw new OidcSignInRefused('sso_akun_tidak_dikenal');
  const found =
    settings.matchBy === 'email'
      ? await findUsersByEmail(db, collegeId, value)
      : await findUsersByNimOrNidn(db, collegeId, value);
  // Two users with one email (or a NIM that is also a NIDN) name nobody for sure.
  if (found.length > 1) throw new OidcSignInRefused('sso_akun_tidak_dikenal');
  const [user] = found;
  if (user) {
    if (!user.isActive) throw new OidcSignInRefused('sso_akun_tidak_aktif');
    return user.id;
  }
  if (!settings.createAccounts || !settings.newAccountProdiId) {
    throw new OidcSignInRefused('sso_akun_tidak_dikenal');
  }
  if (await usernameTaken(db, collegeId, value)) throw new OidcSignInRefused('sso_akun_tidak_dikenal');
  const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : value;
  return insertStudentAccount(db, {
    collegeId,
    username: value,
    nim: value,
    nama: name.slice(0, 200),
    email: typeof claims.email === 'string' && claims.email_verified === true ? claims.email : null,
    // Signs in only through the provider until a password is set (reset or by an operator).
    passwordHash: await hashPassword(createOpaqueToken()),
    prodiId: settings.newAccountProdiId,
    angkatan: new Date().getFullYear(),
  });
}

/**
 * GET /v2/oidc/keluar: after the LMS session has ended, the provider's end_session_endpoint (back to
 * the sign-in page afterwards) when it has one, else the sign-in page.
 */
export async function endOidcSession(db: Db, college: College, platform: OidcPlatform): Promise<string> {
  const signInPage = new URL('/login', platform.publicUrl).toString();
  try {
    const { settings, config } = await providerOf(db, college.id, platform);
    if (!config.serverMetadata().end_session_endpoint) return signInPage;
    return client
      .buildEndSessionUrl(config, { client_id: settings.clientId, post_logout_redirect_uri: signInPage })
      .toString();
  } catch (error) {
    if (error instanceof OidcSignInRefused) return signInPage;
    throw error;
  }
}
