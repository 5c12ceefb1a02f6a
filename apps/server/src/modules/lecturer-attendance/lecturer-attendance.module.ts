import type { AreaModule } from '../../platform/area-module.ts';
import { lecturerAttendanceRoutes } from './lecturer-attendance.routes.ts';
import { lecturerAttendance } from '../../db/schema/attendance.schema.ts';

/** The lecturer-attendance area, as the platform registers, guards and seeds it. */
export const lecturerAttendanceModule: AreaModule = {
  name: 'lecturer-attendance',
  routes: [lecturerAttendanceRoutes],
  tables: [lecturerAttendance],
};
