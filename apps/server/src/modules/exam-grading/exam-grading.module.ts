import type { AreaModule } from '../../platform/area-module.ts';
import { examGradingRoutes } from './exam-grading.routes.ts';

/**
 * An exam's results, as the platform registers them: attempts, marks, deductions, publishing, extensions,
 * rescoring and the export (their rows are the exam's tables, see exam.module.ts).
 */
export const examGradingModule: AreaModule = {
  name: 'exam-grading',
  routes: [examGradingRoutes],
  tables: [],
};
