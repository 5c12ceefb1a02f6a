import type { AreaModule } from '../../platform/area-module.ts';
import { settingsRoutes } from './settings.routes.ts';

/** The settings area, as the platform registers, guards and seeds it. */
export const settingsModule: AreaModule = {
  name: 'settings',
  routes: [settingsRoutes],
  tables: [],
};
