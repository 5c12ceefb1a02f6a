import type { AreaModule } from '../../platform/area-module.ts';
import { studentRoutes } from './student.routes.ts';
import { studentResource } from './student.resource.ts';
import { tablesOf } from '../../db/schema-table.ts';
import * as studentBiodataSchema from '../../db/schema/student-biodata.schema.ts';

/** The student area, as the platform registers, guards and seeds it. */
export const studentModule: AreaModule = {
  name: 'student',
  routes: [studentRoutes],
  tables: [...tablesOf(studentBiodataSchema)],
  resources: [studentResource],
};
