import type { AreaModule } from '../../platform/area-module.ts';
import { accessRestrictionRoutes } from './access-restriction.routes.ts';
import { tablesOf } from '../../db/schema-table.ts';
import * as accessRestrictionSchema from '../../db/schema/access-restriction.schema.ts';
import { seedAccessRestrictionDemo } from '../../db/seed/access-restriction.seed.ts';

/** The access-restriction area, as the platform registers, guards and seeds it. */
export const accessRestrictionModule: AreaModule = {
  name: 'access-restriction',
  routes: [accessRestrictionRoutes],
  tables: [...tablesOf(accessRestrictionSchema)],
  demoSeed: {
    afterRows: seedAccessRestrictionDemo,
  },
};
