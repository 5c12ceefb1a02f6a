import type { AreaModule } from '../../platform/area-module.ts';
import { attendanceRoutes } from './attendance.routes.ts';
import { attendanceRecalculations, studentAttendance } from '../../db/schema/attendance.schema.ts';
import { addDemoAttendance } from '../../db/seed/attendance.seed.ts';

/** The attendance area, as the platform registers, guards and seeds it. */
export const attendanceModule: AreaModule = {
  name: 'attendance',
  routes: [attendanceRoutes],
  tables: [studentAttendance, attendanceRecalculations],
  demoSeed: {
    addRows: (ctx) => addDemoAttendance(ctx),
  },
};
