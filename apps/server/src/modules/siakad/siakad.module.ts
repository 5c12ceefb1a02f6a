import type { AreaModule } from '../../platform/area-module.ts';
import { siakadDemoRoutes } from './siakad.routes.ts';
import { tablesOf } from '../../db/schema-table.ts';
import * as siakadSchema from '../../db/schema/siakad.schema.ts';

/** The siakad area, as the platform registers, guards and seeds it. */
export const siakadModule: AreaModule = {
  name: 'siakad',
  routes: [siakadDemoRoutes],
  tables: [...tablesOf(siakadSchema)],
};
