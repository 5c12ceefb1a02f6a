import {
  canReadArea,
  canWriteArea,
  type OperatorArea,
  type OperatorPermissions,
} from '@lms/contract/permission.rules';
import type { Role } from '@lms/contract/role.rules';

/** Who is asking: the session's user with their current operator rights (filled by the access plugin). */
export interface Actor {
  userId: string;
  collegeId: string;
  role: Role;
  /** Operator rights read fresh on every request; null for students, lecturers and acting sessions. */
  permissions: OperatorPermissions | null;
  /** The operator acting for a student ("Login Akun Lain"); the session then has the student's role. */
  actorUserId: string | null;
  /**
   * Set while the caller's row is not read yet: a student's request on a route whose own statement
   * checks the row (`callerRowInStatement`), when no recent read is remembered. The role and the ids
   * above come from the verified token.
   */
  unconfirmed?: PendingCallerCheck;
}

/**
 * What the route's statement needs to check the caller's row itself (actor.repository callerLiveSql),
 * and the way to check it otherwise: every answer that does not come from that statement awaits
 * `confirm()` first (the error handler does so before any refusal), which applies the access plugin's
 * checks of the row (401 for an ended session or a deactivated account, 403 for unpaid fees).
 */
export interface PendingCallerCheck {
  sessionId: string;
  /** The college's unpaid-fee restriction is on: a flagged student is refused. */
  feeRuleActive: boolean;
  confirm(): Promise<void>;
}

/** An operator in their own session with read (or write) on the area. */
export function isOperatorReading(actor: Actor, area: OperatorArea = 'kelas_kuliah'): boolean {
  return actor.role === 'operator' && !actor.actorUserId && canReadArea(actor.permissions, area);
}

/** An operator in their own session with write on the area. */
export function isOperatorWriting(actor: Actor, area: OperatorArea = 'kelas_kuliah'): boolean {
  return actor.role === 'operator' && !actor.actorUserId && canWriteArea(actor.permissions, area);
}
