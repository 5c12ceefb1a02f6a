import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { AccessTokenSigner } from '../apps/server/src/platform/access-token.ts';

/**
 * Access tokens signed here with the server's secret (set as TOKEN_SECRET for the servers this process
 * starts next): thousands of sign-ins would measure argon2, not the route. A token counts only while its
 * session lives, so each gets a session row, as a sign-in writes one. Answers `signAll(userIds, role)`.
 */
export function benchTokenSigner(client: pg.Client, collegeId: string) {
  const secret = randomBytes(48).toString('base64url');
  process.env.TOKEN_SECRET = secret;
  const signer = new AccessTokenSigner(secret);
  return async (userIds: string[], role: 'mahasiswa' | 'dosen' | 'operator'): Promise<string[]> => {
    const sessionIds = userIds.map(() => randomUUID());
    await client.query(
      `insert into refresh_tokens (token_hash, family_id, college_id, user_id, client_id, expires_at)
       select encode(sha256(s::text::bytea), 'hex'), s, $1, u, 'bench', now() + interval '1 day'
       from unnest($2::uuid[], $3::uuid[]) as t(s, u)`,
      [collegeId, sessionIds, userIds],
    );
    return Promise.all(
      userIds.map((userId, i) =>
        signer.sign({ userId, collegeId, role, sessionId: sessionIds[i]!, actorUserId: null }, 3600),
      ),
    );
  };
}
