import type { AreaModule } from '../../platform/area-module.ts';
import { activityLogRoutes } from './activity-log.routes.ts';
import { tablesOf } from '../../db/schema-table.ts';
import * as activityLogSchema from '../../db/schema/activity-log.schema.ts';

/** The activity-log area, as the platform registers, guards and seeds it. */
export const activityLogModule: AreaModule = {
  name: 'activity-log',
  routes: [activityLogRoutes],
  tables: [...tablesOf(activityLogSchema)],
};
