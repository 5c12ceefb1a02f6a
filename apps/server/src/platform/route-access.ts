import type { OperatorArea } from '@lms/contract/permission.rules';
import { roles, type Role } from '@lms/contract/role.rules';

/** Kinds of resource a route's path can name; each kind's relation rule lives in its area's policy. */
export const resourceKinds = [
  'class',
  'meeting',
  'course',
  'student',
  'lecturer',
  'announcement',
  'news',
  'help',
  'file',
  'material',
  'vidcon',
  'forum',
  'chat',
  'program',
  'exam',
  'exam_attempt',
  'task',
  'task-group',
  'question-bank',
  'account',
] as const;
export type ResourceKind = (typeof resourceKinds)[number];

/**
 * What a route needs, checked by the access plugin before any input is read: the caller's role and, for
 * operators, their level on the route's area. A `resource` names the path parameter that identifies a
 * row; the area's policy then decides the caller's relation to it (enrolled student, teacher of the
 * class, …), and the authorization matrix test derives the callers that must be refused from it.
 */
export interface RouteAccess {
  roles: readonly Role[];
  /** Operators need `level` on this area (on one of them, for a list); other roles are not affected. */
  area?: OperatorArea | readonly OperatorArea[];
  level?: 'read' | 'write';
  resource?: { kind: ResourceKind; param: string };
  /**
   * The route changes the caller's own account (contact, password, photo): an operator acting for a
   * student reads what the student reads but changes nothing of the student's account.
   */
  ownAccount?: true;
}

/** Any signed-in user, whatever their role (their own profile, settings, the clock stream). */
export const signedIn: RouteAccess = { roles };

/** Any signed-in user changing their own account; acting sessions are refused (403 `akun_lain_hanya_membaca`). */
export const ownAccount: RouteAccess = { roles, ownAccount: true };

/** Operators in their own session with `level` on the area (never an acting session). */
export function operatorOnly(area: OperatorArea, level: 'read' | 'write'): RouteAccess {
  return { roles: ['operator'], area, level };
}

/** Students and lecturers by relation, operators by their level on the area, on the resource in `param`. */
export function onResource(
  kind: ResourceKind,
  param: string,
  area: OperatorArea,
  level: 'read' | 'write',
  allowed: readonly Role[] = roles,
): RouteAccess {
  return { roles: allowed, area, level, resource: { kind, param } };
}
