import type { AreaModule } from '../../platform/area-module.ts';
import { examRoutes } from './exam.routes.ts';
import { examContentRoutes } from './exam-content.routes.ts';
import { tablesOf } from '../../db/schema-table.ts';
import * as examSchema from '../../db/schema/exam.schema.ts';
import { examResource } from './exam.resource.ts';
import { addDemoExams } from '../../db/seed/exam.seed.ts';

/**
 * The exam area, as the platform registers, guards and seeds it: the exam, its content and the rows of its
 * attempts. Running it (exam-run), its results (exam-grading) and its files (exam-files) are areas of
 * their own on exam.api.ts.
 */
export const examModule: AreaModule = {
  name: 'exam',
  routes: [examRoutes, examContentRoutes],
  tables: tablesOf(examSchema),
  resources: [examResource],
  demoSeed: {
    addRows: (ctx) => addDemoExams(ctx),
  },
};
