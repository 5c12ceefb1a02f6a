import { inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { classStudents, classTeachers } from './schema/class.schema.ts';

/** Which classes a caller's lists may show: a student's, a lecturer's, or every class of the college. */
export type ClassScope =
  { kind: 'student'; userId: string } | { kind: 'teacher'; userId: string } | { kind: 'all' };

/**
 * The ids of the college's classes a student is enrolled in or a lecturer teaches, as a subquery. Class
 * ids are unique per college only, so the caller also keeps its rows to the same college.
 */
export function classIdsOf(collegeId: string, scope: { kind: 'student' | 'teacher'; userId: string }): SQL {
  return scope.kind === 'student'
    ? sql`(select ${classStudents.kelasId} from ${classStudents} where ${classStudents.collegeId} = ${collegeId} and ${classStudents.mahasiswaId} = ${scope.userId})`
    : sql`(select ${classTeachers.kelasId} from ${classTeachers} where ${classTeachers.collegeId} = ${collegeId} and ${classTeachers.dosenId} = ${scope.userId})`;
}

/** The condition that keeps rows whose class column is in the scope; none for the whole college. */
export function inClassScope(classColumn: AnyColumn, collegeId: string, scope: ClassScope): SQL | undefined {
  return scope.kind === 'all' ? undefined : inArray(classColumn, classIdsOf(collegeId, scope));
}
