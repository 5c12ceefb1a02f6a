import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Role } from '@lms/contract/role.rules';
import { importHmacKey } from './hmac-key.ts';

/** Lifetime of an access token; the web client refreshes 300 s before it ends. */
export const accessTokenTtlSeconds = 900;

/** Who a request acts as. `actorUserId` is set when an operator acts for a student. */
export interface AuthContext {
  userId: string;
  collegeId: string;
  role: Role;
  /** Refresh-token family of this sign-in; logout revokes it. */
  sessionId: string;
  actorUserId: string | null;
  /** When the token ends (epoch ms); set on verified tokens. Event streams close then. */
  expiresAt?: number;
  /**
   * `siakad` for the token SIAKAD gets at single sign-on (JWT `aud`): it opens only the routes that
   * accept it (`config.siakadToken`), not the LMS API. Absent on the LMS's own tokens.
   */
  audience?: 'siakad';
}

/** Signs and verifies the JWT access tokens (HS256 with the server's secret). */
export class AccessTokenSigner {
  private readonly key: ReturnType<typeof importHmacKey>;

  constructor(secret: string) {
    this.key = importHmacKey(new TextEncoder().encode(secret));
  }

  /** Issues an access token for the given context (a shorter life only in tests). */
  async sign(ctx: AuthContext, ttlSeconds = accessTokenTtlSeconds): Promise<string> {
    const jwt = new SignJWT({
      cid: ctx.collegeId,
      role: ctx.role,
      sid: ctx.sessionId,
      ...(ctx.actorUserId ? { act: { sub: ctx.actorUserId } } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(ctx.userId)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`);
    if (ctx.audience) jwt.setAudience(ctx.audience);
    return jwt.sign(await this.key);
  }

  /** Verifies a token; returns null when it is invalid or expired. */
  async verify(token: string): Promise<AuthContext | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      const act = payload.act as { sub?: string } | undefined;
      if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string') return null;
      if (payload.aud !== undefined && payload.aud !== 'siakad') return null;
      return {
        userId: payload.sub,
        collegeId: payload.cid,
        role: payload.role as Role,
        sessionId: String(payload.sid ?? ''),
        actorUserId: act?.sub ?? null,
        ...(typeof payload.exp === 'number' ? { expiresAt: payload.exp * 1000 } : {}),
        ...(payload.aud === 'siakad' ? { audience: 'siakad' as const } : {}),
      };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
