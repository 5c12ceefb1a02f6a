import type { AreaModule } from '../../platform/area-module.ts';
import { storagerRoutes } from './storager.routes.ts';
import { storagerUploads } from '../../db/schema/question-bank.schema.ts';

/** The storager area, as the platform registers, guards and seeds it. */
export const storagerModule: AreaModule = {
  name: 'storager',
  routes: [storagerRoutes],
  tables: [storagerUploads],
};
