import { buildPageMeta, type PageMeta } from '@lms/contract/api-envelope.schema';
import type { UserInfo } from '@lms/contract/auth.schema';
import type {
  ActingStudent,
  ActingStudentQuery,
  LecturerDirectoryItem,
  LecturerDirectoryQuery,
  StudentDirectoryItem,
  StudentDirectoryQuery,
} from '@lms/contract/user.schema';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../platform/access-token.ts';
import type { Actor } from '../../platform/actor.ts';
import { unauthorized } from '../../platform/app-error.ts';
import { assertCanActForStudent } from '../auth/auth.api.ts';
import { assertCanReadDirectory } from './user.policy.ts';
import {
  presentActingStudent,
  presentLecturerDirectoryItem,
  presentStudentDirectoryItem,
  presentUserInfo,
} from './user.presenter.ts';
import { findLecturerPage, findStudentPage, findUserProfile, searchStudents } from './user.repository.ts';

/** GET /v2/user_info: the signed-in user, and the operator acting for them when so. */
export async function getUserInfo(db: Db, auth: AuthContext): Promise<UserInfo> {
  const profile = await findUserProfile(db, auth.collegeId, auth.userId);
  // A deactivated account loses its session at the next call, not only at the next refresh.
  if (!profile?.user.isActive) throw unauthorized();
  const actor = auth.actorUserId ? await findUserProfile(db, auth.collegeId, auth.actorUserId) : undefined;
  if (auth.actorUserId && !actor) throw unauthorized();
  return presentUserInfo(profile, actor);
}

/** GET /v2/lms/akun_lain/mahasiswa: students an operator may act for. */
export async function listStudentsToActFor(
  db: Db,
  auth: AuthContext,
  query: ActingStudentQuery,
): Promise<{ data: ActingStudent[]; meta: PageMeta }> {
  const operator = auth.actorUserId ? undefined : await findUserProfile(db, auth.collegeId, auth.userId);
  assertCanActForStudent(auth, operator?.user);
  const { rows, total } = await searchStudents(db, auth.collegeId, {
    search: query.search || undefined,
    page: query.page,
    perPage: query.per_page,
  });
  return { data: rows.map(presentActingStudent), meta: buildPageMeta(query, total) };
}

/** GET /v2/lms/dosen: the college's lecturers, for operators with read on a directory area. */
export async function listLecturerDirectory(
  db: Db,
  actor: Actor,
  query: LecturerDirectoryQuery,
): Promise<{ data: LecturerDirectoryItem[]; meta: PageMeta }> {
  assertCanReadDirectory(actor);
  const { rows, total } = await findLecturerPage(db, actor.collegeId, {
    search: query.search,
    page: query.page,
    perPage: query.per_page,
  });
  return { data: rows.map(presentLecturerDirectoryItem), meta: buildPageMeta(query, total) };
}

/** GET /v2/lms/mahasiswa: the college's students, for operators with read on a directory area. */
export async function listStudentDirectory(
  db: Db,
  actor: Actor,
  query: StudentDirectoryQuery,
): Promise<{ data: StudentDirectoryItem[]; meta: PageMeta }> {
  assertCanReadDirectory(actor);
  const { rows, total } = await findStudentPage(db, actor.collegeId, {
    search: query.search,
    page: query.page,
    perPage: query.per_page,
  });
  return { data: rows.map(presentStudentDirectoryItem), meta: buildPageMeta(query, total) };
}
