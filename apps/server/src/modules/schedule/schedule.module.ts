import type { AreaModule } from '../../platform/area-module.ts';
import { scheduleRoutes } from './schedule.routes.ts';

/** The schedule area, as the platform registers, guards and seeds it. */
export const scheduleModule: AreaModule = {
  name: 'schedule',
  routes: [scheduleRoutes],
  tables: [],
};
