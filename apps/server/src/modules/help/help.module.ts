import type { AreaModule } from '../../platform/area-module.ts';
import { helpRoutes } from './help.routes.ts';
import { tablesOf } from '../../db/schema-table.ts';
import * as helpSchema from '../../db/schema/help.schema.ts';
import { addDemoHelp } from '../../db/seed/help.seed.ts';
import { helpResource } from './help.resource.ts';

/** The help area, as the platform registers, guards and seeds it. */
export const helpModule: AreaModule = {
  name: 'help',
  routes: [helpRoutes],
  tables: [...tablesOf(helpSchema)],
  resources: [helpResource],
  demoSeed: {
    addRows: (ctx, cast) => addDemoHelp(ctx, cast.people.operatorId),
  },
};
