import type { AreaModule } from '../../platform/area-module.ts';
import { tablesOf } from '../../db/schema-table.ts';
import * as emailSchema from '../../db/schema/email.schema.ts';
import { emailRoutes } from './email.routes.ts';

/** The email area: a college's SMTP settings and the mail the LMS sends through them. */
export const emailModule: AreaModule = {
  name: 'email',
  routes: [emailRoutes],
  tables: tablesOf(emailSchema),
};
