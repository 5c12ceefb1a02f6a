import type { AreaModule } from '../../platform/area-module.ts';
import { tablesOf } from '../../db/schema-table.ts';
import * as activitySchema from '../../db/schema/activity.schema.ts';

/** The activity area, as the platform registers, guards and seeds it. */
export const activityModule: AreaModule = {
  name: 'activity',
  routes: [],
  tables: [...tablesOf(activitySchema)],
};
