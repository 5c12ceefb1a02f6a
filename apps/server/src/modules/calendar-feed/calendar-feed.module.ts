import type { AreaModule } from '../../platform/area-module.ts';
import { tablesOf } from '../../db/schema-table.ts';
import * as calendarFeedSchema from '../../db/schema/calendar-feed.schema.ts';
import { calendarFeedRoutes } from './calendar-feed.routes.ts';

/** The calendar feed area (a private iCal URL per user), as the platform registers and guards it. */
export const calendarFeedModule: AreaModule = {
  name: 'calendar-feed',
  routes: [calendarFeedRoutes],
  tables: [...tablesOf(calendarFeedSchema)],
};
