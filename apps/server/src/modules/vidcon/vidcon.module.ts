import type { AreaModule } from '../../platform/area-module.ts';
import { vidconRoutes } from './vidcon.routes.ts';
import { vidconResource } from './vidcon.resource.ts';
import { tablesOf } from '../../db/schema-table.ts';
import * as vidconSchema from '../../db/schema/vidcon.schema.ts';
import { addDemoVidcons } from '../../db/seed/vidcon.seed.ts';

/** The vidcon area, as the platform registers, guards and seeds it. */
export const vidconModule: AreaModule = {
  name: 'vidcon',
  routes: [vidconRoutes],
  tables: [...tablesOf(vidconSchema)],
  resources: [vidconResource],
  demoSeed: {
    addRows: (ctx) => addDemoVidcons(ctx),
  },
};
