import { randomUUID } from 'node:crypto';
import type {
  ActAsStudentRequest,
  AccessTokenRequest,
  AuthorizeRequest,
  SiakadAuthorizeRequest,
} from '@lms/contract/auth.schema';
import { refreshTokenMaxAgeSeconds, siakadClientId, webClientId } from '@lms/contract/auth.rules';
import type { AppConfig } from '../../config.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import type { AccessTokenSigner, AuthContext } from '../../platform/access-token.ts';
import type { EventHub } from '../../platform/event-hub.ts';
import { AppError } from '../../platform/app-error.ts';
import { hashPassword, passwordMatches, type PasswordHashGate } from '../../platform/password-hash.ts';
import type { College } from '../../platform/college.repository.ts';
import { recordActivity } from '../activity-log/activity-log.api.ts';
import { isOwnOrigin, parseSiakadUrl, SiakadAddressError } from '../siakad/siakad.api.ts';
import { assertCanActForStudent, mayKeepActing } from './auth.policy.ts';
import {
  accountName,
  assertSignInNotDelayed,
  signInFailed,
  signInSucceeded,
} from './sign-in-backoff.service.ts';
import { constantTimeEqual, createOpaqueToken, hashOpaqueToken, verifyCodeChallenge } from './auth.pkce.ts';
import {
  findAuthCode,
  findRefreshToken,
  findStudentByUsernameOrNim,
  findUserByUsername,
  findUserWithNimById,
  insertAuthCode,
  insertRefreshToken,
  markAuthCodeUsed,
  markRefreshTokenUsed,
  revokeRefreshFamily,
  type UserRow,
} from './auth.repository.ts';

/** Authorization codes (sign-in, acting, SIAKAD) live this long. */
export const authCodeTtlSeconds = 60;

/** What the auth use cases need; the Fastify instance provides all of it. */
export interface AuthDeps {
  db: Db;
  tokens: AccessTokenSigner;
  config: AppConfig;
  /** Ending a session closes its event streams and refuses its access tokens on every instance. */
  events: Pick<EventHub, 'endSessions'>;
  /** Bounds concurrent password hashing (503 beyond it). */
  passwordHashing: PasswordHashGate;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
}

const invalidCredentials = () => new AppError(401, 'invalid_credentials');
const invalidGrant = () => new AppError(401, 'invalid_grant');
const invalidClient = (status = 401) => new AppError(status, 'invalid_client');

// Verified when the username is unknown, so a miss costs as much time as a wrong password.
let dummyHash: Promise<string> | undefined;
/** Computes the dummy hash ahead (at start), so the first unknown username is not faster or slower. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(createOpaqueToken());
  return dummyHash;
}

/** POST /v2/authorize: checks username and password and issues a one-time code bound to the PKCE challenge. */
export async function authorizeWithPassword(
  deps: AuthDeps,
  college: College,
  input: AuthorizeRequest,
): Promise<{ code: string; state: string }> {
  if (input.client_id !== webClientId) throw invalidClient(400);
  const account = accountName(college.id, input.username);
  // Before any hashing: a waiting account name costs one indexed read, not argon2 work.
  const hadFailures = await assertSignInNotDelayed(deps.db, account);
  const user = await findUserByUsername(deps.db, college.id, input.username);
  const ok = await deps.passwordHashing.run(async () =>
    user
      ? passwordMatches(user.passwordHash, input.password)
      : (await passwordMatches(await dummyPasswordHash(), input.password), false),
  );
  if (!user || !ok) {
    // Unknown names count too, so the wait does not tell which accounts exist.
    await signInFailed(deps.db, account);
    throw invalidCredentials();
  }
  if (hadFailures) await signInSucceeded(deps.db, account);
  // Said only after a correct password, so it reveals nothing to a guesser.
  if (!user.isActive) throw new AppError(403, 'account_inactive');
  const code = await issueAuthCode(deps.db, {
    collegeId: college.id,
    userId: user.id,
    actorUserId: null,
    clientId: webClientId,
    redirectUri: input.redirect_uri,
    codeChallenge: input.code_challenge,
  });
  return { code, state: input.state };
}

