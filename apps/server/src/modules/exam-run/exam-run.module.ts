import type { AreaModule } from '../../platform/area-module.ts';
import { tablesOf } from '../../db/schema-table.ts';
import * as examRunSchema from '../../db/schema/exam-run.schema.ts';
import { examRunRoutes } from './exam-run.routes.ts';
import { attemptResource } from './exam-attempt.resource.ts';

/**
 * Running an exam, as the platform registers and guards it: taking (start, answers, submit, the
 * auto-submit), pauses and question sets prepared ahead (the attempts' rows are the exam's tables, see
 * exam.module.ts).
 */
export const examRunModule: AreaModule = {
  name: 'exam-run',
  routes: [examRunRoutes],
  tables: tablesOf(examRunSchema),
  resources: [attemptResource],
};
