import type { FastifyBaseLogger } from 'fastify';
import {
  passwordResetLinkMinutes,
  passwordResetPagePath,
  type PasswordReset,
} from '@lms/contract/password-reset.schema';
import { AppError, RetryLaterError } from '../../platform/app-error.ts';
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
  type ResetCandidate,
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
 * sent fewer than `resetLinksPerAccountPerHour` links in the last hour, a reset link (`sendResetLink`).
 */
export async function sendPasswordResetLinks(
  deps: ResetDeps,
  college: College,
  target: SmtpTarget,
  identity: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const accounts = await findResetCandidates(deps.db, college.id, identity);
  for (const account of accounts) {
    try {
      const sent = await sendResetLink(deps, college, target, account);
      if (!sent) log.info({ userId: account.id }, 'password reset: hourly link limit reached, nothing sent');
    } catch (error) {
      // Nobody waits for this answer: the operator learns of it from the log.
      log.warn({ err: error, userId: account.id }, 'password reset: the mail could not be sent');
    }
  }
}

/**
 * Stores a fresh token (32 random bytes, only its hash kept) and mails its link to
 * `$PUBLIC_URL/reset-kata-sandi`, never to a request's Host; false, sending nothing, when the account
 * was sent `resetLinksPerAccountPerHour` links in the last hour. A failed send throws.
 */
async function sendResetLink(
  deps: ResetDeps,
  college: College,
  target: SmtpTarget,
  account: ResetCandidate,
): Promise<boolean> {
  const token = createOpaqueToken();
  const stored = await insertResetTokenWithinLimit(
    deps.db,
    {
      collegeId: college.id,
      userId: account.id,
      tokenHash: hashOpaqueToken(token),
      expiresAt: new Date(Date.now() + passwordResetLinkMinutes * 60_000),
    },
    new Date(Date.now() - 3_600_000),
    resetLinksPerAccountPerHour,
  );
  if (!stored) return false;
  const link = new URL(passwordResetPagePath, deps.config.publicUrl);
  link.searchParams.set('token', token);
  const mail = composePasswordResetEmail({
    collegeName: college.nama,
    userName: account.nama,
    username: account.username,
    link: link.toString(),
  });
  await sendCollegeEmail(target, deps.config, { to: account.email, ...mail });
  return true;
}

/**
 * An operator sends one account the same link a forgotten-password request would (same token, same
 * hourly limit), answering what happened: 503 `email_belum_diatur` when the college cannot send mail,
 * 400 `akun_tanpa_email` when the account has no email, 429 `reset_akun_terlalu_sering` past the limit,
 * 502 `email_gagal_dikirim` when the mail server refuses it. The caller checks who may send it.
 */
export async function sendPasswordResetLinkTo(
  deps: ResetDeps,
  college: College,
  account: { id: string; nama: string; username: string; email: string | null },
  log: FastifyBaseLogger,
): Promise<void> {
  const target = await assertCanSendResetLinks(deps, college);
  const email = account.email?.trim();
  if (!email) throw new AppError(400, 'akun_tanpa_email');
  let sent: boolean;
  try {
    sent = await sendResetLink(deps, college, target, { ...account, email });
  } catch (error) {
    log.warn({ err: error, userId: account.id }, 'password reset: the mail could not be sent');
    throw new AppError(502, 'email_gagal_dikirim');
  }
  if (!sent) throw new RetryLaterError(429, 'reset_akun_terlalu_sering', 3600);
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
