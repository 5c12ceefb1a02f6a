import type { AreaModule } from '../../platform/area-module.ts';
import { examAnalysisRoutes } from './exam-analysis.routes.ts';

/**
 * Item analysis of exams, as the platform registers it: figures per question over the exam's tables
 * and a bank question's history (it owns no table; see exam.module.ts and question-bank.module.ts).
 */
export const examAnalysisModule: AreaModule = {
  name: 'exam-analysis',
  routes: [examAnalysisRoutes],
  tables: [],
};
