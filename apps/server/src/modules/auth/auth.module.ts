import type { AreaModule } from '../../platform/area-module.ts';
import { authRoutes } from './auth.routes.ts';
import { tablesOf } from '../../db/schema-table.ts';
import { authCodes, refreshTokens } from '../../db/schema/identity.schema.ts';
import * as signInSchema from '../../db/schema/sign-in.schema.ts';
import * as passwordResetSchema from '../../db/schema/password-reset.schema.ts';
import { passwordResetRoutes } from './password-reset.routes.ts';

/** The auth area, as the platform registers, guards and seeds it. */
export const authModule: AreaModule = {
  name: 'auth',
  routes: [authRoutes, passwordResetRoutes],
  tables: [authCodes, refreshTokens, ...tablesOf(signInSchema), ...tablesOf(passwordResetSchema)],
};
