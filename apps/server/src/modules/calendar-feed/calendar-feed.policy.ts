import type { Role } from '@lms/contract/role.rules';
import type { ClassScope } from '../../db/class-scope.ts';
import type { RouteAccess } from '../../platform/route-access.ts';
import { calendarFeedRoles } from '@lms/contract/calendar-feed.rules';

/**
 * Who may make and reset a feed: students and lecturers, in their own session (an operator acting for a
 * student only reads; a feed URL is a key to the student's calendar).
 */
export const ownFeedAccess: RouteAccess = { roles: calendarFeedRoles, ownAccount: true };

/** Who may see whether they have a feed: the same roles, acting sessions included (nothing is shown). */
export const ownFeedReadAccess: RouteAccess = { roles: calendarFeedRoles };

/**
 * Whose classes a feed lists, as the dashboard's calendar does: a student's enrolled classes, a lecturer's
 * taught ones; other roles have no feed (an operator's rights change and are not a calendar).
 */
export function feedScope(role: Role, userId: string): ClassScope | undefined {
  if (role === 'mahasiswa') return { kind: 'student', userId };
  if (role === 'dosen') return { kind: 'teacher', userId };
  return undefined;
}