/** POST /v2/authorize/akun_lain: an operator gets a code to act for a student ("Login Akun Lain"). */
export async function authorizeActingForStudent(
  deps: AuthDeps,
  college: College,
  auth: AuthContext,
  input: ActAsStudentRequest,
): Promise<{ code: string; state: string }> {
  const operator = await findUserWithNimById(deps.db, college.id, auth.userId);
  assertCanActForStudent(auth, operator);
  if (input.client_id !== webClientId) throw invalidClient(400);
  const student = await findStudentByUsernameOrNim(deps.db, college.id, input.username);
  if (!student) throw new AppError(404, 'student_not_found');
  if (!student.isActive) throw new AppError(403, 'account_inactive');
  const code = await issueAuthCode(deps.db, {
    collegeId: college.id,
    userId: student.id,
    actorUserId: auth.userId,
    clientId: webClientId,
    redirectUri: input.redirect_uri,
    codeChallenge: input.code_challenge,
  });
  return { code, state: input.state };
}

/**
 * Where SIAKAD single sign-on sends the browser: the college's SIAKAD address (or the configured
 * default); a redirect_uri is kept only when it is on that same origin, so this is no open redirect.
 */
export function resolveSiakadTarget(siakadBase: string, redirectUri: string): string {
  const base = new URL(siakadBase);
  try {
    const wanted = new URL(redirectUri, base);
    if (wanted.origin === base.origin) {
      wanted.hash = '';
      return wanted.toString();
    }
  } catch {
    // Not a URL: fall back to the SIAKAD address itself.
  }
  return base.toString();
}

/** Single sign-on to anywhere but the demo SIAKAD on this server's own origin is off without it. */
const siakadSignOnOff = () =>
  new AppError(
    403,
    'sso_siakad_nonaktif',
    'Masuk ke Siakad belum diaktifkan di server ini (SIAKAD_CLIENT_SECRET belum diatur).',
  );

/**
 * Where single sign-on may send people: the college's `url_sikad_legacy` when the platform allows its
 * host (SIAKAD_ALLOWED_HOSTS, SIAKAD_URL's origin or this server's origin), else SIAKAD_URL. Anywhere but
 * this server's own origin (the demo at $PUBLIC_URL/dev, whose code never leaves the LMS's origin) needs
 * SIAKAD_CLIENT_SECRET, so whoever exchanges the code must prove it is SIAKAD.
 */
function siakadSignOnBase(config: AppConfig, college: College): URL {
  let base: URL;
  try {
    base = college.urlSikadLegacy
      ? parseSiakadUrl(config, college.urlSikadLegacy)
      : new URL(config.siakadUrl);
  } catch (error) {
    if (!(error instanceof SiakadAddressError)) throw error;
    throw new AppError(409, 'siakad_tidak_diizinkan', error.message);
  }
  if (!config.siakadClientSecret && !isOwnOrigin(config, base)) throw siakadSignOnOff();
  return base;
}

/** POST /v2/authorize/sikad: a one-time code SIAKAD exchanges (client `siakad`) to learn who arrived. */
export async function authorizeSiakad(
  deps: AuthDeps,
  college: College,
  auth: AuthContext,
  input: SiakadAuthorizeRequest,
): Promise<{ code: string; state: string; redirect_url: string }> {
  // The form names the calling client (the web app, spec 1 §7); the code is for SIAKAD.
  if (input.client_id !== webClientId) throw invalidClient(400);
  const user = await findUserWithNimById(deps.db, college.id, auth.userId);
  if (!user?.isActive) throw new AppError(401, 'unauthorized');
  const target = resolveSiakadTarget(siakadSignOnBase(deps.config, college).toString(), input.redirect_uri);
  const code = await issueAuthCode(deps.db, {
    collegeId: college.id,
    userId: auth.userId,
    actorUserId: auth.actorUserId,
    clientId: siakadClientId,
    redirectUri: target,
    codeChallenge: null,
    asRole: input.as_role ?? null,
  });
  const redirect = new URL(target);
  redirect.searchParams.set('code', code);
  redirect.searchParams.set('state', input.state);
  return { code, state: input.state, redirect_url: redirect.toString() };
}

/**
 * A one-time code of the web app's PKCE sign-in for a user another area has identified (the campus
 * OpenID sign-in): the web app exchanges it at /v2/access_token like a password sign-in's code.
 */
export function issueWebSignInCode(
  db: Db,
  row: { collegeId: string; userId: string; redirectUri: string; codeChallenge: string },
): Promise<string> {
  return issueAuthCode(db, { ...row, actorUserId: null, clientId: webClientId });
}

