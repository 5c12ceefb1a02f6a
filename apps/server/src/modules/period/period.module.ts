import type { AreaModule } from '../../platform/area-module.ts';
import { periodRoutes } from './period.routes.ts';
import { periods } from '../../db/schema/academic.schema.ts';

/** The period area, as the platform registers, guards and seeds it. */
export const periodModule: AreaModule = {
  name: 'period',
  routes: [periodRoutes],
  tables: [periods],
};
