import type { FastifyBaseLogger } from 'fastify';
import {
  passwordResetLinkMinutes,
  passwordResetPagePath,
  type PasswordReset,
} from '@lms/contract/password-reset.schema';
import { AppError } from '../../platform/app-error.ts';
import { hashPassword } from '../../platform/password-hash.ts';
import type { College } from '../../platform/college.repository.ts';
import { recordActivity } from '../activity-log/activity-log.api.ts';
import {
  emailNotConfigured,
  findSmtpTarget,
  sendCollegeEmail,
  type EmailPlatform,
  type SmtpTarget,
} from '../email/email.api.ts';
import type { AuthDeps } from './auth.service.ts';
import { createOpaqueToken, hashOpaqueToken } from './auth.pkce.ts';
import { composePasswordResetEmail } from './password-reset.email.ts';
import { findUserWithNimById } from './auth.repository.ts';
import { accountName, signInSucceeded } from './sign-in-backoff.service.ts';
import {
  findResetCandidates,
  insertResetTokenWithinLimit,
  resetPasswordEndingSignIns,
  spendResetToken,
} from './password-reset.repository.ts';

/** Links one account is sent per hour at most; beyond it a request sends nothing (and says the same). */
export const resetLinksPerAccountPerHour = 3;

type ResetDeps = AuthDeps & { config: AuthDeps['config'] & EmailPlatform };

/**
 * POST /v2/lupa_kata_sandi, the part answered at once: refuses (503) only when the college has no way
 * to send mail, which says nothing about any account. The rest (`sendPasswordResetLinks`) runs after
 * the answer, so neither its answer nor its time tells whether the account exists.
 */
export async function assertCanSendResetLinks(deps: ResetDeps, college: College): Promise<SmtpTarget> {
  const target = await findSmtpTarget(deps.db, college.id, deps.config);
  if (!target) throw emailNotConfigured();
  return target;
}

/**
 * Sends each active account the identity names (username, NIM or email), if it has an email and was
 * sent fewer than `resetLinksPerAccountPerHour` links in the last hour, a link with a fresh token (32
 * random bytes, only its hash stored) to `$PUBLIC_URL/reset-kata-sandi`, never to the request's Host.
 */
export async function sendPasswordResetLinks(
  deps: ResetDeps,
  college: College,
  target: SmtpTarget,
  identity: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const accounts = await findResetCandidates(deps.db, college.id, identity);
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const account of accounts) {
    const token = createOpaqueToken();
    const stored = await insertResetTokenWithinLimit(
      deps.db,
      {
        collegeId: college.id,
        userId: account.id,
        tokenHash: hashOpaqueToken(token),
        expiresAt: new Date(Date.now() + passwordResetLinkMinutes * 60_000),
      },
      hourAgo,
      resetLinksPerAccountPerHour,
    );
    if (!stored) {
      log.info({ userId: account.id }, 'password reset: hourly link limit reached, nothing sent');
      continue;
    }
    const link = new URL(passwordResetPagePath, deps.config.publicUrl);
    link.searchParams.set('token', token);
    const mail = composePasswordResetEmail({
      collegeName: college.nama,
      userName: account.nama,
      username: account.username,
      link: link.toString(),
    });
    try {
      await sendCollegeEmail(target, deps.config, { to: account.email, ...mail });
    } catch (error) {
      // Nobody waits for this answer: the operator learns of it from the log.
      log.warn({ err: error, userId: account.id }, 'password reset: the mail could not be sent');
    }
  }
}

const invalidLink = () => new AppError(400, 'tautan_reset_tidak_valid');

/**
 * POST /v2/lupa_kata_sandi/reset: spends the link (once, before it expires), sets the new password,
 * spends the account's other links and ends every sign-in of the account, on every instance.
 */
export async function resetPasswordWithLink(
  deps: ResetDeps,
  college: College,
  input: PasswordReset,
  ipAddress: string,
): Promise<void> {
  const now = new Date();
  const spent = await spendResetToken(deps.db, college.id, hashOpaqueToken(input.token), now);
  if (!spent) throw invalidLink();
  const user = await findUserWithNimById(deps.db, college.id, spent.userId);
  if (!user?.isActive) throw invalidLink();
  const passwordHash = await deps.passwordHashing.run(() => hashPassword(input.password_baru));
  const account = { collegeId: college.id, userId: user.id };
  await resetPasswordEndingSignIns(deps.db, account, passwordHash, now);
  await deps.events.endSessions(account);
  // Locked out by wrong guesses, the owner may sign in with the new password at once.
  await signInSucceeded(deps.db, accountName(college.id, user.username));
  await recordActivity(deps.db, {
    ...account,
    role: user.role,
    jenis: 'reset_password',
    detail: 'Mengatur ulang kata sandi lewat tautan email',
    ipAddress,
  });
}
