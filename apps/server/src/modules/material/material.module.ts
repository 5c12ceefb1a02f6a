import type { AreaModule } from '../../platform/area-module.ts';
import { materialOfflineRoutes } from './material-offline.routes.ts';
import { materialRoutes } from './material.routes.ts';
import { materialResource } from './material.resource.ts';
import { tablesOf } from '../../db/schema-table.ts';
import * as materialSchema from '../../db/schema/material.schema.ts';
import { addDemoMaterials } from '../../db/seed/material.seed.ts';

/** The material area, as the platform registers, guards and seeds it. */
export const materialModule: AreaModule = {
  name: 'material',
  routes: [materialRoutes, materialOfflineRoutes],
  tables: [...tablesOf(materialSchema)],
  resources: [materialResource],
  demoSeed: {
    addRows: (ctx) => addDemoMaterials(ctx),
  },
};
