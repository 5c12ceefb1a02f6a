import type { AreaModule } from '../../platform/area-module.ts';
import { forumRoutes } from './forum.routes.ts';
import { forumResource } from './forum.resource.ts';
import { tablesOf } from '../../db/schema-table.ts';
import * as forumSchema from '../../db/schema/forum.schema.ts';
import { addDemoForums } from '../../db/seed/forum.seed.ts';

/** The forum area, as the platform registers, guards and seeds it. */
export const forumModule: AreaModule = {
  name: 'forum',
  routes: [forumRoutes],
  tables: [...tablesOf(forumSchema)],
  resources: [forumResource],
  demoSeed: {
    addRows: (ctx) => addDemoForums(ctx),
  },
};
