import type { AreaModule } from '../../platform/area-module.ts';
import { classRoutes } from './class.routes.ts';
import { classExportRoutes } from './class-export.routes.ts';
import { tablesOf } from '../../db/schema-table.ts';
import * as classSchema from '../../db/schema/class.schema.ts';
import { classResource } from './class.resource.ts';
import { addDemoClasses } from '../../db/seed/class.seed.ts';

/** The class area, as the platform registers, guards and seeds it. */
export const classModule: AreaModule = {
  name: 'class',
  routes: [classRoutes, classExportRoutes],
  tables: [...tablesOf(classSchema)],
  resources: [classResource],
  demoSeed: {
    addRows: (ctx, cast) => addDemoClasses(ctx, cast.people, cast.academic),
  },
};
