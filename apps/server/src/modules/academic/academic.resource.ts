import { defineResource } from '../../platform/resource-access.ts';
import { courseNotFound, loadCourseResource, type CourseRow } from './academic.service.ts';

/** A course named by a route's path: read by every signed-in user; changed by the plans' operators or the syllabus's editors. */
export const courseResource = defineResource<CourseRow>('course', loadCourseResource, courseNotFound);