async function issueAuthCode(
  db: Db,
  row: {
    collegeId: string;
    userId: string;
    actorUserId: string | null;
    clientId: string;
    redirectUri: string;
    codeChallenge: string | null;
    asRole?: string | null;
  },
): Promise<string> {
  const code = createOpaqueToken();
  await insertAuthCode(db, {
    ...row,
    codeHash: hashOpaqueToken(code),
    expiresAt: new Date(Date.now() + authCodeTtlSeconds * 1000),
  });
  return code;
}

/**
 * Checks the client of a token request: `web` is public (PKCE); `siakad` needs SIAKAD_CLIENT_SECRET when
 * one is set (without it, only codes for the demo on this server's origin are exchanged, checked below).
 */
function authenticateClient(config: AppConfig, clientId: string, clientSecret: string | undefined): void {
  if (clientId === webClientId) return;
  if (clientId === siakadClientId) {
    if (!config.siakadClientSecret) return;
    if (clientSecret && constantTimeEqual(clientSecret, config.siakadClientSecret)) return;
  }
  throw invalidClient();
}

/** POST /v2/access_token: exchanges a code or rotates a refresh token. */
export async function exchangeToken(
  deps: AuthDeps,
  college: College,
  input: AccessTokenRequest,
  ipAddress: string,
): Promise<IssuedTokens> {
  return input.grant_type === 'authorization_code'
    ? exchangeAuthorizationCode(deps, college, input, ipAddress)
    : rotateRefreshToken(deps, college, input);
}

async function exchangeAuthorizationCode(
  deps: AuthDeps,
  college: College,
  input: Extract<AccessTokenRequest, { grant_type: 'authorization_code' }>,
  ipAddress: string,
): Promise<IssuedTokens> {
  authenticateClient(deps.config, input.client_id, input.client_secret);
  const codeHash = hashOpaqueToken(input.code);
  const now = new Date();
  const row = await findAuthCode(deps.db, college.id, codeHash);
  if (
    !row ||
    row.clientId !== input.client_id ||
    row.redirectUri !== input.redirect_uri ||
    row.usedAt ||
    row.expiresAt <= now
  ) {
    throw invalidGrant();
  }
  // Codes for a SIAKAD elsewhere were issued only with a secret configured; one issued before that
  // changed is not exchanged without it.
  if (
    row.clientId === siakadClientId &&
    !deps.config.siakadClientSecret &&
    !isOwnOrigin(deps.config, new URL(row.redirectUri))
  ) {
    throw invalidClient();
  }
  if (row.codeChallenge) {
    if (!input.code_verifier || !verifyCodeChallenge(input.code_verifier, row.codeChallenge)) {
      throw invalidGrant();
    }
  }
  // Checked above without spending the code; spent here atomically, so a racing twin loses.
  const spent = await markAuthCodeUsed(deps.db, college.id, codeHash, now);
  if (!spent) throw invalidGrant();

  const user = await findUserWithNimById(deps.db, college.id, spent.userId);
  if (!user?.isActive) throw invalidGrant();
  const actor = spent.actorUserId
    ? await findUserWithNimById(deps.db, college.id, spent.actorUserId)
    : undefined;
  if (spent.actorUserId && !mayKeepActing(actor)) throw invalidGrant();

  const tokens = await startSession(deps, {
    user,
    actorUserId: spent.actorUserId,
    clientId: spent.clientId,
  });

  // A sign-in counts when the session exists, i.e. here, not when the code was handed out.
  // SIAKAD exchanges are not sign-ins to the LMS (leaving is logged as keluar_ke_sikad).
  if (spent.clientId === webClientId) {
    await recordActivity(deps.db, {
      collegeId: college.id,
      userId: user.id,
      role: user.role,
      operatorUserId: spent.actorUserId,
      jenis: spent.actorUserId ? 'login_akun_lain' : 'login',
      detail: spent.actorUserId
        ? `Login sebagai ${user.nama} (${user.nim ?? user.username})`
        : 'Login ke LMS',
      ipAddress,
    });
  }
  return tokens;
}

