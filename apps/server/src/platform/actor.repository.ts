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

/** Whether the session (refresh-token family) is live for the `users` row in scope; see findActorUser. */
const sessionLiveSql = (db: Db, sessionId: SQL, sameActor: SQL) =>
  sql<boolean>`exists (${db
    .select({ one: sql`1` })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, sql`${sessionId}::uuid`),
        eq(refreshTokens.collegeId, users.collegeId),
        eq(refreshTokens.userId, users.id),
        sameActor,
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )})`;

/** Whether the `users` row in scope is flagged with unpaid fees. */
const feeHoldSql = (db: Db) =>
  sql<boolean>`exists (${db
    .select({ one: sql`1` })
    .from(studentFeeHolds)
    .where(and(eq(studentFeeHolds.userId, users.id), eq(studentFeeHolds.collegeId, users.collegeId)))})`;

function prepareActorReads(db: Db) {
  const sessionId = sql`${sql.placeholder('sessionId')}`;
  const read = (sameActor: SQL, name: string) =>
    db
      .select({
        id: users.id,
        role: users.role,
        isActive: users.isActive,
        operatorPermissions: users.operatorPermissions,
        sessionLive: sessionLiveSql(db, sessionId, sameActor),
        feeHold: feeHoldSql(db),
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

/**
 * findActorUser's checks as a condition of another statement, for a route that leaves the caller's row
 * to its own statement (auth.plugin callerRowInStatement): the student's account is active and still a
 * student's, the token's session is live (the student's own: acting sessions read the row first), and,
 * while the college's unpaid-fee restriction is on, the student is not flagged. The values are SQL
 * (placeholders of a prepared statement).
 */
export function callerLiveSql(
  db: Db,
  caller: { collegeId: SQL; userId: SQL; sessionId: SQL; feeRuleActive: SQL },
): SQL {
  return sql`exists (${db
    .select({ one: sql`1` })
    .from(users)
    .where(
      and(
        eq(users.collegeId, caller.collegeId),
        eq(users.id, sql`${caller.userId}::uuid`),
        eq(users.isActive, true),
        eq(users.role, 'mahasiswa'),
        sessionLiveSql(db, caller.sessionId, isNull(refreshTokens.actorUserId)),
        sql`(not ${caller.feeRuleActive}::boolean or not ${feeHoldSql(db)})`,
      ),
    )})`;
}

/**
 * A statement prepared once per database handle (named: planned once per connection) in the two forms a
 * route with callerRowInStatement needs: the caller's row checked by the auth plugin before, or by the
 * statement itself (callerLiveSql).
 */
export function preparedWithCallerCheck<P>(prepare: (db: Db, checksCaller: boolean) => P) {
  const forms = new WeakMap<Db, { checked: P; callerChecked: P }>();
  return (db: Db, checksCaller: boolean): P => {
    let prepared = forms.get(db);
    if (!prepared) {
      prepared = { checked: prepare(db, false), callerChecked: prepare(db, true) };
      forms.set(db, prepared);
    }
    return checksCaller ? prepared.callerChecked : prepared.checked;
  };
}
