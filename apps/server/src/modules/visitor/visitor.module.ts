import type { AreaModule } from '../../platform/area-module.ts';
import { visitorRoutes } from './visitor.routes.ts';

/** The visitor area, as the platform registers, guards and seeds it. */
export const visitorModule: AreaModule = {
  name: 'visitor',
  routes: [visitorRoutes],
  tables: [],
};