/** Starts a sign-in: a new refresh-token family (maximum age 86400 s) and an access token. */
export async function startSession(
  deps: AuthDeps,
  session: { user: Pick<UserRow, 'id' | 'collegeId' | 'role'>; actorUserId: string | null; clientId: string },
): Promise<IssuedTokens> {
  const familyId = randomUUID();
  const refreshToken = createOpaqueToken();
  await insertRefreshToken(deps.db, {
    tokenHash: hashOpaqueToken(refreshToken),
    familyId,
    collegeId: session.user.collegeId,
    userId: session.user.id,
    actorUserId: session.actorUserId,
    clientId: session.clientId,
    expiresAt: new Date(Date.now() + refreshTokenMaxAgeSeconds * 1000),
  });
  const accessToken = await deps.tokens.sign({
    userId: session.user.id,
    collegeId: session.user.collegeId,
    role: session.user.role,
    sessionId: familyId,
    actorUserId: session.actorUserId,
    // SIAKAD's token opens only what SIAKAD needs (who arrived), not the LMS API.
    ...(session.clientId === siakadClientId ? { audience: 'siakad' as const } : {}),
  });
  return { accessToken, refreshToken };
}

async function rotateRefreshToken(
  deps: AuthDeps,
  college: College,
  input: Extract<AccessTokenRequest, { grant_type: 'refresh_token' }>,
): Promise<IssuedTokens> {
  // Only the web app refreshes; SIAKAD's single sign-on needs one access token, nothing more.
  if (input.client_id !== webClientId) throw invalidClient();
  const tokenHash = hashOpaqueToken(input.refresh_token);
  const now = new Date();
  const next = createOpaqueToken();
  // Spending the old token and storing its successor commit together: a racing twin waits on the
  // row lock, then finds the token spent and revokes the family including the successor.
  const spent = await inTransaction(deps.db, async (tx) => {
    const row = await markRefreshTokenUsed(
      tx,
      { tokenHash, collegeId: college.id, clientId: webClientId },
      now,
    );
    if (!row) return undefined;
    await insertRefreshToken(tx, {
      tokenHash: hashOpaqueToken(next),
      familyId: row.familyId,
      collegeId: row.collegeId,
      userId: row.userId,
      actorUserId: row.actorUserId,
      clientId: row.clientId,
      expiresAt: row.expiresAt,
    });
    return row;
  });

  if (!spent) {
    const row = await findRefreshToken(deps.db, college.id, tokenHash);
    // Reuse of a spent token: someone else holds the family; end it for everyone (RFC 9700 §4.14).
    if (row?.usedAt) await endSession(deps, row, now);
    throw invalidGrant();
  }

  const user = await findUserWithNimById(deps.db, college.id, spent.userId);
  const actor = spent.actorUserId
    ? await findUserWithNimById(deps.db, college.id, spent.actorUserId)
    : undefined;
  if (!user?.isActive || (spent.actorUserId && !mayKeepActing(actor))) {
    await endSession(deps, spent, now);
    throw invalidGrant();
  }
  const accessToken = await deps.tokens.sign({
    userId: user.id,
    collegeId: user.collegeId,
    role: user.role,
    sessionId: spent.familyId,
    actorUserId: spent.actorUserId,
  });
  return { accessToken, refreshToken: next };
}

/** POST /v2/revoke: ends the sign-in the refresh token belongs to; unknown tokens are ignored (RFC 7009). */
export async function revokeRefreshToken(deps: AuthDeps, college: College, token: string): Promise<void> {
  const row = await findRefreshToken(deps.db, college.id, hashOpaqueToken(token));
  if (row) await endSession(deps, row, new Date());
}

/** Ends the caller's own session (sign-out, going back to the operator's account), whatever the client does next. */
export async function endOwnSession(deps: AuthDeps, auth: AuthContext): Promise<void> {
  await endSession(
    deps,
    { collegeId: auth.collegeId, userId: auth.userId, familyId: auth.sessionId },
    new Date(),
  );
}

/**
 * Revokes a sign-in's refresh-token family and ends its access tokens and event streams: at once on
 * every instance that hears the notice, within ACTOR_CACHE_SECONDS on any other.
 */
async function endSession(
  deps: AuthDeps,
  family: { collegeId: string; userId: string; familyId: string },
  now: Date,
): Promise<void> {
  await revokeRefreshFamily(deps.db, family, now);
  await deps.events.endSessions({
    collegeId: family.collegeId,
    userId: family.userId,
    sessionIds: [family.familyId],
  });
}

/** The student an acting session acts as, for the log line of going back. */
export async function describeActingStudent(deps: AuthDeps, auth: AuthContext): Promise<string> {
  if (!auth.actorUserId) throw new AppError(403, 'not_acting');
  const student = await findUserWithNimById(deps.db, auth.collegeId, auth.userId);
  return student ? `${student.nama} (${student.nim ?? student.username})` : auth.userId;
}
