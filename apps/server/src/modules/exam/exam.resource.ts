import { AppError } from '../../platform/app-error.ts';
import { defineResource } from '../../platform/resource-access.ts';
import { loadExamResource, type VisibleExam } from './exam.service.ts';

/**
 * An exam named by a route's path (its forms, content, run, grading and files): read by whoever reads
 * its class unless hidden from the student (404); changed by its class's lecturers and operators with
 * write. Services of the other exam areas still ask loadVisibleExam/loadEditableExam by id, which hand
 * over this row once per request.
 */
export const examResource = defineResource<VisibleExam>(
  'exam',
  loadExamResource,
  () => new AppError(404, 'ujian_not_found'),
);
