import type { AreaModule } from '../../platform/area-module.ts';
import { bapRoutes } from './bap.routes.ts';
import { tablesOf } from '../../db/schema-table.ts';
import * as bapSchema from '../../db/schema/bap.schema.ts';
import { addDemoSignatories } from '../../db/seed/bap.seed.ts';
import { programResource } from './bap.resource.ts';

/** The bap area, as the platform registers, guards and seeds it. */
export const bapModule: AreaModule = {
  name: 'bap',
  routes: [bapRoutes],
  tables: [...tablesOf(bapSchema)],
  resources: [programResource],
  demoSeed: {
    addRows: (ctx, cast) => addDemoSignatories(ctx, cast.people.operatorId),
  },
};
