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
}

/** An operator in their own session with read (or write) on the area. */
export function isOperatorReading(actor: Actor, area: OperatorArea = 'kelas_kuliah'): boolean {
  return actor.role === 'operator' && !actor.actorUserId && canReadArea(actor.permissions, area);
}

/** An operator in their own session with write on the area. */
export function isOperatorWriting(actor: Actor, area: OperatorArea = 'kelas_kuliah'): boolean {
  return actor.role === 'operator' && !actor.actorUserId && canWriteArea(actor.permissions, area);
}
