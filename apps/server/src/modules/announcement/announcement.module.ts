import type { AreaModule } from '../../platform/area-module.ts';
import { announcementRoutes } from './announcement.routes.ts';
import { announcementResource, newsResource } from './announcement.resource.ts';
import { tablesOf } from '../../db/schema-table.ts';
import * as announcementSchema from '../../db/schema/announcement.schema.ts';
import { addDemoAnnouncements } from '../../db/seed/announcement.seed.ts';

/** The announcement area, as the platform registers, guards and seeds it. */
export const announcementModule: AreaModule = {
  name: 'announcement',
  routes: [announcementRoutes],
  tables: [...tablesOf(announcementSchema)],
  resources: [announcementResource, newsResource],
  demoSeed: {
    addRows: (ctx, cast) => addDemoAnnouncements(ctx, cast.people.operatorId),
  },
};
