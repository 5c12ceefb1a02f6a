import type { AreaModule } from '../../platform/area-module.ts';
import { questionImportRoutes } from './question-import.routes.ts';

/** The question-import area, as the platform registers, guards and seeds it. */
export const questionImportModule: AreaModule = {
  name: 'question-import',
  routes: [questionImportRoutes],
  tables: [],
};
