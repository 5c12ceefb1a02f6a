import type { AreaModule } from '../../platform/area-module.ts';
import { operatorRightsRoutes } from './operator-rights.routes.ts';

/** The operator-rights area (its rows are users', owned by the user area), as the platform registers it. */
export const operatorRightsModule: AreaModule = {
  name: 'operator-rights',
  routes: [operatorRightsRoutes],
  tables: [],
};
