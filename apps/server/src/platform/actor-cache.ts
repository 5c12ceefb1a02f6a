import type { AuthContext } from './access-token.ts';

/** What the auth check needs of the caller's row (see actor.repository.ts). */
export interface ActorRow {
  id: string;
  role: string;
  isActive: boolean;
  operatorPermissions: unknown;
  /** The token's session (refresh-token family) is neither revoked nor ended. */
  sessionLive: boolean;
  /** The user is flagged with unpaid fees (the college's rule decides whether that restricts). */
  feeHold: boolean;
}

/** Most entries kept; a storm of 2,000 students fits many times over, a flood of garbage cannot grow it. */
const maxEntries = 20_000;

/**
 * Short-lived memory of the platform's per-request work, so a signed-in request costs no statement and no
 * signature check when the same caller asked a moment ago (an exam start storm, a page's parallel calls).
 *
 * - Verified tokens: a token is immutable, so its verified claims are remembered until the token ends
 *   (never past `expiresAt`); a token that fails verification is never remembered.
 * - The caller's row (active flag, role, operator rights, fee flag) with whether the token's session is
 *   still live, per session: remembered for `ttlMs` at most, so a deactivated user, a changed role or
 *   changed operator rights, a sign-out or a revoked session take effect within `ttlMs` on every
 *   instance (at once on the instance that forgets the entry). `ttlMs` 0 reads the row on every request.
 *   Concurrent requests of one session share one read.
 */
export class ActorCache {
  private readonly tokens = new Map<string, AuthContext>();
  private readonly rows = new Map<string, { at: number; row: Promise<ActorRow | undefined> }>();

  constructor(private readonly ttlMs: number) {}

  /** The verified claims of a token, verifying it only when it is not remembered. */
  async verifiedToken(
    token: string,
    verify: (token: string) => Promise<AuthContext | null>,
    now = Date.now(),
  ): Promise<AuthContext | null> {
    if (this.ttlMs > 0) {
      const known = this.tokens.get(token);
      if (known && known.expiresAt !== undefined && known.expiresAt > now) return known;
      if (known) this.tokens.delete(token);
    }
    const auth = await verify(token);
    if (auth && this.ttlMs > 0 && auth.expiresAt !== undefined) {
      bounded(this.tokens);
      this.tokens.set(token, auth);
    }
    return auth;
  }

  /** The caller's row for one session if a read within the bound is remembered (or under way). */
  remembered(
    collegeId: string,
    userId: string,
    sessionId: string,
    now = Date.now(),
  ): Promise<ActorRow | undefined> | undefined {
    if (this.ttlMs <= 0) return undefined;
    const known = this.rows.get(`${userKey(collegeId, userId)}${sessionId}`);
    return known && now - known.at < this.ttlMs ? known.row : undefined;
  }

  /** The caller's row for one session, read with `load` when not remembered or older than the bound. */
  actorRow(
    collegeId: string,
    userId: string,
    sessionId: string,
    load: () => Promise<ActorRow | undefined>,
    now = Date.now(),
  ): Promise<ActorRow | undefined> {
    if (this.ttlMs <= 0) return load();
    const known = this.remembered(collegeId, userId, sessionId, now);
    if (known) return known;
    const key = `${userKey(collegeId, userId)}${sessionId}`;
    const row = load();
    bounded(this.rows);
    this.rows.set(key, { at: now, row });
    // A failed read is not remembered: the next request tries again.
    row.catch(() => {
      if (this.rows.get(key)?.row === row) this.rows.delete(key);
    });
    return row;
  }

  /**
   * Forgets one caller's rows of every session (after this server changed the user or ended a session),
   * or every row when no user is given.
   */
  forget(collegeId?: string, userId?: string): void {
    if (collegeId === undefined || userId === undefined) {
      this.rows.clear();
      return;
    }
    const prefix = userKey(collegeId, userId);
    for (const key of this.rows.keys()) if (key.startsWith(prefix)) this.rows.delete(key);
  }
}

function userKey(collegeId: string, userId: string): string {
  return `${collegeId}\u0000${userId}\u0000`;
}

/** Drops the oldest entries once the map is full (Maps iterate in insertion order). */
function bounded(map: Map<string, unknown>): void {
  if (map.size < maxEntries) return;
  const drop = Math.ceil(maxEntries / 10);
  let dropped = 0;
  for (const key of map.keys()) {
    if (dropped++ >= drop) break;
    map.delete(key);
  }
}
