import type { AreaModule } from '../../platform/area-module.ts';
import { meetingRoutes } from './meeting.routes.ts';
import { meetingScheduleRoutes } from './meeting-schedule.routes.ts';
import { tablesOf } from '../../db/schema-table.ts';
import * as meetingSchema from '../../db/schema/meeting.schema.ts';
import { meetingResource } from './meeting.resource.ts';

/** The meeting area, as the platform registers, guards and seeds it. */
export const meetingModule: AreaModule = {
  name: 'meeting',
  routes: [meetingRoutes, meetingScheduleRoutes],
  tables: [...tablesOf(meetingSchema)],
  resources: [meetingResource],
};
