import type { AreaModule } from '../../platform/area-module.ts';
import { tablesOf } from '../../db/schema-table.ts';
import * as oidcSchema from '../../db/schema/oidc.schema.ts';
import { oidcRoutes } from './oidc.routes.ts';

/** The campus sign-in area: a college's OpenID Connect provider and signing in through it. */
export const oidcModule: AreaModule = {
  name: 'oidc',
  routes: [oidcRoutes],
  tables: tablesOf(oidcSchema),
};
