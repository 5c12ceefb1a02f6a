import type { AreaModule } from '../../platform/area-module.ts';
import { authRoutes } from './auth.routes.ts';
import { tablesOf } from '../../db/schema-table.ts';
import { authCodes, refreshTokens } from '../../db/schema/identity.schema.ts';
import * as signInSchema from '../../db/schema/sign-in.schema.ts';

/** The auth area, as the platform registers, guards and seeds it. */
export const authModule: AreaModule = {
  name: 'auth',
  routes: [authRoutes],
  tables: [authCodes, refreshTokens, ...tablesOf(signInSchema)],
};
