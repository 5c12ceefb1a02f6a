import type { AreaModule } from '../../platform/area-module.ts';
import { userRoutes } from './user.routes.ts';
import { lecturerResource } from './user.resource.ts';
import { lecturers, students, users } from '../../db/schema/identity.schema.ts';
import { addDemoPeople } from '../../db/seed/identity.seed.ts';

/** The user area, as the platform registers, guards and seeds it. */
export const userModule: AreaModule = {
  name: 'user',
  routes: [userRoutes],
  tables: [users, students, lecturers],
  resources: [lecturerResource],
  demoSeed: {
    addRows: (ctx, cast) => {
      cast.people = addDemoPeople(ctx);
    },
  },
};
