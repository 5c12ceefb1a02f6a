import { newPasswordSchema } from '@lms/contract/account.schema';
import { levelsOfArea } from '@lms/contract/operator-rights.rules';
import { operatorAreas, type OperatorPermissions } from '@lms/contract/permission.rules';
import { inTransaction, type Db } from '../../db/database.ts';
import { hashPassword } from '../../platform/password-hash.ts';
import {
  collegeExists,
  insertCollege,
  insertOperator,
  noCollegeYet,
  usernameTaken,
} from './first-operator.repository.ts';

export interface FirstOperatorInput {
  /** The college's id (what the `college-id` header names): lower-case letters, digits and dashes. */
  collegeId: string;
  /** The college's name; required when the college does not exist yet. */
  collegeName?: string;
  username: string;
  password: string;
  /** The operator's display name. */
  nama?: string;
}

/** A reason the command refuses, said to whoever runs it (English, like the other commands). */
export class FirstOperatorError extends Error {}

/** The highest level of every area: write, read on bantuan (which has no write). */
export const fullRights: OperatorPermissions = Object.fromEntries(
  operatorAreas.map((area) => [area, levelsOfArea(area).at(-1)]),
);

/** The first operator's scope: privileged (spec 1 §6), so they may set every other operator's rights. */
export const firstOperatorScope = 'A:T';

const collegeIdPattern = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
const usernamePattern = /^[A-Za-z0-9._-]{3,50}$/;

/**
 * Creates the college when it does not exist and an operator in it with the highest level on every
 * area and a privileged scope, in one transaction: the way into an empty database (SEED=none),
 * docs/operations.md › First account. Refuses a username the college already has, so running it twice
 * changes nothing.
 */
export async function createFirstOperator(
  db: Db,
  input: FirstOperatorInput,
): Promise<{ userId: string; collegeCreated: boolean }> {
  if (!collegeIdPattern.test(input.collegeId))
    throw new FirstOperatorError(
      '--college must be 1–40 lower-case letters, digits or dashes, starting and ending with a letter or digit',
    );
  if (!usernamePattern.test(input.username))
    throw new FirstOperatorError('--username must be 3–50 letters, digits, dots, dashes or underscores');
  const password = newPasswordSchema.safeParse(input.password);
  if (!password.success)
    throw new FirstOperatorError(`the password is not valid: ${password.error.issues[0]!.message}`);
  const passwordHash = await hashPassword(input.password);
  return inTransaction(db, async (tx) => {
    const exists = await collegeExists(tx, input.collegeId);
    if (!exists) {
      const nama = input.collegeName?.trim();
      if (!nama)
        throw new FirstOperatorError(`college ${input.collegeId} does not exist: give its name with --nama`);
      // The first college is the default: API calls without a college-id header (the web app's first) land on it.
      await insertCollege(tx, { id: input.collegeId, nama, isDefault: await noCollegeYet(tx) });
    }
    if (await usernameTaken(tx, input.collegeId, input.username))
      throw new FirstOperatorError(`college ${input.collegeId} already has a user ${input.username}`);
    const userId = await insertOperator(tx, {
      collegeId: input.collegeId,
      username: input.username,
      nama: input.nama?.trim() || 'Administrator',
      passwordHash,
      permissions: fullRights,
      scope: firstOperatorScope,
    });
    return { userId, collegeCreated: !exists };
  });
}
