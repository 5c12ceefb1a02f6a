import type { AreaModule } from '../../platform/area-module.ts';
import { dashboardRoutes } from './dashboard.routes.ts';

/** The dashboard area, as the platform registers, guards and seeds it. */
export const dashboardModule: AreaModule = {
  name: 'dashboard',
  routes: [dashboardRoutes],
  tables: [],
};
