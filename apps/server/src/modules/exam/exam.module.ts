import type { AreaModule } from '../../platform/area-module.ts';
import { examRoutes } from './exam.routes.ts';
import { examRunRoutes } from './exam-run.routes.ts';
import { tablesOf } from '../../db/schema-table.ts';
import * as examSchema from '../../db/schema/exam.schema.ts';
import * as examRunSchema from '../../db/schema/exam-run.schema.ts';
import { loadEditableExam, loadVisibleExam } from './exam.service.ts';
import { loadOwnAttempt } from './exam-attempt.service.ts';
import { addDemoExams } from '../../db/seed/exam.seed.ts';

/** The exam area, as the platform registers, guards and seeds it. */
export const examModule: AreaModule = {
  name: 'exam',
  routes: [examRoutes, examRunRoutes],
  tables: [...tablesOf(examSchema), ...tablesOf(examRunSchema)],
  resources: [
    { kind: 'exam', loaders: { read: loadVisibleExam, write: loadEditableExam } },
    { kind: 'exam_attempt', loaders: { own: loadOwnAttempt } },
  ],
  demoSeed: {
    addRows: (ctx) => addDemoExams(ctx),
  },
};
