import type { AreaModule } from '../../platform/area-module.ts';
import { collegeRoutes } from './college.routes.ts';
import { tablesOf } from '../../db/schema-table.ts';
import * as collegeSchema from '../../db/schema/college.schema.ts';
import { addDemoCollege } from '../../db/seed/college.seed.ts';

/** The college area, as the platform registers, guards and seeds it. */
export const collegeModule: AreaModule = {
  name: 'college',
  routes: [collegeRoutes],
  tables: [...tablesOf(collegeSchema)],
  demoSeed: {
    addRows: (ctx) => addDemoCollege(ctx),
  },
};
