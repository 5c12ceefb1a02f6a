import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { studentFeeHolds } from '../db/schema/access-restriction.schema.ts';
import { refreshTokens, users } from '../db/schema/identity.schema.ts';

/** The session a token belongs to: its refresh-token family and, when acting, the operator. */
export interface ActorSession {
  sessionId: string;
  actorUserId: string | null;
}

/**
 * The signed-in user's role and operator rights, whether the token's session is still live and whether
 * the user is flagged with unpaid fees, in one statement (rights, sign-outs and flags change during a
 * session). A session is live while its refresh-token family has a token that is neither revoked nor
 * past the family's end, for this user and, when acting, this operator: sign-out, reuse detection and
 * going back to the operator's account revoke the whole family.
 */
export async function findActorUser(db: Db, collegeId: string, userId: string, session: ActorSession) {
  let prepared = preparedActorReads.get(db);
  if (!prepared) preparedActorReads.set(db, (prepared = prepareActorReads(db)));
  const [row] =
    session.actorUserId === null
      ? await prepared.own.execute({ collegeId, userId, sessionId: session.sessionId })
      : await prepared.acting.execute({
          collegeId,
          userId,
          sessionId: session.sessionId,
          actorUserId: session.actorUserId,
        });
  return row;
}

/**
 * The read above, prepared once per database handle (named: planned once per connection), for the
 * user's own sessions and for acting ones: it runs on nearly every request of a storm (a student saving
 * every 15 s outlives the actor cache's seconds).
 */
const preparedActorReads = new WeakMap<Db, ReturnType<typeof prepareActorReads>>();

function prepareActorReads(db: Db) {
  const read = (sameActor: SQL, name: string) =>
    db
      .select({
        id: users.id,
        role: users.role,
        isActive: users.isActive,
        operatorPermissions: users.operatorPermissions,
        sessionLive: sql<boolean>`exists (${db
          .select({ one: sql`1` })
          .from(refreshTokens)
          .where(
            and(
              eq(refreshTokens.familyId, sql`${sql.placeholder('sessionId')}::uuid`),
              eq(refreshTokens.collegeId, users.collegeId),
              eq(refreshTokens.userId, users.id),
              sameActor,
              isNull(refreshTokens.revokedAt),
              gt(refreshTokens.expiresAt, sql`now()`),
            ),
          )})`,
        feeHold: sql<boolean>`exists (${db
          .select({ one: sql`1` })
          .from(studentFeeHolds)
          .where(
            and(eq(studentFeeHolds.userId, users.id), eq(studentFeeHolds.collegeId, users.collegeId)),
          )})`,
      })
      .from(users)
      .where(
        and(
          eq(users.collegeId, sql`${sql.placeholder('collegeId')}`),
          eq(users.id, sql`${sql.placeholder('userId')}::uuid`),
        ),
      )
      .prepare(name);
  return {
    own: read(isNull(refreshTokens.actorUserId), 'actor_user'),
    acting: read(
      eq(refreshTokens.actorUserId, sql`${sql.placeholder('actorUserId')}::uuid`),
      'actor_user_acting',
    ),
  };
}
