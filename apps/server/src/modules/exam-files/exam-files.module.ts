import type { AreaModule } from '../../platform/area-module.ts';
import { examFilesRoutes } from './exam-files.routes.ts';

/**
 * An exam's files, as the platform registers them: the attachments of its questions and keys, and the
 * files of essay answers (their rows are the exam's tables, see exam.module.ts).
 */
export const examFilesModule: AreaModule = {
  name: 'exam-files',
  routes: [examFilesRoutes],
  tables: [],
};
