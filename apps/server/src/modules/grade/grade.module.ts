import type { AreaModule } from '../../platform/area-module.ts';
import { gradeRoutes } from './grade.routes.ts';
import { tablesOf } from '../../db/schema-table.ts';
import * as gradeSchema from '../../db/schema/grade.schema.ts';
import { addDemoGrades } from '../../db/seed/grade.seed.ts';

/** The grade area, as the platform registers, guards and seeds it. */
export const gradeModule: AreaModule = {
  name: 'grade',
  routes: [gradeRoutes],
  tables: [...tablesOf(gradeSchema)],
  demoSeed: {
    addRows: (ctx) => addDemoGrades(ctx),
  },
};
