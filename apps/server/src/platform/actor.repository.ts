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

/** One caller of a batch: the user and the session of their token. */
export interface ActorKey extends ActorSession {
  userId: string;
}

/**
 * The read of `findActorUser` for several callers of one college in one statement, answered in the
 * order asked (undefined for a user who is not there). The same rules: a session is live while its
 * family has a token neither revoked nor past its end, for this user and this operator (or none).
 */
export async function findActorUsers(
  db: Db,
  collegeId: string,
  keys: readonly ActorKey[],
): Promise<(ActorUserRow | undefined)[]> {
  const asked = JSON.stringify(
    keys.map((key, i) => ({
      i,
      user_id: key.userId,
      session_id: key.sessionId,
      actor_user_id: key.actorUserId,
    })),
  );
  const result = await db.execute(sql`
    select k.i, u.id, u.role, u.is_active as "isActive", u.operator_permissions as "operatorPermissions",
      exists (select 1 from refresh_tokens r
              where r.family_id = k.session_id and r.college_id = ${collegeId} and r.user_id = u.id
                and r.actor_user_id is not distinct from k.actor_user_id
                and r.revoked_at is null and r.expires_at > now()) as "sessionLive",
      exists (select 1 from student_fee_holds h
              where h.user_id = u.id and h.college_id = ${collegeId}) as "feeHold"
    from json_to_recordset(${asked}::json) as k(i int, user_id uuid, session_id uuid, actor_user_id uuid)
    -- One index probe per caller: joined plainly, the planner guesses 100 callers and hashes the
    -- college's users (~4 ms a batch on 10,000 students). The limit keeps the subquery a probe.
    cross join lateral (select * from users where users.college_id = ${collegeId} and users.id = k.user_id limit 1) u`);
  const found: (ActorUserRow | undefined)[] = keys.map(() => undefined);
  for (const row of (result as unknown as { rows: (ActorUserRow & { i: number })[] }).rows) {
    const { i, ...actor } = row;
    found[i] = actor;
  }
  return found;
}

export type ActorUserRow = NonNullable<Awaited<ReturnType<typeof findActorUser>>>;
