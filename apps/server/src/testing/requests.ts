import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import type { TokenResponse } from '@lms/contract/auth.schema';
import type { Role } from '@lms/contract/role.rules';

// How tests reach the API: signing in, minting tokens, and authenticated calls that answer typed JSON.

/** Redirect URI the tests (and the web app) use. */
export const testRedirectUri = 'http://localhost:3000/oauth';

/** The demo seed's password, the default of every factory user too. */
const defaultPassword = 'demo12345';

/** A fresh PKCE verifier and its S256 challenge (RFC 7636 §4.2, computed here, not by the server). */
export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Who signs in: a demo username, or a user a factory made (in its college, with its password). */
export type SignInUser = string | { username: string; collegeId: string; password?: string };

/** Signs in through the whole PKCE flow (authorize, then code exchange) and answers the tokens. */
/** The sign-in form's request (`POST /v2/authorize` with PKCE), from `address` when given. */
export function requestAuthorization(
  app: FastifyInstance,
  options: {
    username: string;
    password: string;
    collegeId?: string;
    address?: string;
    pkce?: { challenge: string };
  },
) {
  return app.inject({
    method: 'POST',
    url: '/v2/authorize',
    headers: { 'college-id': options.collegeId ?? 'demo' },
    ...(options.address ? { remoteAddress: options.address } : {}),
    payload: {
      username: options.username,
      password: options.password,
      client_id: 'web',
      redirect_uri: testRedirectUri,
      state: 'state-1',
      code_challenge: (options.pkce ?? createPkcePair()).challenge,
      code_challenge_method: 'S256',
    },
  });
}

export async function signIn(
  app: FastifyInstance,
  user: SignInUser,
  options: { password?: string; collegeId?: string } = {},
): Promise<TokenResponse> {
  const who = typeof user === 'string' ? { username: user } : user;
  const collegeId = options.collegeId ?? ('collegeId' in who ? who.collegeId : 'demo');
  const password = options.password ?? ('password' in who ? who.password : undefined) ?? defaultPassword;
  const headers = { 'college-id': collegeId };
  const pkce = createPkcePair();
  const authorize = await requestAuthorization(app, { username: who.username, password, collegeId, pkce });
  if (authorize.statusCode !== 200) throw new Error(`sign-in failed: ${authorize.body}`);
  const token = await app.inject({
    method: 'POST',
    url: '/v2/access_token',
    headers,
    payload: {
      grant_type: 'authorization_code',
      code: authorize.json().data.code,
      code_verifier: pkce.verifier,
      client_id: 'web',
      redirect_uri: testRedirectUri,
    },
  });
  if (token.statusCode !== 200) throw new Error(`code exchange failed: ${token.body}`);
  return token.json();
}

/** Signs in each demo username; answers their access tokens by username. */
export async function signInAll(
  app: FastifyInstance,
  usernames: readonly string[],
): Promise<Record<string, string>> {
  return signInEach(app, Object.fromEntries(usernames.map((username) => [username, username])));
}

/** Signs each user in; answers their access tokens by the names they are given here. */
export async function signInEach(
  app: FastifyInstance,
  users: Record<string, SignInUser>,
): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const [name, user] of Object.entries(users)) tokens[name] = (await signIn(app, user)).access_token;
  return tokens;
}

/**
 * Mints an access token with the app's signer, skipping the sign-in flow (no password hashing): for
 * tests about what a token grants, not how it is obtained. Its session (a refresh-token family, which
 * every request checks is still live) is stored too, with a refresh token nobody knows.
 */
export async function signToken(
  app: FastifyInstance,
  user: { userId: string; collegeId: string; role: Role },
  options: { actorUserId?: string; sessionId?: string; ttlSeconds?: number } = {},
): Promise<string> {
  const sessionId = options.sessionId ?? randomUUID();
  await app.database.query(
    `insert into refresh_tokens (token_hash, family_id, college_id, user_id, actor_user_id, client_id, expires_at)
     values ($1, $2, $3, $4, $5, 'web', now() + make_interval(secs => $6))`,
    [
      randomBytes(32).toString('base64url'),
      sessionId,
      user.collegeId,
      user.userId,
      options.actorUserId ?? null,
      // The session lives at least as long as the token (tests that move the clock sign long ones).
      Math.max(86_400, options.ttlSeconds ?? 0),
    ],
  );
  return app.tokens.sign(
    {
      userId: user.userId,
      collegeId: user.collegeId,
      role: user.role,
      sessionId,
      actorUserId: options.actorUserId ?? null,
    },
    options.ttlSeconds,
  );
}

/** The college a token was issued for; 'demo' when it is no token at all (tests of garbage tokens). */
function collegeOfToken(accessToken: string): string {
  try {
    const cid = decodeJwt(accessToken).cid;
    return typeof cid === 'string' ? cid : 'demo';
  } catch {
    return 'demo';
  }
}

/** Headers of an authenticated call; the college is the token's unless given (to test a mismatch). */
export function bearerHeaders(accessToken: string, collegeId?: string): Record<string, string> {
  return { authorization: `Bearer ${accessToken}`, 'college-id': collegeId ?? collegeOfToken(accessToken) };
}

export interface AuthedRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: InjectOptions['payload'];
  /** Extra headers (multipart content type, a different `college-id`). */
  headers?: Record<string, string>;
}

/** An injected response with its JSON body typed by the caller. */
export interface JsonResponse<T> {
  statusCode: number;
  /** The parsed body; `undefined` when the response has no JSON body (a file, a 204). */
  body: T;
  response: LightMyRequestResponse;
}

/** The success envelope of the API: `{ data }`, with `meta` on paged lists. */
export interface ApiEnvelope<T> {
  data: T;
  meta?: { total_items: number; [key: string]: unknown };
}

/** Calls the API as the token's holder, in the token's college, and answers the parsed JSON body. */
export async function authedRequest<T = ApiEnvelope<unknown>>(
  app: FastifyInstance,
  accessToken: string,
  request: AuthedRequestOptions,
): Promise<JsonResponse<T>> {
  const response = await app.inject({
    method: request.method ?? 'GET',
    url: request.url,
    headers: { ...bearerHeaders(accessToken), ...request.headers },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  const isJson = String(response.headers['content-type'] ?? '').includes('json');
  const body = (isJson && response.body !== '' ? response.json() : undefined) as T;
  return { statusCode: response.statusCode, body, response };
}

/** The smallest valid PNG (1×1, transparent). */
export function tinyPng(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
}

/** A file part of a multipart body. */
export interface MultipartFile {
  field: string;
  name: string;
  type: string;
  content: Buffer;
}

/** A multipart/form-data body with text fields and one file, or several. */
export function multipartBody(
  fields: Record<string, string>,
  file?: MultipartFile | MultipartFile[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lms${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const one of file === undefined ? [] : Array.isArray(file) ? file : [file]) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${one.field}"; filename="${one.name}"\r\n` +
          `content-type: ${one.type}\r\n\r\n`,
      ),
      one.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
