import type { Role } from '@lms/contract/role.rules';
import { onlineWindowMinutes } from '@lms/contract/visitor.rules';
import type { VisitorStatistic } from '@lms/contract/visitor.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import type { College } from '../../platform/college.repository.ts';
import { assertCanReadVisitorStatistics } from './visitor.policy.ts';
import { countActiveByRole, touchLastActive } from './visitor.repository.ts';

/**
 * PUT /v2/lms/visitor/last_active: the web app's ping every 300000 ms. While an operator acts for a
 * student the student is the one shown active (the session is theirs).
 */
export async function recordLastActive(db: Db, actor: Actor, now = new Date()): Promise<void> {
  await touchLastActive(db, actor.collegeId, actor.userId, now);
}

/** Midnight of `now`'s day in the zone, as an instant. */
export function startOfDayInZone(now: Date, timeZone: string): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  // The zone's wall clock read as UTC, minus now: the zone's offset (Indonesian zones have no DST).
  const wallAsUtc = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  const offsetMs = wallAsUtc - Math.floor(now.getTime() / 1000) * 1000;
  return new Date(Date.UTC(parts.year!, parts.month! - 1, parts.day!) - offsetMs);
}

/** GET /v2/lms/visitor/statistic: online now (active in the last 5 minutes) and today, by role. */
export async function getVisitorStatistic(
  db: Db,
  actor: Actor,
  college: College,
  now = new Date(),
): Promise<VisitorStatistic> {
  assertCanReadVisitorStatistics(actor);
  const [online, today] = await Promise.all([
    countActiveByRole(db, actor.collegeId, new Date(now.getTime() - onlineWindowMinutes * 60_000)),
    countActiveByRole(db, actor.collegeId, startOfDayInZone(now, college.timeZone)),
  ]);
  const of = (rows: { role: Role; n: number }[], role: Role) => rows.find((r) => r.role === role)?.n ?? 0;
  const sum = (rows: { n: number }[]) => rows.reduce((total, r) => total + r.n, 0);
  const roles = ['mahasiswa', 'dosen', 'operator'] as const;
  return {
    online: sum(online),
    hari_ini: sum(today),
    per_role: Object.fromEntries(
      roles.map((role) => [role, { online: of(online, role), hari_ini: of(today, role) }]),
    ) as VisitorStatistic['per_role'],
    jendela_online_menit: onlineWindowMinutes,
    waktu: now.toISOString(),
  };
}
