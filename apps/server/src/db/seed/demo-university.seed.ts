import { hash } from '@node-rs/argon2';
import type { Db } from '../database.ts';
import { addDemoAcademic } from './academic.seed.ts';
import { seedAccessRestrictionDemo } from './access-restriction.seed.ts';
import { addDemoAnnouncements } from './announcement.seed.ts';
import { addDemoClasses } from './class.seed.ts';
import { addDemoCollege } from './college.seed.ts';
import { createDemoContext, insertDemoRows, type DemoUniversityRows } from './demo-seed.context.ts';
import { addDemoAttendance } from './attendance.seed.ts';
import { addDemoSignatories } from './bap.seed.ts';
import { addDemoHelp } from './help.seed.ts';
import { addDemoPeople } from './identity.seed.ts';
import { addDemoMaterials } from './material.seed.ts';
import { addDemoVidcons } from './vidcon.seed.ts';
import { addDemoExams } from './exam.seed.ts';
import { addDemoForums } from './forum.seed.ts';
import { addDemoGrades } from './grade.seed.ts';
import { addDemoTasks } from './task.seed.ts';
import { addDemoQuestionBanks } from './question-bank.seed.ts';

export const demoCollegeId = 'demo';
export const demoPassword = 'demo12345';
export const currentPeriod = 20261;
export const previousPeriod = 20252;

/**
 * The demo password hashed once with a fixed salt: argon2 is slow on purpose, and a fixed salt keeps
 * the seed byte-for-byte repeatable. Only for the public demo password.
 */
export async function hashDemoPassword(): Promise<string> {
  return hash(demoPassword, { salt: new TextEncoder().encode('lms-demo-salt-01') });
}

/** Loads the deterministic demo university: the same rows for the same `now` (default: the current time). */
export async function seedDemoUniversity(db: Db, options: { now?: Date } = {}): Promise<void> {
  const rows = buildDemoUniversity(options.now ?? new Date(), await hashDemoPassword());
  await db.transaction(async (tx) => {
    await insertDemoRows(tx as unknown as Db, rows);
    await seedAccessRestrictionDemo(tx as unknown as Db, {
      collegeId: demoCollegeId,
      passwordHash: rows.users[0]!.passwordHash,
    });
  });
}

/**
 * Builds every row of the demo university in memory, area by area; pure apart from the inputs. The
 * areas share one random stream, so their order is part of the data.
 */
export function buildDemoUniversity(now: Date, passwordHash: string): DemoUniversityRows {
  const ctx = createDemoContext({
    collegeId: demoCollegeId,
    seed: 20261,
    now,
    passwordHash,
    currentPeriod,
    previousPeriod,
  });
  addDemoCollege(ctx);
  const people = addDemoPeople(ctx);
  const academic = addDemoAcademic(ctx, people);
  addDemoClasses(ctx, people, academic);
  addDemoMaterials(ctx);
  addDemoVidcons(ctx);
  addDemoForums(ctx);
  addDemoGrades(ctx);
  addDemoTasks(ctx);
  addDemoAnnouncements(ctx, people.operatorId);
  addDemoHelp(ctx, people.operatorId);
  addDemoAttendance(ctx);
  addDemoSignatories(ctx, people.operatorId);
  // After attendance: the demo's exams do not count for attendance, so its progress stays as computed.
  addDemoExams(ctx);
  addDemoQuestionBanks(ctx);
  return ctx.rows;
}
