import type { AreaModule } from '../../platform/area-module.ts';
import { accountRoutes } from './account.routes.ts';
import { accountResource } from './account.resource.ts';

/** User management: the user area's tables, changed by operators (it owns none of its own). */
export const accountModule: AreaModule = {
  name: 'account',
  routes: [accountRoutes],
  tables: [],
  resources: [accountResource],
};
