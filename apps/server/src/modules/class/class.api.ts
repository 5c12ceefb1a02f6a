// What other areas may use of the class area: reading a class with the caller's access to it (the
// class a route's path names through `classResource.of(request)`).
export { classListScope, type ClassRelation } from './class.policy.ts';
export {
  countStudentsOfClasses,
  findClassIdsOfFilter,
  findTeachersOfClasses,
  type ClassFilters,
  type ClassScope,
  type ClassTeacherRow,
} from './class.repository.ts';
export { classResource } from './class.resource.ts';
export { loadReadableClass, loadReadableClasses, type ReadableClass } from './class.service.ts';
