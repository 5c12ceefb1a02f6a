import { defineResource } from '../../platform/resource-access.ts';
import type { StudentRow } from './student.repository.ts';
import { loadStudentResource, studentNotFound } from './student.service.ts';

/** A student named by a route's path (nim): seen by themself, their lecturers and operators with read; 404 to the rest. */
export const studentResource = defineResource<StudentRow>(
  'student',
  loadStudentResource,
  studentNotFound,
  studentNotFound,
);
